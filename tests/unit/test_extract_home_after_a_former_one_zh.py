"""The home said after a former one, in Chinese: 我以前住在武汉，后来搬到了广州 names 广州 as the home now, and with
several (后来搬到了广州，现在住在深圳) the one said last; a city that names no time zone (深圳, 北京) is a home too."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _homes(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [c.value for c in found if c.key == "identity.location" and not c.retracts and not c.subject]


@pytest.mark.parametrize(("text", "home"), [
    ("我以前住在武汉，后来搬到了广州", "广州"), ("我以前住在武汉，后来搬到了广州，现在住在深圳", "深圳"),
    ("我不住在上海了，现在在北京", "北京"), ("我以前住在武汉，现在住在深圳", "深圳"),
    ("I used to live in Berlin, then I moved to Paris, and now I'm in Lisbon", "Lisbon"),
])
def test_the_home_said_last_after_a_former_one_is_the_home(text: str, home: str) -> None:
    assert _homes(text) == [home]


@pytest.mark.parametrize("text", ["我以前住在武汉，现在在开会", "我以前住在武汉，后来去了广州读书"])
def test_a_clause_that_names_no_home_adds_none(text: str) -> None:
    assert _homes(text) == []
