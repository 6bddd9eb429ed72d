"""A slip in "allergic" / "allergy" (``extract.informal.health_words_spelt``): "im alergic to penuts" stored nothing;
now the word is read as meant and the allergen kept as typed (a slip of an allergen's name may be another word:
"glutes"). A number before "allergies" names no allergen: "I have lots of allergies" stored ``lots of``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.informal import health_words_spelt
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("im alergic to penuts", ("health.allergy", "penuts", "")),
    ("I'm allergc to shellfish", ("health.allergy", "shellfish", "")),
    ("I'm allregic to cats", ("health.allergy", "cats", "")),
    ("my son has a peanut alergy", ("health.allergy", "peanuts", "son")),
])
def test_a_slip_is_read_as_meant(text: str, expected: tuple[str, str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", ["I have lots of allergies", "I have a lot of allergies", "I have lots of allergis"])
def test_a_number_of_allergies_names_no_allergen(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize("word", ["gallery", "allegory", "allege", "energic", "glutes", "Allergan"])
def test_other_words_are_left(word: str) -> None:
    assert health_words_spelt(f"the {word} here") == f"the {word} here"
