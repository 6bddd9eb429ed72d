"""A plan dated in numbers or with its year, and a time restated in brackets, is a dated plan.

"I'm flying to Tokyo on 2027-01-15" stored nothing (year-month-day in numbers was no time), "flying to Tokyo on 15
Jan 2027" stored ``flying to Tokyo on 2027`` (the year after the day was left in the value), "flying to Tokyo on
January 15 for a conference" kept the date's "on" (``flying to Tokyo on for a conference``), and
我下周五（2026年12月18日）去北京出差 stored nothing (the bracket cut the clause after its time). A slash
date without a year ("1/15", "3/4") is read by no one the same way everywhere and stays unread.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.clauses import without_bracketed_time
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)  # a Monday


def _plans(text: str) -> list[tuple[str, str, date | None]]:
    return [(c.key, c.value, c.valid_from.date() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)
            if c.key in ("schedule.event", "travel.plan")]


@pytest.mark.parametrize(("text", "found"), [
    ("I'm flying to Tokyo on 2027-01-15.", ("travel.plan", "flying to Tokyo", date(2027, 1, 15))),
    ("I'm flying to Tokyo on Jan 15, 2027.", ("travel.plan", "flying to Tokyo", date(2027, 1, 15))),
    ("flying to Tokyo on 15 Jan 2027", ("travel.plan", "flying to Tokyo", date(2027, 1, 15))),
    ("I'm flying to Tokyo on January 15 for a conference",
     ("travel.plan", "flying to Tokyo for a conference", date(2027, 1, 15))),
    ("I'm flying to Tokyo next Friday (2026-12-18).", ("travel.plan", "flying to Tokyo", date(2026, 12, 18))),
    ("我下周五（2026年12月18日）去北京出差。", ("travel.plan", "去北京出差", date(2026, 12, 18))),
    ("我12月18日（下周五）去北京出差", ("travel.plan", "去北京出差", date(2026, 12, 18))),
    ("我2026-12-18去北京出差", ("travel.plan", "去北京出差", date(2026, 12, 18))),
])
def test_a_plan_dated_in_numbers_or_with_its_year_is_dated(text: str, found: tuple[str, str, date]) -> None:
    assert _plans(text) == [found]


@pytest.mark.parametrize(("text", "day"), [
    ("2027-01-15", date(2027, 1, 15)), ("2027/1/5", date(2027, 1, 5)), ("on 2025.03.02", date(2025, 3, 2)),
    ("Jan 15, 2027", date(2027, 1, 15)), ("15 Jan 2025", date(2025, 1, 15)),
])
def test_a_date_in_numbers_or_with_its_year_is_that_day(text: str, day: date) -> None:
    period = resolve_relative(text, SAID, prefer_future=True)
    assert period is not None and period[0].date() == day  # a year said is kept, even a past one


@pytest.mark.parametrize("text", ["on 1/15", "3/4 of the team", "python 3.12.1", "2027-13-01", "2026-02-30",
                                  "build 2026-1234", "open 24/7"])
def test_no_date_where_the_numbers_name_none(text: str) -> None:
    assert resolve_relative(text, SAID, prefer_future=True) is None


@pytest.mark.parametrize(("text", "kept"), [
    ("我下周五（12月18日）去北京出差", "我下周五去北京出差"),
    ("dentist next Friday (Dec 18) at 3pm", "dentist next Friday at 3pm"),
    ("我（12月18日）去北京出差", "我（12月18日）去北京出差"),  # the only time said: the bracket stays
    ("flying out Friday (with my sister)", "flying out Friday (with my sister)"),  # more than a time
])
def test_a_bracket_restating_a_time_is_left_out(text: str, kept: str) -> None:
    assert without_bracketed_time(text) == kept
