"""Weather and the outdoors are said with "the" in general: "I hate the rain", "Biscuit doesn't like the rain" (after
"our dog Biscuit"), "I love the ocean" stored nothing, read as pointing at a thing just shown ("I like the color",
which still names nothing)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I hate the rain.", [("preference.dislike", "rain", "")]),
    ("Biscuit doesn't like the rain.", [("preference.dislike", "rain", "Biscuit")]),
    ("Our dog Biscuit doesn't like the cold.", [("preference.dislike", "cold", "Biscuit")]),
    ("I love the ocean.", [("preference.like", "ocean", "")]),
])
def test_weather_and_the_outdoors_said_with_the_are_liked_or_not(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I like the color.", "I love the view.", "I love the rain in spring."])
def test_a_thing_pointed_at_with_the_is_none(text: str) -> None:
    assert _read(text) == []
