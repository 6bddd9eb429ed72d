"""A dated reminder to go to a place is the plan to go there: 明天上午十点提醒我去牙科, 周五下午提醒我去医院复查 and
下周一提醒我去银行 stored nothing (the 去 of 提醒我去 was cut, leaving 我明天要牙科), and 我明天要去眼科 stored a trip
(``travel.plan``) for a visit to a clinic nearby; now ``schedule.event``. A reminder with no time stays a
request, and a trip to a place named 科… (科罗拉多) is still a trip."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)]


@pytest.mark.parametrize(("text", "event"), [
    ("明天上午十点提醒我去牙科", "去牙科"),
    ("周五下午提醒我去医院复查", "去医院复查"),
    ("下周一提醒我去银行", "去银行"),
    ("我明天要去眼科", "去眼科"),
])
def test_a_dated_visit_somewhere_nearby_is_a_scheduled_event(text: str, event: str) -> None:
    found = _read(text)
    assert [k for k, _ in found] == ["schedule.event"]
    assert found[0][1].endswith(event)


@pytest.mark.parametrize(("text", "expected"), [
    ("提醒我去牙科", []), ("提醒我多喝水", []),
    ("我下个月去科罗拉多旅游", [("travel.plan", "去科罗拉多旅游")]),
])
def test_an_undated_reminder_is_a_request_and_a_trip_stays_a_trip(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected
