"""A like said negated or with an exception is never a like (``extract.excepted``): neither / nor is a dislike of
each thing named, "everything except X" a dislike of X, in English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("I like neither tea nor coffee.", {("preference.dislike", "tea"), ("preference.dislike", "coffee")}),
    ("I don't like either tea or coffee.",
     {("preference.dislike", "tea"), ("preference.dislike", "coffee")}),
    ("我既不喜欢茶也不喜欢咖啡。", {("preference.dislike", "茶"), ("preference.dislike", "咖啡")}),
    ("我不喝茶也不喝咖啡。", {("drink.avoid", "茶"), ("drink.avoid", "咖啡")}),
    ("I like everything except mushrooms.", {("food.dislike", "mushrooms")}),
    ("I eat everything but mushrooms.", {("food.dislike", "mushrooms")}),
    ("Except for mushrooms, I eat everything.", {("food.dislike", "mushrooms")}),
    ("除了蘑菇我什么都吃。", {("food.dislike", "蘑菇")}),
    ("I like neither.", set()),
])
def test_a_negated_or_excepted_like_is_a_dislike_or_nothing(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["Neither of us slept.", "except for that, fine", "除了蘑菇我还喜欢吃青菜。"])
def test_neither_or_except_alone_states_nothing(text: str) -> None:
    assert _read(text) == set()
