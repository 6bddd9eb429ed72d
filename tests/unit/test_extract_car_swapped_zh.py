"""A car given up or swapped said in Chinese with the car named first: 比亚迪卖掉了，现在开小鹏P7 withdraws the old car
and states the new one, as 我把比亚迪卖了 and 我开小鹏P7 do; 我的车换成了小鹏P7 is the car driven now (``user.车``),
as 我换了一辆小鹏P7 is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _cars(text: str) -> list[tuple[str, str, bool]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.key, c.value, c.retracts) for c in found if c.key in ("user.car", "user.car") and not c.subject]


@pytest.mark.parametrize(("text", "old"), [
    ("比亚迪卖掉了", "比亚迪"), ("比亚迪卖掉了，现在开小鹏P7", "比亚迪"), ("车卖了，现在开电动车", ""),
    ("旧车已经卖了", ""), ("特斯拉上个月卖了", "特斯拉"),
])
def test_a_car_named_first_then_sold_is_withdrawn(text: str, old: str) -> None:
    assert ("user.car", old, True) in _cars(text)


@pytest.mark.parametrize(("text", "new"), [
    ("比亚迪卖掉了，现在开小鹏P7", "小鹏P7"), ("车卖了，现在开电动车", "电动车"), ("我的车换成了小鹏P7", "小鹏P7"),
    ("我车换成了特斯拉", "特斯拉"), ("车子换成了蔚来ES6", "蔚来ES6"), ("我的车已经换成了电动车", "电动车"),
])
def test_the_car_driven_now_is_stated(text: str, new: str) -> None:
    assert ("user.car", new, False) in _cars(text)


@pytest.mark.parametrize("text", [
    "他的车卖了", "我的车换成了新的", "我的车换成了自动挡", "钱换成了美元", "车换成了明天去提", "我想把比亚迪卖了",
    "比亚迪卖得很好", "我的车位换成了地下的",
])
def test_someone_elses_a_wish_or_no_car_named_is_no_car_of_the_users(text: str) -> None:
    assert _cars(text) == []
