"""A favourite said with what one does with it: 我最爱吃的水果是芒果 stored ``food.like = 的水果是芒果`` (最爱吃 read as
the like, the rest as the food) and 我最爱喝的是美式 ``drink.like = 的是美式``; now the value after 是, keyed by the
verb and the kind (``patterns_zh._FAVORITE``, ``preferences_zh._like_of``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我最爱吃的水果是芒果", [("food.like", "芒果")]),
    ("我最喜欢听的歌手是周杰伦", [("music.like", "周杰伦")]),
    ("我最爱喝的是美式", [("drink.like", "美式")]),
    ("我最喜欢吃的是饺子", [("food.like", "饺子")]),
    ("我最喜欢的电影是《大话西游》", [("media.like", "《大话西游》")]),  # no verb, as before
    ("我最喜欢的是猫", [("preference.like", "猫")]),
])
def test_a_favourite_with_its_verb_is_the_value_after_shi(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我最爱吃的水果是什么？", "你最爱吃的水果是什么"])
def test_a_question_about_a_favourite_stores_none(text: str) -> None:
    assert _read(text) == []
