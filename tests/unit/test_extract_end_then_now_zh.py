"""An end, then what holds now with 我 said once: 我不当护士了，现在做急救员 withdrew nothing (当 was no copula of a
job) and stored nothing of the paramedic; 我把丰田卖了，现在开比亚迪 and 我不喝咖啡了，现在喝茶 withdrew the old
value and left the new one unread (现在… had no subject)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("我当护士", [("identity.occupation", "护士", False)]),
    ("我现在做急救员", [("identity.occupation", "急救员", False)]),
    ("我不当老师了", [("identity.occupation", "老师", True)]),
    ("我不当护士了，现在做急救员", [("identity.occupation", "急救员", False), ("identity.occupation", "护士", True)]),
    ("我把丰田卖了，现在开比亚迪",
     [("user.car", "丰田", True), ("user.car", "比亚迪", False), ("user.车", "丰田", True)]),
    ("我不养狗了，现在养猫", [("pet", "狗", True), ("pet", "猫", False)]),
])
def test_the_end_and_what_holds_now(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


def test_a_drink_given_up_then_the_one_drunk_now() -> None:
    assert ("user.drinks", "茶", False) in _read("我不喝咖啡了，现在喝茶")


@pytest.mark.parametrize("text", ["我不当班长了", "我不做饭了", "我当妈妈了"])
def test_what_is_no_job_is_none(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k in ("identity.occupation", "user.car")]


@pytest.mark.parametrize(("text", "job"), [("我是老师，做饭很好吃", "老师"), ("我是程序员，开会很多", "程序员")])
def test_a_clause_after_a_job_that_is_no_job_or_car_is_none(text: str, job: str) -> None:
    assert _read(text) == [("identity.occupation", job, False)]
