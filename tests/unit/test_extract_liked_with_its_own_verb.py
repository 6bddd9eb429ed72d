"""A Chinese liked thing said with a verb of its own, keyed by a thing named inside it.

A key's statement puts its verb before the value (喜欢听{v}, 喜欢喝{v}), so 我会听古典音乐、阅读…来放松 (a MemoryBank-zh
turn) stored music.like = 听古典音乐, stated 喜欢听听古典音乐, and 我很喜欢绘画、弹钢琴和品茶 stored drink.like = 品茶,
stated 喜欢喝品茶: tea tasting is a pastime, not a drink. The same verb is dropped from the value; another verb
makes the activity a plain like.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我会听古典音乐、阅读、旅行和做饭来放松。", ("music.like", "古典音乐", "喜欢听古典音乐")),
    ("我喜欢读书、听爵士乐。", ("music.like", "爵士乐", "喜欢听爵士乐")),
])
def test_the_keys_own_verb_is_not_said_twice(text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(text)
    assert fact in facts
    assert not any(statement.startswith("喜欢听听") for _, _, statement in facts)


@pytest.mark.parametrize(("text", "fact"), [
    ("我很喜欢绘画、弹钢琴和品茶，你觉得有什么好的书可以推荐给我吗？", ("preference.like", "品茶", "喜欢品茶")),
    ("我喜欢看电影、品红酒。", ("preference.like", "品红酒", "喜欢品红酒")),
    ("我平时喜欢泡茶。", ("preference.like", "泡茶", "喜欢泡茶")),
    ("我不喜欢品茶。", ("preference.dislike", "品茶", "不喜欢品茶")),
])
def test_another_verb_makes_the_activity_a_plain_like(text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(text)
    assert fact in facts
    assert not any(key == "drink.like" for key, _, _ in facts)


@pytest.mark.parametrize(("text", "fact"), [
    ("我喜欢喝茶。", ("drink.like", "茶", "喜欢喝茶")),
    ("我喜欢吃辣。", ("food.like", "辣", "喜欢吃辣")),
    ("我喜欢做饭、吃火锅。", ("food.like", "火锅", "喜欢吃火锅")),
    ("我喜欢听古典音乐、看文艺电影。", ("music.like", "古典音乐", "喜欢听古典音乐")),
    ("我喜欢看电影、品红酒。", ("media.like", "电影", "喜欢看电影")),
])
def test_a_thing_said_with_the_keys_verb_still_reads(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)
