"""在 + a place + 学 / 练 + 做…: what is learned there, never a workplace and a job (我在家里学做饭 stored the employer
家里学 and the occupation 饭); 在大学当老师 and 在清华大学做研究员 still name both."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _keys(text: str) -> dict[str, str]:
    return {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize("text", ["最近我在家里学做饭。", "我在网上学做蛋糕", "我在健身房练做俯卧撑"])
def test_what_is_learned_somewhere_is_no_job(text: str) -> None:
    said = _keys(text)
    assert "identity.employer" not in said and "identity.occupation" not in said, said


@pytest.mark.parametrize(("text", "employer", "job"), [("我在大学当老师。", "大学", "老师"),
                                                     ("我在清华大学做研究员。", "清华大学", "研究员")])
def test_a_school_is_still_a_workplace(text: str, employer: str, job: str) -> None:
    said = _keys(text)
    assert (said.get("identity.employer"), said.get("identity.occupation")) == (employer, job), said
