"""A circumstance said after a thing liked, learnt or used was kept in its value: "I've been learning Rust in my
spare time" stored ``activity.learning = Rust in my spare time``, "I enjoy hiking on weekends" ``hiking on
weekends``. When, how often or with whom one does it is no part of the thing (``extract.circumstance``); a habit,
a plan and a title keep the words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.circumstance import without_circumstance
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I've been learning Rust in my spare time.", "activity.learning", "Rust"),
    ("I've been studying Japanese every evening with my husband.", "activity.learning", "Japanese"),
    ("I enjoy hiking on weekends.", "sport.like", "hiking"),
    ("I love swimming twice a week.", "sport.like", "swimming"),
    ("I love cooking with my mom.", "hobby.like", "cooking"),
    ("We switched to Linear in 2023.", "user.uses", "Linear"),
])
def test_the_circumstance_is_no_part_of_the_thing(text: str, key: str, value: str) -> None:
    found = _read(text)
    assert (key, value) in found and not [v for k, v in found if k == key and v != value], found


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I go running every morning.", "preference.habit", "go running every morning"),
    ("I'm having dinner with my parents on Saturday.", "schedule.event", "having dinner with their parents"),
])
def test_a_habit_or_a_plan_keeps_when_and_with_whom(text: str, key: str, value: str) -> None:
    assert (key, value) in _read(text)


@pytest.mark.parametrize("value", ["coffee with my breakfast", "Sunday in the Park", "Tuesdays with Morrie",
                                   "on weekends", "Python in college"])
def test_what_is_no_circumstance_stays(value: str) -> None:
    assert without_circumstance(value) == value
