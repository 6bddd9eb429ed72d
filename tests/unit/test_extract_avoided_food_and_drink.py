"""What the user keeps away from eating or drinking ("I avoid gluten", "I stay away from sugar") is kept with the
keys of "I don't eat / drink X" (``extract.preferences_en._avoided``); what is no food stays out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.subject}


@pytest.mark.parametrize(("text", "expected"), [
    ("I avoid gluten.", {("food.dislike", "gluten")}),
    ("I stay away from spicy food", {("food.dislike", "spicy food")}),
    ("I try to avoid caffeine after 2pm.", {("drink.avoid", "caffeine")}),
    ("Honestly I try to avoid caffeine these days because it wrecks my sleep.", {("drink.avoid", "caffeine")}),
    ("I avoid gluten and dairy.", {("food.dislike", "gluten"), ("food.dislike", "dairy")}),
    ("I avoid coffee", {("drink.avoid", "coffee")}),
])
def test_a_food_or_drink_kept_away_from_is_stored(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I avoid flying when I can.", "I avoid the 405 during rush hour.", "I avoid him.", "I avoid the news.",
    "I avoid gluten and crowds.",  # a list with one thing no food is read as nothing
])
def test_what_is_no_food_or_drink_is_no_dislike_of_a_food(text: str) -> None:
    assert not {key for key, _ in _read(text)} & {"food.dislike", "drink.avoid"}
