"""A diet said in the progressive (我现在在吃素, 我正在吃素) is the diet, as 我吃素 is; a car owned said with its
measure word (我有一辆特斯拉, 我家有辆宝马) is the car one drives (``user.车``), as 我买了一辆特斯拉 is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize("text", ["我现在在吃素", "我在吃素", "我最近在吃素", "我正在吃素"])
def test_a_diet_in_the_progressive_is_the_diet(text: str) -> None:
    assert _facts(text) == [("food.diet", "吃素", "")]


@pytest.mark.parametrize(("text", "car"), [
    ("我有一辆特斯拉", "特斯拉"), ("我有辆宝马", "宝马"), ("我家有一辆比亚迪", "比亚迪"),
])
def test_a_car_owned_is_the_car_driven(text: str, car: str) -> None:
    assert _facts(text) == [("user.car", car, "")]


@pytest.mark.parametrize("text", [
    "我有一辆车", "我有小米", "我有一辆自行车", "我朋友有一辆特斯拉", "我有特斯拉的股票",
])
def test_no_car_named_someone_elses_or_shares_are_no_car(text: str) -> None:
    assert [f for f in _facts(text) if f[0] == "user.car" and not f[2]] == []
