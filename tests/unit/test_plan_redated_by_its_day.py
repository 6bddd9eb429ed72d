"""A later message that re-dates a plan keeps the plan's thing and the month it was said in.

我们1月15号去三亚 then 不对，是2027-01-25出发 (and "sorry, I meant leaving on the 5th" after "I'm flying to Denver on
March 3") changed nothing: the day was said with the verb of setting off, so it was no time alone. 不对，是25号 after
a plan on 1月15号 moved it to the 25th of the month the correction was said in (December), and "sorry, I meant the
5th" after "March 3" to January 5th. Now the verb of setting off is left out of the value (``extract.corrected_later``)
and a day said alone keeps the month of the date it puts right. A day of return (回来, "coming back") is another date
of the trip and changes nothing, nor does a departure said with no day.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.cancelled import PLAN_KEYS

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _plans(*messages: str, path: Path) -> tuple[set[tuple[str, date]], set[tuple[str, date]]]:
    """(active, superseded) (value, first day) of the plans after ``messages``, a minute apart, in one memory."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, role="user", created_at=_AT + timedelta(minutes=i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key in PLAN_KEYS]
    return ({(f.value, f.valid_from.date()) for f in facts if f.status == "active" and f.valid_from},
            {(f.value, f.valid_from.date()) for f in facts if f.status == "superseded" and f.valid_from})


@pytest.mark.parametrize(("first", "fix", "value", "old", "new"), [
    ("我们1月15号去三亚", "不对，是2027-01-25出发。", "去三亚", date(2027, 1, 15), date(2027, 1, 25)),
    ("我们1月15号去三亚", "说错了，是25号走。", "去三亚", date(2027, 1, 15), date(2027, 1, 25)),
    ("2月3号我们要去桂林玩", "不对，是2月6号动身", "去桂林玩", date(2027, 2, 3), date(2027, 2, 6)),
    ("I'm flying to Denver on March 3", "sorry, I meant leaving on the 5th", "flying to Denver",
     date(2027, 3, 3), date(2027, 3, 5)),
    ("I'm flying to Denver on March 3", "oops, we leave on March 5", "flying to Denver",
     date(2027, 3, 3), date(2027, 3, 5)),
])
def test_a_day_said_with_its_departure_re_dates_the_plan(tmp_path: Path, first: str, fix: str, value: str,
                                                         old: date, new: date) -> None:
    active, superseded = _plans(first, fix, path=tmp_path)
    assert active == {(value, new)}, active
    assert superseded == {(value, old)}, superseded


@pytest.mark.parametrize(("first", "fix", "value", "old", "new"), [
    ("我们1月15号去三亚", "不对，是25号。", "去三亚", date(2027, 1, 15), date(2027, 1, 25)),
    ("I'm flying to Denver on March 3", "sorry, I meant the 5th", "flying to Denver",
     date(2027, 3, 3), date(2027, 3, 5)),
    ("我们2027-02-10去丽江", "不对，是12号", "去丽江", date(2027, 2, 10), date(2027, 2, 12)),
])
def test_a_day_alone_keeps_the_month_of_the_plan(tmp_path: Path, first: str, fix: str, value: str,
                                                 old: date, new: date) -> None:
    active, superseded = _plans(first, fix, path=tmp_path)
    assert active == {(value, new)}, active
    assert superseded == {(value, old)}, superseded


@pytest.mark.parametrize(("first", "fix", "value", "day"), [
    ("我们1月15号去三亚", "不对，是25号回来。", "去三亚", date(2027, 1, 15)),
    ("I'm flying to Denver on March 3", "sorry, I meant leaving early", "flying to Denver", date(2027, 3, 3)),
])
def test_a_return_or_a_departure_of_no_day_keeps_the_plan(tmp_path: Path, first: str, fix: str, value: str,
                                                          day: date) -> None:
    active, superseded = _plans(first, fix, path=tmp_path)
    assert (value, day) in active, active
    assert not superseded, superseded
