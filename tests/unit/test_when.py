"""Dates and times as fact values (``extract.when``) and allergy categories (``extract.twins.kinds_of``)."""

from __future__ import annotations

import pytest

from memstrata.extract.twins import kinds_of, twins
from memstrata.extract.when import calendar_day, clock_time, same_when


@pytest.mark.parametrize(("value", "expected"), [
    ("March 3", (None, 3, 3)), ("march 3rd", (None, 3, 3)), ("3 March", (None, 3, 3)),
    ("the 3rd of March, 1990", (1990, 3, 3)), ("Mar. 3", (None, 3, 3)), ("1990-03-03", (1990, 3, 3)),
    ("3月3号", (None, 3, 3)), ("3月3日", (None, 3, 3)), ("三月三号", (None, 3, 3)), ("1990年3月3日", (1990, 3, 3)),
    ("十二月二十五日", (None, 12, 25)),
    ("March", None), ("3", None), ("the 3rd", None), ("13月3号", None), ("March 32", None), ("3月", None),
])
def test_calendar_day(value: str, expected: tuple[int | None, int, int] | None) -> None:
    assert calendar_day(value) == expected


@pytest.mark.parametrize(("value", "expected"), [
    ("6am", (6, 0)), ("6 a.m.", (6, 0)), ("6:30 pm", (18, 30)), ("7 in the evening", (19, 0)), ("12am", (0, 0)),
    ("早上6点", (6, 0)), ("6点", (6, 0)), ("晚上十一点半", (23, 30)), ("下午3点一刻", (15, 15)), ("7:45", (7, 45)),
    ("6", None), ("six", None), ("25:00", None), ("早上", None),
])
def test_clock_time(value: str, expected: tuple[int, int] | None) -> None:
    assert clock_time(value) == expected


def test_same_when_compares_dates_and_times_only() -> None:
    assert same_when("March 3", "三月三号") and same_when("March 3, 1990", "3月3日")
    assert same_when("March 3, 1990", "1991年3月3日") is False and same_when("March 3", "March 4") is False
    assert same_when("6am", "早上六点") and same_when("11pm", "晚上11点") and same_when("6am", "6pm") is False
    assert same_when("March 3", "6am") is None and same_when("peanuts", "花生") is None


def test_dates_are_twins_without_a_model_and_different_dates_never() -> None:
    assert twins(None, "March 3", ["3月3号", "3月4号", "花生"]) == [True, False, False]


def test_kinds_of_reach_from_a_category_to_its_kinds_only() -> None:
    assert kinds_of("seafood", ["shrimp", "螃蟹", "lobster", "salmon", "peanuts", "shellfish"]) == [
        True, True, True, True, False, True]
    assert kinds_of("贝类", ["虾", "crab", "fish"]) == [True, True, False]
    assert kinds_of("tree nuts", ["almonds", "peanuts"]) == [True, False]
    assert kinds_of("shrimp", ["seafood", "shellfish"]) == [False, False]  # the reverse never
    assert kinds_of("peanuts", ["花生"]) == [False]  # a twin is not a kind (the caller matches twins)
    assert kinds_of("seafood", ["shrimp"], "I'm not allergic to seafood except shrimp") == [False]
    assert kinds_of("海鲜", ["虾"], "除了虾，我对海鲜不过敏") == [False]
