"""A like said another way than "I like X" is a like: "I've always loved jazz", "I tend to prefer window seats",
"I'm partial to dark chocolate", "I'm a huge Arsenal fan", "I'm a tea drinker" stored nothing, and so did the dislikes
"I've never liked olives", "I'm not big on sweets", "Spicy food isn't really my thing"; said of someone else they are
that person's ("My husband is a big Liverpool fan")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I've always loved jazz", ("music.like", "jazz", "")),
    ("I have long preferred trains", ("preference.like", "trains", "")),
    ("I've always enjoyed hiking", ("sport.like", "hiking", "")),
    ("I tend to prefer window seats", ("travel.seat", "window seat", "")),
    ("I'm partial to dark chocolate", ("food.like", "dark chocolate", "")),
    ("I'm big on board games", ("hobby.like", "board games", "")),
    ("I'm a huge Arsenal fan", ("preference.like", "Arsenal", "")),
    ("I'm a Real Madrid fan", ("preference.like", "Real Madrid", "")),
    ("I'm a real jazz fan", ("music.like", "jazz", "")),
    ("I'm a tea drinker", ("drink.like", "tea", "")),
    ("My husband is a big Liverpool fan", ("preference.like", "Liverpool", "husband")),
    ("Tom has always loved jazz", ("music.like", "jazz", "Tom")),
])
def test_a_like(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("I've never liked olives", ("preference.dislike", "olives", "")),
    ("I'm not big on sweets", ("preference.dislike", "sweets", "")),
    ("I'm not a Yankees fan", ("preference.dislike", "Yankees", "")),
    ("Spicy food isn't really my thing", ("food.dislike", "spicy food", "")),
    ("I'm not a coffee drinker", ("drink.avoid", "coffee", "")),
])
def test_a_dislike(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I'm a big fan", "I'm a bit of a fan", "I'm a big fan of your work", "It's not my thing", "That isn't my thing",
    "I've always wanted to visit Japan", "I've never been to Japan", "I've always hated that",
])
def test_none(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("我越来越喜欢骑车了", ("sport.like", "骑车", "")),
    ("我渐渐喜欢上了爵士乐", ("music.like", "爵士乐", "")),
    ("我不是很喜欢人多的地方", ("preference.dislike", "人多的地方", "")),
    ("我并不喜欢香菜", ("food.dislike", "香菜", "")),
])
def test_a_chinese_like_that_grows_or_a_hedged_dislike(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]
