"""A scheduled event moved to another time, and a one-off past action told with no time.

"We moved the dentist appointment to Thursday", said on a Sunday, stored ``event = moved the dentist appointment to``
dated the Thursday before: the day was cut from the value and the past tense read as the past. A rescheduling is the
scheduled event at its new time, ahead. "I moved the sofa into the spare room" was an undated ``event`` (a move read
as a life change): a chore told with no time is no fact."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SUNDAY = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, date | None]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_SUNDAY)
    return sorted((c.key, c.value, c.valid_from.date() if c.valid_from else None) for c in found)


@pytest.mark.parametrize(("text", "expected"), [
    ("We moved the dentist appointment to Thursday.", [("schedule.event", "dentist appointment", date(2026, 12, 10))]),
    ("The dentist appointment got moved to Thursday.",
     [("schedule.event", "dentist appointment", date(2026, 12, 10))]),
    ("We rescheduled the meeting to Friday.", [("schedule.event", "meeting", date(2026, 12, 11))]),
    ("My interview was pushed back to next Friday.", [("schedule.event", "interview", date(2026, 12, 11))]),
    ("I moved my haircut to next Tuesday.", [("schedule.event", "haircut", date(2026, 12, 8))]),
    ("我们把牙医预约改到周四了。", [("schedule.event", "牙医预约", date(2026, 12, 10))]),
    ("面试改到了周五。", [("schedule.event", "面试", date(2026, 12, 11))]),
    ("我们把聚会挪到周六了。", [("schedule.event", "聚会", date(2026, 12, 12))]),
])
def test_a_rescheduled_event_is_the_plan_at_its_new_time(text: str, expected: list[tuple[str, str, date]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I moved my blog to Ghost.", [("user.blog", "Ghost", None)]),  # moved to no time: a change as before
    # a plan moved names no happening: a change of the plan ahead, which the fact engine puts on the plan it means
    # (``extract.plan_changed``, ``facts.meant``), never stored as it is
    ("计划改成了明天", [("plan.changed", "", date(2026, 12, 7))]),
    ("I moved the sofa into the spare room.", []),
    ("I moved to Berlin.", [("identity.location", "Berlin", None)]),
    ("We moved into a new house.", [("event", "moved into a new house", None)]),
    ("Yesterday I moved the sofa into the spare room.",
     [("event", "moved the sofa into the spare room", date(2026, 12, 5))]),
])
def test_a_past_action_with_no_time_is_a_fact_only_when_notable(
        text: str, expected: list[tuple[str, str, date | None]]) -> None:
    assert _read(text) == expected
