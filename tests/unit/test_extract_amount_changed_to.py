"""An amount of one's own thing said with the verb that changed it is the copula's new value: "My rent went up to
$2,450" and 房租涨到5200了 stored nothing, so "My rent is $2,300 a month" / 我的房租是每月4800 stayed current. Now the
new amount has the key the copula gives (so it takes the old value's place); another person's, no one's, a question
or a condition give nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("before", "after", "value"), [
    ("My rent is $2,300 a month.", "My rent went up to $2,450.", "$2,450"),
    ("My salary is $85,000.", "My salary rose to $92,000 after the review.", "$92,000"),
    ("My commute is 45 minutes.", "My commute dropped to 20 minutes since the move.", "20 minutes"),
    ("Our mortgage payment is $1,900.", "Our mortgage payment increased from $1,900 to $2,050.", "$2,050"),
    ("My car insurance is $140 a month.", "My car insurance has gone down to $120 a month.", "$120 a month"),
    ("我的房租是每月4800。", "房租涨到5200了。", "5200"),
    ("我的工资是一万二。", "我的工资涨到一万五了。", "一万五"),
    ("我的体重是70公斤。", "体重降到65公斤了。", "65公斤"),
    ("我的月薪是8000。", "我的月薪从8000降到7000了。", "7000"),
])
def test_changed_amount_takes_the_copulas_key(before: str, after: str, value: str) -> None:
    (key, _), = _read(before)
    assert _read(after) == [(key, value)]


def test_the_amount_as_first_said_is_kept() -> None:
    assert _read("My rent is $2,300 a month.") == [("user.rent", "$2,300 a month")]


@pytest.mark.parametrize("text", [
    "The rent went up everywhere this year.",
    "Rents rose to record levels.",
    "The rent went up to $3,000.",
    "My friend's rent went up to $3,000.",
    "If my rent goes up to $3,000, I'll move.",
    "Did my rent go up to $3,000?",
    "Prices went up to $5.",
    "我朋友的房租涨到六千了。",
    "我朋友房租涨到六千了。",
    "油价涨到8块了。",
    "房租都涨了。",
])
def test_no_amount_of_the_users_gives_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("我的通勤时间是一个小时。", "一个小时"),
    ("我的通勤时间是一个半小时。", "一个半小时"),
    ("我的房租是一个月三千。", "一个月三千"),
])
def test_a_span_of_time_keeps_its_one(text: str, value: str) -> None:
    """一个小时 is an amount said whole, no classifier before a thing (the value was 小时, 半小时, 月三千)."""
    assert [v for _, v in _read(text)] == [value]


def test_a_classifier_before_a_thing_still_goes() -> None:
    assert _read("我的车是一辆特斯拉。") == [("user.car", "特斯拉")]


@pytest.mark.parametrize(("provider", "price"), [
    ("My phone plan is with Verizon.", "My phone plan went up to $55 a month."),
    ("My car insurance is with Geico.", "My car insurance is $140 a month."),
])
def test_what_a_service_costs_is_no_provider(provider: str, price: str) -> None:
    """A price of a plan, a policy or a contract has its own key: "My phone plan went up to $55" took the place of
    "My phone plan is with Verizon" (one key, ``user.phone_plan``)."""
    (provider_key, _), = _read(provider)
    (price_key, _), = _read(price)
    assert price_key == f"{provider_key}_cost"
