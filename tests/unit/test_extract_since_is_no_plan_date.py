"""A time after "since" is when a state began, never the date of a plan: "I've started taking 3 weekly Pilates
classes since April 22" stored ``schedule.event = tak 3 weekly Pilates classes`` on the coming April 22 (the
present it was read as, "I tak …", kept a date ahead). Now it is the doing, begun in the past."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2024, 6, 1, 9, 0, tzinfo=UTC)


def _read(text: str) -> list:
    return RuleExtractor().extract(text=text, role="user", said_at=_AT)


@pytest.mark.parametrize(("text", "value"), [
    ("I've started taking 3 weekly Pilates classes at the community center since April 22, and I feel great.",
     "taking 3 weekly Pilates classes at the community center"),
    ("I've started using a budgeting app for groceries since March 12, any tips?",
     "using a budgeting app for groceries"),
    ("I've recently started taking short evening walks since May 5.", "taking short evening walks"),
])
def test_begun_since_is_the_doing(text: str, value: str) -> None:
    found = _read(text)
    assert [(c.key, c.value) for c in found] == [("activity.current", value)]
    assert all(c.valid_from is None or c.valid_from <= _AT for c in found)


@pytest.mark.parametrize("text", ["I take Pilates classes since April 22.", "I go to choir since March 3."])
def test_present_since_is_no_plan(text: str) -> None:
    assert not [c for c in _read(text) if c.key == "schedule.event"]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm meeting my sister at the mall on November 22.", "meeting their sister at the mall"),
    ("I have a dentist appointment on July 22.", "dentist appointment"),
])
def test_a_plan_with_its_date_stays(text: str, value: str) -> None:
    assert [(c.key, c.value) for c in _read(text)] == [("schedule.event", value)]
