"""A tail that says only how much or how badly is no value, and a time said inside a home's clause is no part of the
place: "I'm allergic to peanuts, and also allergic to shellfish, pretty badly" stored ``health.allergy = pretty
badly`` (ranked first for what the user is allergic to), "I live in Portland right now with my kids" stored
``identity.location = Portland right``. Now the degree is refused in the value slot of every English clause, and
"right now" / "currently" end a place as "now" does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if not c.subject)


@pytest.mark.parametrize(("text", "facts"), [
    ("I'm allergic to peanuts, and also allergic to shellfish, pretty badly",
     [("health.allergy", "peanuts"), ("health.allergy", "shellfish")]),
    ("I'm allergic to cats, really bad", [("health.allergy", "cats")]),
    ("I'm allergic to shellfish, severely", [("health.allergy", "shellfish")]),
    ("I hate mosquitoes, big time", [("preference.dislike", "mosquitoes")]),
    # near-misses: a thing whose name holds a degree word is still the thing
    ("I'm allergic to bee stings, quite badly", [("health.allergy", "bee stings")]),
])
def test_a_degree_tail_is_no_value(text: str, facts: list[tuple[str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize(("text", "place"), [
    ("Hi! I'm Dana, I live in Portland right now with my two kids and I work as a nurse.", "Portland"),
    ("Quick intro: 34, I live in Portland right now but grew up in Ohio.", "Portland"),
    ("I live in Austin currently with my dog", "Austin"),
    ("I live in Leeds these days and love it", "Leeds"),
    ("I live in Portland right now", "Portland"),
    ("I live in Right Bank Heights", "Right Bank Heights"),
])
def test_a_time_ends_the_place(text: str, place: str) -> None:
    assert [v for k, v in _read(text) if k == "identity.location"] == [place]
