"""Going out to do a sport or a pastime was read as a trip: 我儿子周六要去踢足球 stored ``travel.plan = 去踢足球``
of the son's, as 我下周要去游泳 did of the user's. 去 and the verb of a sport or a pastime (踢, 游, 骑, 滑, 练, 爬, 钓,
上…课) is going out to do something (``preferences_zh._OUT_LOCAL_ZH``): ``schedule.event``; a place stays a trip."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value", "who"), [
    ("我儿子周六要去踢足球", "去踢足球", "son"),
    ("我下周要去游泳", "去游泳", None),
    ("我女儿明天要去上钢琴课", "去上钢琴课", "daughter"),
    ("我下周要去滑雪", "去滑雪", None),
])
def test_going_to_do_a_sport_is_no_trip(text: str, value: str, who: str | None) -> None:
    found = _read(text)
    assert ("schedule.event", value, who or "") in [(k, v, s or "") for k, v, s in found], found
    assert not [k for k, _, _ in found if k == "travel.plan"], found


@pytest.mark.parametrize(("text", "value"), [("我周六要去北京", "去北京"), ("下周五去东京", "去东京"),
                                             ("我下周要去上海上课", "去上海上课")])
def test_going_to_a_place_stays_a_trip(text: str, value: str) -> None:
    assert ("travel.plan", value) in [(k, v) for k, v, _ in _read(text)]
