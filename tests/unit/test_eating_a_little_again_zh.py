"""Eating or drinking a little of a thing again withdraws not eating it: 我不能吃辣 then 我现在能吃一点辣了 left the
dislike current (the amount 一点 / 一点点 / 点儿 between the verb and the food hid the food), while 我现在能吃辣了
withdrew it. An ability said without a change (我能吃一点辣) and what a little does (我吃一点辣就胃疼) withdraw
nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _withdrawn(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.retracts}


@pytest.mark.parametrize(("text", "fact"), [
    ("我现在能吃一点辣了", ("food.dislike", "辣")),
    ("其实我现在能吃一点辣了。", ("food.dislike", "辣")),
    ("我现在能吃一点点辣了", ("food.dislike", "辣")),
    ("我现在能吃点儿辣了", ("food.dislike", "辣")),
    ("我现在可以喝一点酒了", ("preference.dislike", "酒")),
])
def test_a_little_again_withdraws_not_having_it(text: str, fact: tuple[str, str]) -> None:
    assert fact in _withdrawn(text)


@pytest.mark.parametrize("text", ["我能吃一点辣", "我吃一点辣就胃疼", "我现在能吃一点"])
def test_an_ability_or_what_a_little_does_withdraws_nothing(text: str) -> None:
    assert _withdrawn(text) == set()
