"""A person named first and then who they are to the user ("Alex is my best friend", "Dr Patel is my dentist", "Anna
is my wife") is the possessive copula said the other way round, and "I'm married to Priya" names the spouse: each
stored nothing, where "My best friend is Alex" and "My spouse is Priya" are read. A judgement ("Tom is my hero",
"Sarah is my rock"), a thing ("Python is my main language") or a pointer ("This is my wife") names no one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("Alex is my best friend", [("user.best_friend", "Alex")]),
    ("Dr Patel is my dentist.", [("user.dentist", "Dr Patel")]),
    ("Anna is my wife", [("family.member", "wife named Anna")]),
    ("Karen is my boss now", [("user.boss", "Karen")]),
    ("Tom is my neighbour", [("user.neighbour", "Tom")]),
    ("I'm married to Priya", [("family.member", "spouse named Priya")]),
    ("I've been married to Priya for ten years", [("family.member", "spouse named Priya")]),
    ("I'm engaged to Sam", [("family.member", "fiancé named Sam")]),
])
def test_a_person_named_first_is_who_they_are_to_the_user(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", ["Tom is my hero", "Sarah is my rock", "This is my wife", "Monday is my day off",
                                  "Python is my main language", "I'm married to my job", "Alex is my best friend?"])
def test_no_one_the_user_has_is_named(text: str) -> None:
    assert _read(text) == []
