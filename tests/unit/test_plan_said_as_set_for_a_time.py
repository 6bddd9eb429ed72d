"""A plan said as set for a time ("My trip to Tokyo is planned for January 5", "is scheduled
for", "is booked for") stored ``plan.intent = trip to Tokyo`` with no date, and what is done named
before its time (我去东京的行程定在1月5号, 我看牙医的时间定在周四) stored
``travel.plan = 去东京的行程定在`` or ``event = 看牙医的时间定在``. Both are the scheduled event
of the possessive copula ("My trip to Tokyo is on January 5"), dated by the time named."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)  # a Thursday


def _read(text: str) -> list[tuple[str, str, datetime | None]]:
    return [(c.key, c.value, c.valid_from) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value", "day"), [
    ("My trip to Tokyo is planned for January 5", "trip to Tokyo", datetime(2026, 1, 5, tzinfo=UTC)),
    ("My trip to Tokyo is scheduled for January 5.", "trip to Tokyo", datetime(2026, 1, 5, tzinfo=UTC)),
    ("Our trip to Lisbon is set for next Friday", "trip to Lisbon", datetime(2026, 1, 9, tzinfo=UTC)),
    ("My dentist appointment is booked for the 12th", "dentist appointment", datetime(2026, 1, 12, tzinfo=UTC)),
    ("My interview is confirmed for Monday", "interview", datetime(2026, 1, 5, tzinfo=UTC)),
    ("我去东京的行程定在1月5号", "去东京", datetime(2026, 1, 5, tzinfo=UTC)),
    ("我们去三亚的行程安排在下周五", "去三亚", datetime(2026, 1, 9, tzinfo=UTC)),
    ("我去北京出差的日期是12号", "去北京出差", datetime(2026, 1, 12, tzinfo=UTC)),
])
def test_a_plan_set_for_a_time_is_a_scheduled_event(text: str, value: str, day: datetime) -> None:
    assert _read(text) == [("schedule.event", value, day)]


@pytest.mark.parametrize("text", [
    "My report is scheduled for review on Friday",  # more than a time after it
    "我们公司的安排是周五",  # no doing of the user's named
    "我去东京的行程还没定",  # no time set
])
def test_no_scheduled_event_without_a_time_set(text: str) -> None:
    assert [k for k, _, _ in _read(text) if k == "schedule.event"] == []
