"""An age set between commas beside a person is that person's age: "my friend Carla, 58, suggested it", "my son
Francis, who's 17, …", "My mom, Wendy, who's 73, …" stored no age; now ``identity.age`` under the name (or the
relative's word when no name is said), never the user's. A count or a time after the comma ("my son Max, 2 weeks
ago", "my sister Ann, 3 kids …"), a friend named by relation only, a supposition: none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _ages(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "identity.age"]


@pytest.mark.parametrize(("text", "ages"), [
    ("I asked my friend Carla, 58, about the trip.", [("58", "Carla")]),
    ("We went hiking with my son Francis, who's 17, last weekend.", [("17", "Francis")]),
    ("My mom, Wendy, who's 73 and lives nearby, gave me advice.", [("73", "Wendy")]),
    ("My grandfather, who is 91, still gardens.", [("91", "grandpa")]),
    ("My close friend Dawn, who's 59, recommended it.", [("59", "Dawn")]),
    ("I talked to my neighbour Ines, 44, and my colleague Raj, 38, about it.", [("44", "Ines"), ("38", "Raj")]),
])
def test_an_age_beside_a_person_is_theirs(text: str, ages: list[tuple[str, str]]) -> None:
    assert _ages(text) == ages


@pytest.mark.parametrize("text", [
    "I saw my son Max, 2 weeks ago.", "My sister Ann, 3 kids and a dog, lives nearby.",
    "My friend, 40, is moving.", "If my son Max, 12, wanted a phone, what would you suggest?",
    "My boss Dana, 5 minutes late again, blamed traffic.", "My brother Leo, 30 minutes away, came over.",
])
def test_none(text: str) -> None:
    assert _ages(text) == []
