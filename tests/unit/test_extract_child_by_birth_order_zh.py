"""A child said by birth order (大女儿, 小儿子) is that child: 小儿子今年上幼儿园中班, 我大女儿在读高二,
我小儿子今年五岁 and 我小女儿对芒果过敏 stored nothing. Now each is kept under its own subject (``older daughter``,
``younger son``), never the plain daughter's or son's nor the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我小儿子今年五岁", ("identity.age", "5", "younger son")),
    ("我小女儿对芒果过敏", ("health.allergy", "芒果", "younger daughter")),
    ("我大女儿在读高二", ("older_daughter.grade", "高二", "older daughter")),
    ("小儿子今年上幼儿园中班", ("younger_son.grade", "幼儿园中班", "younger son")),
])
def test_a_child_by_birth_order_keeps_its_own_subject(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


def test_the_plain_son_stays_the_son() -> None:
    assert _read("我儿子今年五岁") == [("identity.age", "5", "son")]
