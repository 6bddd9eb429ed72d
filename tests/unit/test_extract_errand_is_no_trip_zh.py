"""去 and an errand's verb is a plan kept at home, not a trip: 我的医保卡丢了，下周一要去补办 stored ``travel.plan =
去补办`` (a trip, shown among travel plans); now ``schedule.event``. 去杭州 stays a trip."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _plans(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key in ("travel.plan", "schedule.event")]


@pytest.mark.parametrize(("text", "found"), [
    ("我的医保卡丢了，下周一要去补办", [("schedule.event", "去补办")]),
    ("下周一去修手机", [("schedule.event", "去修手机")]),
    ("明天去退货", [("schedule.event", "去退货")]),
    ("下周去还书", [("schedule.event", "去还书")]),
    ("下周去杭州", [("travel.plan", "去杭州")]),
    ("下个月去香港出差", [("travel.plan", "去香港出差")]),
])
def test_an_errand_is_a_plan_and_a_place_a_trip(text: str, found: list[tuple[str, str]]) -> None:
    assert _plans(text) == found
