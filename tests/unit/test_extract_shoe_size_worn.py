"""A shoe size said as what one wears (我穿38码的鞋, 我鞋穿42码) is the shoe size, as 我的鞋码是38 and "My shoe size is
42" state it (``user.shoe_size``); before, it stored nothing. A size with no shoe said (我穿38码: a shirt's?), a
question, a negation, one worn once and someone not named are none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我穿38码的鞋", [("user.shoe_size", "38", "")]),
    ("我鞋穿42码", [("user.shoe_size", "42", "")]),
    ("鞋子我一般穿39的", [("user.shoe_size", "39", "")]),
    ("我平时穿40码的鞋子", [("user.shoe_size", "40", "")]),
    ("我女儿穿32码的鞋", [("daughter.shoe_size", "32", "daughter")]),
    ("我的鞋码是38", [("user.shoe_size", "38", "")]),  # the copula it states
])
def test_a_shoe_size_worn_is_the_shoe_size(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我穿38码", "我穿38码的衣服", "我穿38码的鞋吗？", "我不穿38码的鞋", "我穿了38码的鞋",
                                  "她穿38码的鞋"])
def test_no_shoe_or_no_standing_size_stores_none(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k.endswith("shoe_size")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I wear size 10 shoes", [("user.shoe_size", "10", "")]),
    ("I wear a size 8 in shoes", [("user.shoe_size", "8", "")]),
    ("I'm a 9.5 in shoes", [("user.shoe_size", "9.5", "")]),
    ("I usually wear US size 11 sneakers", [("user.shoe_size", "US 11", "")]),
    ("Actually I wear size 11 shoes now", [("user.shoe_size", "11", "")]),
    ("My son wears a size 4 shoe", [("son.shoe_size", "4", "son")]),
    ("My shoe size is 42", [("user.shoe_size", "42", "")]),  # the copula it states
    # no shoe said (a shirt's, a dress's?), someone not a relative
    ("I wear a size 10", []),
    ("I'm a size 10", []),
    ("My boss wears size 12 shoes", []),
])
def test_a_shoe_size_worn_in_english_is_the_shoe_size(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected
