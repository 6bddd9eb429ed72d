"""A pet named after its kind is named as a relative is: "My dog Biscuit hates baths" stored nothing and "My dog
Biscuit is 5" ``user.dog_biscuit = 5`` (a key made of the pet); what follows is the pet's, as "Biscuit doesn't like
carrots" was. 常常喝咖啡 ("often drinks coffee") stored ``常常.drinks = 咖啡`` as if 常常 were a person named (常 is a
surname too)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("My dog Biscuit hates baths.", [("preference.dislike", "baths", "Biscuit")]),
    ("Our dog Biscuit doesn't like rain.", [("preference.dislike", "rain", "Biscuit")]),
    ("My dog Biscuit is 5.", [("identity.age", "5", "Biscuit")]),
    ("Our cat Mimi is allergic to chicken.", [("health.allergy", "chicken", "Mimi")]),
])
def test_a_named_pets_statement_is_the_pets(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["常常喝咖啡", "天天不喜欢吃胡萝卜"])
def test_a_word_said_twice_names_no_one(text: str) -> None:
    assert not [f for f in _read(text) if f[2]]
