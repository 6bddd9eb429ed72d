"""A value followed by when it held: "since", "until", "before", "after" and a time or a place that came next.

"I used to live in London before Leeds" stored ``identity.former = London before Leeds``, "I work as a nurse since
2019" ``identity.occupation = nurse since 2019``: the words saying when are no part of the value. A name with such a
word in capitals, a time of its own ("the day after tomorrow") and an activity's time ("walking after dinner") stay."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.clauses import without_time_tail
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I used to live in London before Leeds.",
     [("identity.former", "London", False), ("identity.location", "London", True)]),
    ("I used to live in London until 2019.",
     [("identity.former", "London", False), ("identity.location", "London", True)]),
    ("I used to live in Paris after college.",
     [("identity.former", "Paris", False), ("identity.location", "Paris", True)]),
    ("I used to work at Google before Meta.",
     [("identity.employer", "Google", True), ("identity.former", "Google", False)]),
    ("I live in London after Leeds.", [("identity.location", "London", False)]),
    ("I work as a nurse since 2019.", [("identity.occupation", "nurse", False)]),
    ("My hometown is Leeds before we moved.", [("identity.hometown", "Leeds", False)]),
    ("My favorite band is Queen since forever.", [("music.like", "Queen", False)]),
    ("I used to play piano until I was 12.", [("preference.habit", "play piano", True)]),
])
def test_when_a_value_held_is_no_part_of_it(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("value", "kept"), [
    ("The Day After Tomorrow", "The Day After Tomorrow"),
    ("leaving the day after tomorrow evening", "leaving the day after tomorrow evening"),
    ("walking after dinner", "walking after dinner"),
    ("Before Sunrise", "Before Sunrise"),
    ("nurse since last year", "nurse"),
    ("a teacher until I retired", "a teacher"),
])
def test_only_a_lower_case_time_is_cut(value: str, kept: str) -> None:
    assert without_time_tail(value) == kept
