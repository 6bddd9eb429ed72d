"""A routine moved to another day or time ("from now on", "moved to", 以后, 改到, 换成) supersedes the habit of the same
activity on its old day; a routine said with no change of when adds a day (``extract.rescheduled``,
``extract.scheduled.moved``)."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest

from factvalues import stored_facts
from memstrata.extract import rescheduled

_AT = datetime(2026, 11, 2, 9, tzinfo=UTC)  # a Monday
_stored = partial(stored_facts, start=_AT)
HABIT = "preference.habit"


def test_doctests() -> None:
    assert doctest.testmod(rescheduled).failed == 0


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I go grocery shopping every Saturday", "from now on I'll go grocery shopping on Sundays",
     (HABIT, "go grocery shopping on Sundays"), (HABIT, "go grocery shopping every Saturday")),
    ("I have piano lessons every Wednesday", "My piano lessons moved to Thursdays",
     (HABIT, "piano lessons on Thursdays"), (HABIT, "have piano lessons every Wednesday")),
    ("我每周六去买菜", "以后改到周日买菜", (HABIT, "周日买菜"), (HABIT, "每周六去买菜")),
    ("我每周三上钢琴课", "钢琴课改到每周四了", (HABIT, "每周四钢琴课"), (HABIT, "每周三上钢琴课")),
    # the clock time as the routines read it (extract.when.CLOCK_ZH: 点钟, 半夜)
    ("我每周四上钢琴课", "钢琴课改到每周四晚上7点钟了", (HABIT, "每周四晚上7点钟钢琴课"), (HABIT, "每周四上钢琴课")),
])
def test_a_routine_moved_supersedes_its_old_day(tmp_path: Path, before: str, after: str,
                                                new: tuple[str, str], old: tuple[str, str]) -> None:
    active, superseded = _stored(tmp_path, before, after)
    assert new in active
    assert old in superseded and old not in active


@pytest.mark.parametrize(("before", "after", "kept"), [
    # no change of when: one more day
    ("I go swimming every Monday", "I also go swimming on Thursdays", (HABIT, "go swimming every Monday")),
    # a day added under a change of when: "too", "as well" say the old day holds on
    ("I go running every Monday", "From now on I'll go running on Thursdays too", (HABIT, "go running every Monday")),
    ("I go running every Monday", "From now on, I'll go running on Thursdays as well",
     (HABIT, "go running every Monday")),
    ("我每周一跑步", "以后周四也去跑步", (HABIT, "每周一跑步")),
    # a move supposed, not said: the routine holds until it happens
    ("I go swimming every Monday", "If I get the job, from now on I'll go swimming on Thursdays",
     (HABIT, "go swimming every Monday")),
    ("我每周一游泳", "如果搬家，以后改到周四游泳", (HABIT, "每周一游泳")),
    ("我每周一游泳", "要是下雨的话，以后就周四游泳", (HABIT, "每周一游泳")),
    ("我每周三上钢琴课", "如果老师同意，钢琴课改到每周四", (HABIT, "每周三上钢琴课")),
    # another activity moved
    ("I go grocery shopping every Saturday", "from now on I'll go to the gym on Sundays",
     (HABIT, "go grocery shopping every Saturday")),
    ("我每周六去买菜", "以后周日去健身", (HABIT, "每周六去买菜")),
    # a change of when with no activity
    ("I go grocery shopping every Saturday", "from now on, Sundays", (HABIT, "go grocery shopping every Saturday")),
])
def test_a_day_added_or_another_routine_moved_keeps_the_habit(tmp_path: Path, before: str, after: str,
                                                              kept: tuple[str, str]) -> None:
    active, _ = _stored(tmp_path, before, after)
    assert kept in active



@pytest.mark.parametrize(("before", "after", "kept", "wrong"), [
    # another person's routine moved: the user's own stays, and theirs is no habit of the user's
    ("I do yoga every Monday", "My wife's yoga class moved to Thursdays", "do yoga every Monday",
     "wife's yoga class on Thursdays"),
    ("I have piano lessons every Wednesday", "My son's piano lessons moved to Thursdays",
     "have piano lessons every Wednesday", "son's piano lessons on Thursdays"),
    ("我每周三上钢琴课", "儿子的钢琴课改到每周四了", "每周三上钢琴课", "每周四儿子的钢琴课"),
    ("我每周三练瑜伽", "她的瑜伽课挪到每周二了", "每周三练瑜伽", "每周二她的瑜伽课"),
])
def test_another_persons_routine_moved_is_no_habit_of_the_user(tmp_path: Path, before: str, after: str,
                                                               kept: str, wrong: str) -> None:
    active, superseded = _stored(tmp_path, before, after)
    assert (HABIT, kept) in active and (HABIT, kept) not in superseded and (HABIT, wrong) not in active


@pytest.mark.parametrize(("before", "after", "event", "kept"), [
    # one occurrence moved to a day (the coming one, a date, "tomorrow"): the event at its new time, the routine kept
    ("I have piano lessons every Wednesday", "my piano lesson moved to Thursday", "piano lesson",
     "have piano lessons every Wednesday"),
    ("I have yoga class every Tuesday", "My yoga class was moved to tomorrow", "yoga class",
     "have yoga class every Tuesday"),
    ("I have yoga class every Tuesday", "My yoga class was moved to Friday, just for this week", "yoga class",
     "have yoga class every Tuesday"),
    ("我每周三上钢琴课", "钢琴课改到周四了", "钢琴课", "每周三上钢琴课"),
])
def test_one_occurrence_moved_keeps_the_routine(tmp_path: Path, before: str, after: str, event: str,
                                                kept: str) -> None:
    active, superseded = _stored(tmp_path, before, after)
    assert ("schedule.event", event) in active
    assert (HABIT, kept) in active and (HABIT, kept) not in superseded
