"""A pet said by its kind after "my" / "our" is a subject of its own, as a relative is: "Our dog is afraid of
thunder", "My dog loves the beach", "Our cat is 12" stored nothing (only a pet with its name, "my dog Biscuit", was
read); now the dog's fear, like and the cat's age, never the user's. What says nothing of the pet stays none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("Our dog is afraid of thunder.", ("fear", "thunder", "dog")),
    ("My dog loves the beach.", ("preference.like", "beach", "dog")),
    ("Our cat is 12.", ("identity.age", "12", "cat")),
])
def test_a_pet_said_by_kind_is_its_own_subject(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["My dog is sick.", "Is my dog afraid of thunder?", "My dog chewed my shoes.",
                                  "If our cat were 12, she'd be calmer.", "Our cat is called a menace."])
def test_nothing_of_the_users(text: str) -> None:
    assert not [f for f in _read(text) if not f[2]]
