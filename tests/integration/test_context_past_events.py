"""An event whose day has passed is history in the context block: "I have a dentist appointment on
<date>" read after that date is labelled ``[past]`` (11月20号要交房租 ``[已过去]``) and goes after what
is still ahead in the profile, never presented as a plan; an event still ahead is not labelled. Real
SQLite file, real model, dates relative to today."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memstrata import Memory

NOW = datetime.now(UTC)


def _day(at: datetime) -> str:
    return f"{at:%B} {at.day}"


def test_an_event_that_is_over_is_labelled_past_and_one_ahead_is_not(memory: Memory) -> None:
    said = NOW - timedelta(days=60)
    over, ahead = said + timedelta(days=10), NOW + timedelta(days=15)
    memory.add(f"I have a dentist appointment on {_day(over)}.", user_id="en", created_at=said)
    memory.add("I'm allergic to peanuts.", user_id="en", created_at=said)
    memory.add(f"I have a job interview on {_day(ahead)}.", user_id="en", created_at=NOW - timedelta(days=1))
    block = memory.context("what do you know about me?", user_id="en", budget_tokens=600)
    lines = block.splitlines()
    dentist = next(line for line in lines if "dentist" in line)
    interview = next(line for line in lines if "interview" in line)
    assert dentist.startswith("- [past] ") and not interview.startswith("- [past]"), block
    assert lines.index(interview) < lines.index(dentist), block


def test_a_chinese_event_that_is_over_is_labelled_in_chinese(memory: Memory) -> None:
    said = NOW - timedelta(days=60)
    over = said + timedelta(days=10)
    memory.add(f"{over.month}月{over.day}号要交房租。", user_id="zh", created_at=said)
    memory.add("我对芒果过敏。", user_id="zh", created_at=said)
    block = memory.context("你了解我什么？", user_id="zh", budget_tokens=600)
    assert "[已过去] " in next(line for line in block.splitlines() if "交房租" in line), block
    assert "[已过去]" not in next(line for line in block.splitlines() if "芒果" in line), block


def test_as_of_a_past_time_a_plan_called_off_later_is_past_if_its_day_was_over(memory: Memory) -> None:
    # before: read by its status today (superseded), the trip was listed as a plan still to come, unlabelled
    said = NOW - timedelta(days=60)
    memory.add(f"We are going to Lisbon on {_day(said + timedelta(days=10))}.", user_id="en", created_at=said)
    memory.add("I'm allergic to peanuts.", user_id="en", created_at=said)
    then = datetime.now(UTC)
    memory.add("The Lisbon trip is cancelled.", user_id="en", created_at=said + timedelta(days=20))
    block = memory.context("what do you know about me?", user_id="en", budget_tokens=600, as_of=then)
    assert next(line for line in block.splitlines() if "Lisbon" in line).startswith("- [past] "), block
    today = memory.context("what do you know about me?", user_id="en", budget_tokens=600)
    assert "[past]" not in today, today
