"""Two shapes said of anyone, the user or a person named: a birthday said by its month ("Sarah's birthday is in May",
"My birthday is in December") stored nothing, as "in" opens a description; an instrument played ("I play the
violin", "My daughter plays the violin") stored nothing, as no list named an instrument as a pastime."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("Sarah's birthday is in May", [("identity.birthday", "May", "Sarah")]),
    ("My birthday is in December", [("identity.birthday", "December", "")]),
    ("My son's birthday is in April 2019", [("identity.birthday", "April 2019", "son")]),
])
def test_the_shape_is_read(text: str, read: list[tuple[str, str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", ["My birthday is in 3 days", "My birthday is in Mayfair", "my birthday is in a month",
                                  "I play the lottery", "I play it by ear"])
def test_a_time_from_now_a_place_or_a_game_of_chance_is_neither(text: str) -> None:
    assert _read(text) == []
