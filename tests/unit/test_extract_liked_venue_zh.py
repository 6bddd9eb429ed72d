"""A place of trade liked is no drink or dish liked: 我喜欢安静的咖啡馆 stored ``drink.like = 安静的咖啡馆`` (咖啡 was
found inside it); the place is a like of its own, and the drink or dish said alone is keyed as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.embed.base import EmbeddingCache
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _likes(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "like"), [
    ("我喜欢安静的咖啡馆", ("preference.like", "安静的咖啡馆")), ("我喜欢茶馆", ("preference.like", "茶馆")),
    ("我喜欢奶茶店", ("preference.like", "奶茶店")), ("我喜欢火锅店", ("preference.like", "火锅店")),
    ("我不喜欢奶茶店", ("preference.dislike", "奶茶店")),
])
def test_a_place_the_drink_or_dish_is_served_in_is_liked_as_a_place(text: str, like: tuple[str, str]) -> None:
    assert _likes(text) == [like]


@pytest.mark.parametrize(("text", "like"), [
    ("我喜欢喝咖啡", ("drink.like", "咖啡")), ("我喜欢咖啡", ("drink.like", "咖啡")),
    ("我喜欢火锅", ("food.like", "火锅")),
    ("我喜欢红酒", ("drink.like", "红酒")),
])
def test_the_drink_or_dish_itself_is_keyed_as_before(text: str, like: tuple[str, str]) -> None:
    assert _likes(text) == [like]


@pytest.mark.parametrize("text", ["我喜欢安静的咖啡馆", "我喜欢奶茶店"])
def test_a_venue_stays_a_place_when_keyed_by_meaning(text: str, embedder: EmbeddingCache) -> None:
    found = RuleExtractor(embedder=embedder).extract(text=text, role="user", said_at=SAID)
    assert [c.key for c in found] == ["preference.like"]
