"""Where one works from is where one is, and "the kids" are one's own: "I work remotely from Lisbon", "Jen (my manager)
works from Denver" stored nothing, nor did "The kids' pediatrician is Dr. Ruiz", "My kids' school is Lincoln
Elementary", "The kids are both allergic to nuts" (a plural owner's "s'" and "the kids" were not read as a relative's).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I work remotely from Lisbon", ("identity.location", "Lisbon", "")),
    ("I mostly work from Berlin these days", ("identity.location", "Berlin", "")),
    ("Jen (my manager) works from Denver", ("identity.location", "Denver", "Jen")),
    ("Tom works remotely from Austin", ("identity.location", "Austin", "Tom")),
    ("The kids' pediatrician is Dr. Ruiz", ("kids.pediatrician", "Dr. Ruiz", "kids")),
    ("My kids' school is Lincoln Elementary", ("kids.school", "Lincoln Elementary", "kids")),
    ("Our twins' birthday is June 3", ("identity.birthday", "June 3", "twins")),
    ("The kids are both allergic to nuts", ("health.allergy", "nuts", "kids")),
    ("The kids love swimming", ("sport.like", "swimming", "kids")),
])
def test_read(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I work from Monday to Friday", "I work from 9 to 5", "I work from my kitchen", "The kids in my class are loud",
    "The kids' school is closed today", "My friends' names are Tom and Ann", "The kids are asleep",
])
def test_none(text: str) -> None:
    assert _read(text) == []


def test_from_home_is_the_arrangement() -> None:
    assert _read("I work from home") == [("user.work_arrangement", "remote", "")]
