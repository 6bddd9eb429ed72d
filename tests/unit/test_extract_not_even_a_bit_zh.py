"""A Chinese refusal made emphatic is the refusal: 我老公一点辣都不能吃, 我一口酒都不喝, 我一点都不喜欢香菜,
我连一点辣都吃不了 and 我吃不了辣 stored nothing, while 我老公不能吃辣, 我不喝酒 and 我不喜欢香菜 were a dislike or
a drink avoided (``extract.informal.not_even_zh``). A feeling or an amount said so states nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我一口酒都不喝", ("drink.avoid", "酒", "")),
    ("我一点都不喜欢香菜", ("food.dislike", "香菜", "")),
    ("我一点也不能吃辣", ("food.dislike", "辣", "")),
    ("我连一点辣都吃不了", ("food.dislike", "辣", "")),
    ("我吃不了辣", ("food.dislike", "辣", "")),
    ("我老公一点辣都不能吃", ("food.dislike", "辣", "husband")),
    ("我妈一口酒都不喝", ("drink.avoid", "酒", "mom")),
])
def test_an_emphatic_refusal_is_the_refusal(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "我吃不了这么多", "我一点都不累", "我一点儿也不想去", "我一天都没休息", "他一口都没吃",
])
def test_a_feeling_or_an_amount_is_none(text: str) -> None:
    assert _read(text) == []
