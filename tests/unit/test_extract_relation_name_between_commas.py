"""A name said between commas after the relation is the subject's: "My sister, Anna, is a nurse" stored nothing while
"My sister Anna is a nurse" stored Anna's occupation. Read as the same sentence now; a list going on after the second
comma and a relative clause ("My mentor, Wendy, who's 80, ...") stay as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "fact"), [
    ("My brother, Luis, is a firefighter.", ("identity.occupation", "firefighter", "Luis")),
    ("My best friend, Omar, lives in Denver.", ("identity.location", "Denver", "Omar")),
    ("My coworker, Priya, is allergic to shellfish.", ("health.allergy", "shellfish", "Priya")),
    ("Our cat, Mochi, is 3 years old.", ("identity.age", "3", "Mochi")),
])
def test_name_between_commas_is_the_subject(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "I invited my sister, Anna, and Tom to dinner.",
    "My mentor, Wendy, who's 80, has always taught me discipline.",
    "My friend, Monday, is fine.",
])
def test_none_of_the_user(text: str) -> None:
    assert not [f for f in _read(text) if not f[2] and f[0] != "family.member"]
    assert not [f for f in _read(text) if f[0].startswith("user.")]
