"""The words around a list are no part of its items: "I like either tea or coffee" stored ``drink.like = either
tea``, "I like both tea and coffee" ``both tea``, and "I'm allergic to shellfish, shrimp especially"
``health.allergy = shrimp especially``. The first word of a paired list (either … or, both … and) and a closing
focus word (especially, in particular) are cut from the value (``extract.clauses.clean_value``); "either" or "both"
alone still stands for things said before and stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.clauses import clean_value
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I like either tea or coffee", [("drink.like", "coffee"), ("drink.like", "tea")]),
    ("I like both tea and coffee", [("drink.like", "coffee"), ("drink.like", "tea")]),
    ("I'm happy with either tea or coffee in the morning. I like either tea or coffee, honestly",
     [("drink.like", "coffee"), ("drink.like", "tea")]),
    ("I'm allergic to shellfish, shrimp especially", [("health.allergy", "shellfish"), ("health.allergy", "shrimp")]),
    ("I'm allergic to peanuts in particular", [("health.allergy", "peanuts")]),
])
def test_the_words_around_a_list_are_no_part_of_its_items(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I like both", "I don't eat either", "I like either", "I love both of them"])
def test_a_pair_word_alone_names_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("value", "expected"), [
    ("either tea or coffee", "tea or coffee"), ("both Rust and Go", "Rust and Go"), ("either", "either"),
    ("both", "both"), ("both of them and you", "both of them and you"),
    ("Either Way or Another", "Either Way or Another"),
])
def test_clean_value_cuts_the_pair_word_only_before_its_pair(value: str, expected: str) -> None:
    assert clean_value(value, "en") == expected
