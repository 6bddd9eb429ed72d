"""Where one works and as what, said without 我 (a reply, a note): 在阿里巴巴做产品经理 and 在腾讯上班 stored nothing,
while 我在阿里巴巴做产品经理 stored the employer and the occupation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("在阿里巴巴做产品经理", [("identity.employer", "阿里巴巴", ""), ("identity.occupation", "产品经理", "")]),
    ("我在阿里巴巴做产品经理", [("identity.employer", "阿里巴巴", ""), ("identity.occupation", "产品经理", "")]),
    ("在腾讯上班", [("identity.employer", "腾讯", "")]),
    ("现在在字节跳动做后端开发。", [("identity.employer", "字节跳动", ""), ("identity.occupation", "后端开发", "")]),
])
def test_work_said_without_the_subject_is_the_users(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["在家做饭", "在干嘛呢", "在做什么工作？", "我哥哥，在腾讯上班。"])
def test_no_work_where_none_or_someone_elses_is_said(text: str) -> None:
    assert not [f for f in _read(text) if f[0].startswith("identity.") and not f[2]]
