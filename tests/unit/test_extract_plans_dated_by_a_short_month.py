"""A plan's date said with the month cut short ("on Dec 20", "Dec. 20th", "20 Sept", "the 3rd of Feb") is a date.

Only the month's full name was read: "I'm going to Lisbon on Dec 20th" stored nothing while "on December 20th" stored
the trip dated 20 December; and a plan with its aim after the date ("flying to Oslo on December 20 to see my aunt")
kept the "on" the date left behind ("flying to Oslo on"). A short month name is read only with a day or a year
beside it: "in Mar" alone names no time.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _plans(text: str) -> list[tuple[str, str, date | None]]:
    return [(c.key, c.value, c.valid_from.date() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)
            if c.key in ("schedule.event", "travel.plan")]


@pytest.mark.parametrize(("text", "found"), [
    ("I'm going to Lisbon on Dec 20th", ("travel.plan", "going to Lisbon", date(2026, 12, 20))),
    ("We leave for Rome on Dec. 22", ("travel.plan", "leave for Rome", date(2026, 12, 22))),
    ("I have a vet appointment on Jan 14th", ("schedule.event", "vet appointment", date(2027, 1, 14))),
    ("I'm flying to Oslo on Dec 20 to see my aunt", ("travel.plan", "flying to Oslo", date(2026, 12, 20))),
    ("I'm flying to Oslo on December 20 to see my aunt", ("travel.plan", "flying to Oslo", date(2026, 12, 20))),
    ("I'm hosting a dinner on 19 Dec to thank the neighbours", ("schedule.event", "hosting a dinner",
                                                                date(2026, 12, 19))),
])
def test_a_plan_dated_by_a_short_month_is_dated(text: str, found: tuple[str, str, date]) -> None:
    assert _plans(text) == [found]


@pytest.mark.parametrize(("text", "day"), [
    ("on Dec 20", date(2026, 12, 20)), ("Sept 5th", date(2027, 9, 5)), ("20 Sept", date(2027, 9, 20)),
    ("the 3rd of Feb", date(2027, 2, 3)), ("Jan 2027", date(2027, 1, 1)),
])
def test_a_short_month_with_a_day_or_a_year_is_read(text: str, day: date) -> None:
    period = resolve_relative(text, SAID, prefer_future=True)
    assert period is not None and period[0].date() == day


@pytest.mark.parametrize("text", ["in Mar", "I have 2 decks", "a decent 20 minutes", "the jury sat for 5 days"])
def test_a_short_month_alone_or_a_word_is_no_time(text: str) -> None:
    assert resolve_relative(text, SAID, prefer_future=True) is None


@pytest.mark.parametrize(("text", "found"), [
    # a feeling said before what someone else did is no plan of the user's
    ("I'm sorta excited that Joseph suggested peer review sessions starting Feb 20, and it already helped", []),
    # what one has, with the date in another clause, is no plan
    ("I'm kinda stressed about my course starting Dec 15, and I have a 6-week duration to learn it all", []),
    # a past verb after an adverb is done, whatever date it is due by
    ("I also approved $300 for the holiday supplies by Dec 10", [("event", "approved $300 for the holiday supplies")]),
])
def test_a_date_read_makes_no_plan_of_a_feeling_a_thing_had_or_a_deed_done(
        text: str, found: list[tuple[str, str]]) -> None:
    said = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    assert [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=said)] == found
