"""Extraction of dietary needs and habits as the user said them: spicy food disliked in Chinese is a
dietary need, every item of an allergy list is stored, an allergy keeps how severe it is, and a habit
reads as a fact about the user; what each reads and, as much, what it must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.base import FactCandidate
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[FactCandidate]:
    return RuleExtractor().extract(text=text, role="user", said_at=SAID)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in _found(text)]


# --- spicy food disliked, in Chinese ----------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("我不太喜欢辣", [("food.dislike", "辣")]),
    ("我不喜欢辣", [("food.dislike", "辣")]),
    ("我不吃辣", [("food.dislike", "辣")]),
    ("我喜欢辣", [("food.like", "辣")]),
    ("I don't like spicy food", [("food.dislike", "spicy food")]),
    # 辣 inside another word is no food
    ("我喜欢辣妹", [("preference.like", "辣妹")]),
    ("我不喜欢辣手", [("preference.dislike", "辣手")]),
    ("我喜欢麻辣教师", [("preference.like", "麻辣教师")]),
])
def test_spicy_food_disliked_in_chinese_is_a_dietary_need(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


def test_a_hedged_dislike_of_spicy_food_keeps_its_words() -> None:
    (found,) = _found("我不太喜欢辣")
    assert found.statement == "不太喜欢辣"
