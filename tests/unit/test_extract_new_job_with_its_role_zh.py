"""A new job said with where and as what (我换工作了，现在在腾讯做数据分析师) names the employer and the job:
before, the employer was 腾讯做数据分析师 and the old job (产品经理) stayed current."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["我换工作了，现在在腾讯做数据分析师。", "我换了新工作，现在在美团当产品经理"])
def test_a_new_job_with_its_role_is_the_employer_and_the_occupation(text: str) -> None:
    found = {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}
    employer, job = ("腾讯", "数据分析师") if "腾讯" in text else ("美团", "产品经理")
    assert (found.get("identity.employer"), found.get("identity.occupation")) == (employer, job)


def test_a_new_job_where_only_is_the_employer() -> None:
    found = {c.key: c.value for c in RuleExtractor().extract(text="我换了新工作，现在在美团", role="user", said_at=_AT)}
    assert found.get("identity.employer") == "美团" and "identity.occupation" not in found
