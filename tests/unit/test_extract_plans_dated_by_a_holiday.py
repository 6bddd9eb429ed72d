"""A plan dated by a holiday is a plan of that holiday: 我五一要去成都玩, 国庆打算回老家 and 春节回哈尔滨过年 stored
nothing, or a plan with no date (the holiday was no time expression); now the holiday is the plan's time
(``extract.festivals``: the solar ones by their day, the lunar ones from their tables), the next one when this
year's is over, and 过 of 过年 marks nothing done. A given name (李国庆), a place (五一广场), a painting
(清明上河图) and an annual party (参加过年会) name no holiday."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.festivals import festival
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

_AT = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)  # after 春节 2026 (17 February), before 五一 and 国庆


def _plans(text: str) -> list[tuple[str, str, date | None]]:
    return [(c.key, c.value, c.valid_from.date() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("我五一要去成都玩", [("travel.plan", "去成都玩", date(2026, 5, 1))]),
    ("国庆打算回老家", [("travel.plan", "回老家", date(2026, 10, 1))]),
    ("春节回哈尔滨过年", [("schedule.event", "回哈尔滨过年", date(2027, 2, 5))]),
    ("中秋准备去外婆家", [("schedule.event", "去外婆家", date(2026, 9, 25))]),
    ("明年端午我要去看龙舟", [("schedule.event", "去看龙舟", date(2027, 6, 9))]),
])
def test_a_plan_dated_by_a_holiday_is_dated_by_it(text: str, read: list[tuple[str, str, date | None]]) -> None:
    assert _plans(text) == read


def test_a_holiday_past_is_a_thing_done() -> None:
    assert _plans("去年国庆我去了趟北京") == [("event", "去了趟北京", date(2025, 10, 1))]


@pytest.mark.parametrize("text", ["李国庆要来", "五一广场见", "我在看清明上河图", "我参加过年会"])
def test_a_name_a_place_or_a_painting_is_no_holiday(text: str) -> None:
    assert resolve_relative(text, _AT) is None


@pytest.mark.parametrize(("name", "year", "days"), [
    ("五一", 2026, (date(2026, 5, 1), date(2026, 5, 6))),
    ("国庆节", 2026, (date(2026, 10, 1), date(2026, 10, 8))),
    ("春节", 2024, (date(2024, 2, 9), date(2024, 2, 16))),
    ("除夕", 2025, (date(2025, 1, 28), date(2025, 1, 29))),
    ("元宵", 2026, (date(2026, 3, 3), date(2026, 3, 4))),
    ("端午", 2023, (date(2023, 6, 22), date(2023, 6, 23))),
    ("中秋", 2025, (date(2025, 10, 6), date(2025, 10, 7))),
    ("Mid-Autumn Festival", 2024, (date(2024, 9, 17), date(2024, 9, 18))),
    ("中秋", 1999, None),
    ("周末", 2026, None),
])
def test_festival_dates(name: str, year: int, days: tuple[date, date] | None) -> None:
    assert festival(name, year) == days
