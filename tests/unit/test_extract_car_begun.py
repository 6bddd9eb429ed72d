"""A car said as its beginning is the car one drives now: 我换了一辆特斯拉, 我买了一辆比亚迪, 我上个月新买了辆电动车,
"I bought a Tesla", "I just got a new Honda Civic", "I switched to an electric car" store ``user.车`` / ``user.car``,
the key of 我开特斯拉 and "I drive a Tesla", so a new car replaces the old one. Before, the Chinese ones were a thing
used (``tool.uses = 特斯拉``) and the English ones nothing or ``user.uses``. 我换了一辆车 (no car named; it stored
``tool.uses = 车``), 我买了特斯拉的股票, "I got a new iPhone" and "I bought a new car" name no car."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我换了一辆特斯拉", ("user.car", "特斯拉")),
    ("我买了一辆比亚迪", ("user.car", "比亚迪")),
    ("我上个月新买了辆电动车", ("user.car", "电动车")),
    ("I bought a Tesla", ("user.car", "Tesla")),
    ("I just got a new Honda Civic", ("user.car", "Honda Civic")),
    ("I switched to an electric car", ("user.car", "electric car")),
])
def test_a_car_got_is_the_car_driven(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我换了一辆车", "我买了特斯拉的股票", "I got a new iPhone", "I bought a new car"])
def test_no_car_named(text: str) -> None:
    assert [key for key, _ in _read(text) if key in ("user.car", "user.car", "tool.uses")] == []


def test_a_new_car_replaces_the_one_driven(memory: Memory) -> None:
    memory.add("我开的是比亚迪", user_id="u")
    memory.add("我换了一辆特斯拉", user_id="u")
    assert [(f.key, f.value) for f in memory.list(user_id="u")] == [("user.car", "特斯拉")]


@pytest.mark.parametrize(("text", "fact"), [
    ("我开的是一辆黑色的特斯拉Model 3", ("user.car", "特斯拉Model 3")),
    ("我开的是一辆二手的本田思域", ("user.car", "本田思域")),
    ("我买了一辆红色的宝马", ("user.car", "宝马")),
    ("我有一辆银色的奥迪A4", ("user.car", "奥迪A4")),
])
def test_how_the_car_looks_is_no_part_of_the_car(text: str, fact: tuple[str, str]) -> None:
    """Before, a colour or 二手 said before the make hid the car: each stored nothing."""
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我开的是一辆车", "我开了一辆红色的车", "我开的是新的"])
def test_a_car_with_no_make_named_is_none(text: str) -> None:
    assert _read(text) == []
