"""A bare correction in the next message that names a thing of the same kind as the previous message's value: a drink
for a drink, a food for a food, by the head of the value ("I like green tea" then "oops, I meant jasmine tea";
我最喜欢的水果是苹果 then 说错了，是香蕉). Neither value is a place, a time, a number, a colour or a name, so nothing
read the correction and the first value stayed current; now it supersedes that value (``facts.previous``). A value of
another kind ("Oops, I meant Munich" after green tea), a fact of another kind that ends in the same word (a habit of
drinking coffee) and a thing that only begins with a listed word (咖啡馆) change nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from factvalues import stored_facts
from memstrata.extract import corrected_later

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) pairs after the user's ``messages``, a minute apart (``stored_facts``)."""
    return stored_facts(tmp_path, *messages, start=_AT)


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    ("I like green tea", "oops, I meant jasmine tea", "drink.like", "green tea", "jasmine tea"),
    ("I love pizza", "sorry, I meant sushi", "food.like", "pizza", "sushi"),
    ("我最喜欢的水果是苹果", "说错了，是香蕉", "food.like", "苹果", "香蕉"),
    ("我喜欢喝乌龙茶", "不对，我是说普洱茶", "drink.like", "乌龙茶", "普洱茶"),
    # 不对 says what was said is wrong: the value after it puts it right
    ("我喜欢喝乌龙茶", "不对，普洱茶", "drink.like", "乌龙茶", "普洱茶"),
    # the one drink of a message that also names a food
    ("我喜欢喝绿茶，也喜欢吃苹果", "说错了，是红茶", "drink.like", "绿茶", "红茶"),
])
def test_a_thing_of_the_same_kind_supersedes_the_previous_value(tmp_path: Path, first: str, fix: str, key: str,
                                                                old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, first, fix)
    assert (key, new) in active and (key, old) in superseded, (active, superseded)
    assert not any(k == corrected_later.KEY for k, _ in active | superseded)


@pytest.mark.parametrize(("first", "fix", "kept"), [
    ("I like green tea", "Oops, I meant Munich", ("drink.like", "green tea")),
    ("我每天早上喝咖啡", "说错了，是茶", ("preference.habit", "每天早上喝咖啡")),
    ("我喜欢喝咖啡", "说错了，是咖啡馆", ("drink.like", "咖啡")),
    ("我住在南京", "说错了，是香蕉", ("identity.location", "南京")),
    # a reply word alone opens no correction; 不对吧 asks
    ("I like green tea", "No, jasmine tea", ("drink.like", "green tea")),
    ("我喜欢喝乌龙茶", "不对吧？", ("drink.like", "乌龙茶")),
])
def test_a_value_of_another_kind_changes_nothing(tmp_path: Path, first: str, fix: str,
                                                 kept: tuple[str, str]) -> None:
    active, superseded = _stored(tmp_path, first, fix)
    assert kept in active and not superseded, (active, superseded)
    assert not any(k == corrected_later.KEY for k, _ in active)
