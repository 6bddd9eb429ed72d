"""What a possessed thing is ("my <thing> is <value>", 我的X是Y / 姓Y / X预算Y), in English and Chinese: an amount,
a sum of money, a compound attribute and a surname are values; an opinion or a reply in the same shape is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    # an amount with its bound: the bound opens it as a preposition opens a description, yet it is a value
    ("My commute is about 40 minutes.", [("user.commute", "about 40 minutes", "")]),
    ("My commute is around an hour.", [("user.commute", "around an hour", "")]),
    ("My morning run is over 5 km.", [("user.morning_run", "over 5 km", "")]),
    # a sum of money with a thousands comma is one value, not "$2" and a clause "000"
    ("My rent is $2,000 a month.", [("user.rent", "$2,000 a month", "")]),
    ("My budget for hotels is $2,000 a night.", [("budget", "hotel: $2,000 a night", "")]),
    ("My budget for the trip is $2,000.", [("budget", "trip: $2,000", "")]),
    ("这次旅行预算两万。", [("budget", "旅行：两万", "")]),
    # a hyphenated word is part of the attribute ("go-to" holds no preposition "to")
    ("My go-to coffee order is an oat latte.", [("user.coffee_order", "oat latte", "")]),
    ("My go-to drink is a flat white.", [("user.drink", "flat white", "")]),
    # 姓X: the copula of a surname
    ("我的房东姓陈。", [("user.房东", "姓陈", "")]),
    ("我女儿的老师姓王。", [("daughter.老师", "姓王", "daughter")]),
])
def test_a_possessed_thing_takes_amounts_money_compounds_and_surnames(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_a_surname_is_stated_as_said() -> None:
    [fact] = RuleExtractor().extract(text="我的房东姓陈。", role="user", said_at=_AT)
    assert fact.statement == "房东姓陈"


@pytest.mark.parametrize("text", [
    "My point is that we should wait.",
    "My guess is 40 minutes.",
    "My guess is about 40 minutes.",
    "My question is about billing.",
    "My question is about a refund.",
    "My bad.",
    "My flight is about to leave.",
    "我的意思是再等等。",
    "我的房东姓什么来着",
    "我的房东姓陈吗？",
    "这次预算3000",
])
def test_an_opinion_or_a_reply_in_the_same_shape_is_no_fact(text: str) -> None:
    assert _read(text) == []
