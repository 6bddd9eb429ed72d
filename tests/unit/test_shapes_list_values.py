"""A favourite of several things is one set value, spelt one way whatever the order it was said in
("My favourite books are Dune and Emma", 我最喜欢的书是《沙丘》和《爱玛》: ``shapes.set_value``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.shapes import set_items, set_value
from memstrata.extract.statements import slot_label

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("My favourite books are Dune and Emma.", [("media.like", "Dune and Emma", "favorite books are Dune and Emma")]),
    ("My favorite books are Emma and Dune.", [("media.like", "Dune and Emma", "favorite books are Dune and Emma")]),
    ("My favorite foods are sushi, ramen and pizza.",
     [("food.like", "pizza, ramen and sushi", "favorite foods are pizza, ramen and sushi")]),
    ("我最喜欢的书是《沙丘》和《爱玛》", [("media.like", "《沙丘》、《爱玛》", "最喜欢的书是《沙丘》、《爱玛》")]),
    ("我最喜歡的書是《愛瑪》、《沙丘》", [("media.like", "《沙丘》、《爱玛》", "最喜欢的书是《沙丘》、《爱玛》")]),
    ("我最喜欢的饮料是奶茶和咖啡", [("drink.like", "咖啡、奶茶", "最喜欢的饮料是咖啡、奶茶")]),
])
def test_a_favourite_list_is_one_set_value(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "value"), [
    ("My favorite color is black and white.", "black and white"),  # one favourite: "and" inside it
    ("My favorite dish is mac and cheese.", "mac and cheese"),
    ("我最喜欢的电影是《速度与激情》", "《速度与激情》"),  # never cut inside 《》
    ("我最喜欢的游戏是《和平精英》", "《和平精英》"),
])
def test_one_favourite_with_and_inside_it_stays_as_said(text: str, value: str) -> None:
    assert [v for _, v, _ in _read(text)] == [value]


def test_a_set_keeps_the_favourites_label() -> None:
    """A new set of the same favourite replaces the old one (``slot_label``), in either spelling."""
    assert slot_label("favorite books are Dune and Emma") == slot_label("favorite books is Dune") == "books"


@pytest.mark.parametrize(("items", "lang", "value"), [
    (["Emma", "Dune", "emma"], "en", "Dune and Emma"), (["c", "a", "b"], "en", "a, b and c"),
    (["奶茶", "咖啡"], "zh", "咖啡、奶茶"), (["Dune"], "en", "Dune"),
])
def test_set_value_is_sorted_and_once_each(items: list[str], lang: str, value: str) -> None:
    assert set_value(items, lang) == value
    assert set_value(set_items(value, lang), lang) == value


def _likes(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I love being around friends and having such a great time.", ["being around friends"]),
    ("I love hiking and having fun.", ["hiking"]),
    ("我喜欢爬山、游泳、弹钢琴、看电影和读历史小说。", ["爬山", "游泳", "弹钢琴", "看电影", "读历史小说"]),
    ("我喜歡爬山、游泳、彈鋼琴、看電影和讀歷史小說。", ["爬山", "游泳", "弹钢琴", "看电影", "读历史小说"]),
])
def test_a_list_of_likes_is_limited_item_by_item_without_how_an_outing_went(text: str, expected: list[str]) -> None:
    """A list too long as one value is still a list of short likes; "having such a great time" says how an outing
    went, no taste. Before, each stored nothing (the list was longer than one like may be, or the outing made it so)."""
    assert _likes(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I love having fun.", []),
    ("I love spending time with the friends I have.", ["spending time with the friends I have"]),
    ("I love going to the beach with my kids and watching the sunset over the water.", []),
    ("I love mac and cheese.", ["mac and cheese"]),
])
def test_an_outing_alone_is_no_like_and_a_long_phrase_stays_unread(text: str, expected: list[str]) -> None:
    assert _likes(text) == expected
