"""A habit said as an amount in each period ("I drink three coffees a day", hedged or not) is the user's habit, so
giving the thing up later withdraws it (``habits.FREQUENCY_EN``, ``habits._HEDGE_EN``, ``asides``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool, str]]:
    return [(c.key, c.value, c.retracts, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "habit"), [
    ("I drink three coffees a day", "drink three coffees a day"),
    ("I drink like three coffees a day lol", "drink three coffees a day"),
    ("I drink about two beers a night tbh", "drink two beers a night"),
    ("i drink 2-3 coffees a day or so", "drink 2-3 coffees a day"),
    ("I smoke maybe 10 cigarettes a day", "smoke 10 cigarettes a day"),
    ("I sleep around 6 hours a night, maybe less", "sleep 6 hours a night"),
    ("I eat out like twice a week", "eat out twice a week"),
    ("I eat an apple a day", "eat an apple a day"),
])
def test_an_amount_in_each_period_is_a_habit(text: str, habit: str) -> None:
    assert _read(text) == [("preference.habit", habit, False, "")]


def test_someone_elses_amount_is_theirs() -> None:
    assert _read("My wife drinks like 5 coffees a day") == [
        ("preference.habit", "drink 5 coffees a day", False, "wife")]


@pytest.mark.parametrize("text", [
    "I'd like two coffees a day", "I spent a day in Rome", "I need a day off", "I'll be there in a day",
    "Take one pill a day", "I had three coffees a day last year", "I already booked a room for $220 per night",
    "I pay 50 dollars a month for the gym",
])
def test_no_habit_of_the_user_without_one(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "preference.habit"] == []


@pytest.mark.parametrize(("text", "given_up"), [
    ("Actually I quit coffee for good last week", "coffee"),
    ("I gave up sugar for good in March", "sugar"),
    ("honestly I quit drinking last month", "drinking"),
])
def test_a_time_after_for_good_is_no_part_of_what_was_given_up(text: str, given_up: str) -> None:
    assert ("preference.habit", given_up, True, "") in _read(text)
