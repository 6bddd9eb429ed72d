"""Notes about other people in Chinese beyond a home or a dislike: 我爸退休了, 我姐结婚了,
我爸血压高, 我奶奶今年八十五了, 我们经理很讨厌加班 stored nothing (我爸妈都退休了, 我爸有高血压,
我奶奶今年八十五岁了 and 我经理讨厌开会 did); now the relative's retirement, marriage, condition and
age, and our manager's dislike. The user's own 我血压高 and 我今年三十了 are read too."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我爸退休了", [("identity.occupation", "退休", "dad")]),
    ("我妈退休了，现在在家带孙子", [("identity.occupation", "退休", "mom")]),
    ("我姐结婚了", [("older_sister.marital_status", "已婚", "older sister")]),
    ("我爸血压高", [("health.condition", "高血压", "dad")]),
    ("我爸血压有点高", [("health.condition", "高血压", "dad")]),
    ("我血压一直偏低", [("health.condition", "低血压", "")]),
    ("我奶奶今年八十五了", [("identity.age", "85", "grandma")]),
    ("我今年三十了", [("identity.age", "30", "")]),
    ("我们经理很讨厌加班", [("preference.dislike", "加班", "manager")]),
])
def test_a_note_about_someone_else_is_theirs(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我血压高吗？", "我血压高不高", "我今年三次去日本", "我今年2024", "我们经理叫我加班"])
def test_a_question_or_no_statement_stores_none(text: str) -> None:
    assert _read(text) == []
