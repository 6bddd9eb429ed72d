"""A verb cut from a list's first item keys that item, not every unknown one after it.

我喜欢听歌和滑板 stored ``music.like = 滑板`` (the 听 of 听歌 keyed the skateboard as music),
and 我爱好是滑板 stored ``preference.like = 好是滑板`` (the 爱 of 爱好 read as love). Now an item
that names an activity by its own verb (滑板, 游泳, 钓鱼) takes no verb cut from the item before
it, so an unknown one is a plain like; any other item is keyed by that verb as before
(吃鸡翅和薯条: both eaten), and 爱好 is a hobby, never 爱."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢听歌和滑板", {("music.like", "歌"), ("preference.like", "滑板")}),
    ("我喜欢吃苹果和滑板", {("food.like", "苹果"), ("preference.like", "滑板")}),
    ("我喜欢听歌和游泳", {("music.like", "歌"), ("sport.like", "游泳")}),
    ("我爱好是滑板", {("user.hobby", "滑板")}),
    # near misses that keep the verb's kind: an item with no verb of its own, known or not
    ("我喜欢看动作片和喜剧片", {("media.like", "动作片"), ("media.like", "喜剧片")}),
    ("I like watching action movies and comedy movies", {("media.like", "action movies"),
                                                        ("media.like", "comedy movies")}),
    ("我喜欢听古典音乐和爵士乐", {("music.like", "古典音乐"), ("music.like", "爵士乐")}),
    ("我喜欢吃火锅和烧烤", {("food.like", "火锅"), ("food.like", "烧烤")}),
    ("我爱吃火锅", {("food.like", "火锅")}),
    ("我喜欢吃鸡翅和薯条", {("food.like", "鸡翅"), ("food.like", "薯条")}),
    ("我喜欢看电影和纪录片", {("media.like", "电影"), ("media.like", "纪录片")}),
])
def test_each_list_item_keeps_its_own_kind(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_no_wrong_category_for_an_unknown_noun() -> None:
    assert not [k for k, v in _read("我喜欢听歌和滑板") if v == "滑板" and k != "preference.like"]
    assert not [v for _, v in _read("我爱好是滑板") if v.startswith("好")]
