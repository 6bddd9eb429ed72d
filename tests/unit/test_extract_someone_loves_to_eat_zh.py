"""爱 before a verb of taste says of a relative or a named person what 喜欢 says: 我老公爱吃辣, 小李爱喝奶茶 stored
nothing while 我老公喜欢吃辣 and 我爱吃辣 stored the like. 爱 alone (我老婆爱我, 我妈爱唠叨), a friend left unnamed
and a question stay as they were."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _likes(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key.endswith((".like", ".dislike"))}


@pytest.mark.parametrize(("text", "liked"), [
    ("我老公爱吃辣", {("food.like", "辣", "husband")}),
    ("我儿子爱吃鸡翅和薯条", {("food.like", "鸡翅", "son"), ("food.like", "薯条", "son")}),
    ("我女儿特别爱看动画片", {("media.like", "动画片", "daughter")}),
    ("小李爱喝奶茶", {("drink.like", "奶茶", "小李")}),
])
def test_a_relatives_or_named_persons_ai_before_a_verb_is_their_like(
        text: str, liked: set[tuple[str, str, str]]) -> None:
    assert _likes(text) == liked


@pytest.mark.parametrize("text", [
    "我老婆爱我", "我妈爱唠叨", "我朋友爱吃辣", "我老公爱吃辣吗？", "我儿子爱上了一个女孩",
])
def test_ai_alone_an_unnamed_friend_or_a_question_is_no_like(text: str) -> None:
    assert _likes(text) == set()
