"""A plan's time put right, in the same message or in the next, leaves the plan at the new time only.

"I have a dentist appointment on the 12th, no wait, the 14th" stored nothing (the time read as "the 12th, no wait, the
14th"); "my flight home is on the 9th, actually no, it's the 11th" and 我的牙医预约在15号，不对，是18号 kept the first
time; "sorry, I meant the 14th" ("the" opens no value) and 不是15号，是18号 (the old time held by no value) after the
plan changed nothing. Now the time said alone after the correction dates the plan said last (``extract.restated``), and
a later message that names the old time alone puts right the time inside the plan (``facts.previous``). A time said
with more than a time, a correction that adds rather than replaces, and a plan of no time are left as they were.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _plans(*messages: str, path: Path) -> tuple[set[tuple[str, date]], set[tuple[str, date]]]:
    """(active, superseded) (value, first day) of the plans after ``messages``, a minute apart, in one memory."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, role="user", created_at=_AT + timedelta(minutes=i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key == "schedule.event"]
    return ({(f.value, f.valid_from.date()) for f in facts if f.status == "active" and f.valid_from},
            {(f.value, f.valid_from.date()) for f in facts if f.status == "superseded" and f.valid_from})


@pytest.mark.parametrize(("text", "value", "day"), [
    ("I have a dentist appointment on the 12th, no wait, the 14th", "dentist appointment", 14),
    ("my flight home is on the 9th, actually no, it's the 11th", "flight home", 11),
    ("我的牙医预约在15号，不对，是18号", "牙医预约", 18),
])
def test_a_time_put_right_in_the_message_dates_the_plan_once(text: str, value: str, day: int) -> None:
    found = [(c.key, c.value, c.valid_from) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert [(k, v, at.day if at else None) for k, v, at in found] == [("schedule.event", value, day)]


@pytest.mark.parametrize(("first", "fix", "value", "old", "new"), [
    ("My dentist appointment is on the 12th", "sorry, I meant the 14th", "dentist appointment", 12, 14),
    ("My dentist appointment is on the 12th", "no wait, it's the 14th, not the 12th", "dentist appointment", 12, 14),
    ("我的牙医预约在15号", "不是15号，是18号", "牙医预约", 15, 18),
])
def test_a_time_put_right_in_the_next_message_moves_the_plan(tmp_path: Path, first: str, fix: str, value: str,
                                                             old: int, new: int) -> None:
    active, superseded = _plans(first, fix, path=tmp_path)
    assert active == {(value, date(2026, 12, new))}, active
    assert superseded == {(value, date(2026, 12, old))}, superseded


@pytest.mark.parametrize("text", [
    "I have a dentist appointment on the 12th, actually I also have a haircut then",
    "我的牙医预约在15号，不对，是在人民医院",
])
def test_a_correction_naming_no_time_alone_keeps_the_plans_time(text: str) -> None:
    found = [(c.key, c.valid_from) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
             if c.key == "schedule.event"]
    assert all(at is not None and at.day in (12, 15) for _, at in found)


def test_the_old_time_said_in_no_plan_changes_nothing(tmp_path: Path) -> None:
    active, superseded = _plans("I live in Leeds", "不是15号，是18号", path=tmp_path)
    assert active == set() and superseded == set()
