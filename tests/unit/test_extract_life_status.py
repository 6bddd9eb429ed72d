"""A life status is kept: "I'm married", "I've been married for eight years", "I'm single", "I'm divorced", 我结婚了,
我已婚, 我是单身, 我们结婚七年了 stored nothing; now ``user.marital_status`` in both languages (one at a time:
"I'm divorced" supersedes "I'm married"), dated from a start said. "I'm retired", 我退休了, "My parents are retired",
我爸妈都退休了 are the occupation (``identity.occupation = retired`` / ``退休``, the parents' under them). A wedding
still to come (我明年结婚, 我要结婚了), "I'm married to my work", "I'm single-handedly running this" are none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm newly married", ("user.marital_status", "married", "")),
    ("I am widowed", ("user.marital_status", "widowed", "")),
    ("We're engaged", ("user.marital_status", "engaged", "")),
    ("We're both retired now", ("identity.occupation", "retired", "")),
    ("My grandparents are retired", ("identity.occupation", "retired", "grandparents")),
    ("我已经结婚了", ("user.marital_status", "已婚", "")),
    ("我离异", ("user.marital_status", "离婚", "")),
    ("我早就退休了", ("identity.occupation", "退休", "")),
    ("我父母都退休了", ("identity.occupation", "退休", "parents")),
])
def test_a_life_status(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "value", "year"), [("I've been married for nine years", "married", 2017),
                                                     ("我们结婚十年了", "已婚", 2016)])
def test_a_status_with_its_start(text: str, value: str, year: int) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.value, c.valid_from.year if c.valid_from else None) for c in found] == [(value, year)]


@pytest.mark.parametrize("text", ["I'm married to my work", "I'm single-handedly running this", "我要结婚了",
                                  "我想结婚了"])
def test_no_status(text: str) -> None:
    assert [f for f in _read(text) if f[0] in ("user.marital_status", "identity.occupation")] == []


def test_a_new_status_replaces_the_old(memory: Memory) -> None:
    memory.add("I'm married", user_id="u")
    memory.add("I'm divorced", user_id="u")
    assert [(f.key, f.value) for f in memory.list(user_id="u")] == [("user.marital_status", "divorced")]
