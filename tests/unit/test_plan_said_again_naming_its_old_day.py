"""A plan said again at a new day, its old day named ("My Tokyo trip is on January 8, not December 20"), takes the
place of the plan stored on that day.

"My Tokyo trip is on December 20", then days later "Tokyo trip is on January 8, not December 20", stored the trip on
January 8 beside the trip on December 20, both current (the same value named by the old day too: "my dentist
appointment is on the 19th, not the 20th" left it on the 20th). The old value named is a day, no value stored: the
user's one plan of the same thing on that day, whose message named that day, is the plan put right. A plan of another
thing on that day, or a day no plan is on, changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)


def _plans(path: Path, first: str, second: str) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """(active, superseded) (value, day of month) of the plans after ``first`` then, three days later, ``second``."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first, role="user", created_at=_AT)
        mem.add(second, role="user", created_at=_AT + timedelta(days=3))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100)
                 if f.key in ("schedule.event", "travel.plan") and f.valid_from is not None]
    return ({(f.value, f.valid_from.day) for f in facts if f.status == "active"},
            {(f.value, f.valid_from.day) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "second", "value", "old", "new"), [
    ("My Tokyo trip is on December 20", "Tokyo trip is on January 8, not December 20", "Tokyo trip", 20, 8),
    ("My Tokyo trip is on December 20", "Actually my Tokyo trip is on January 8, not December 20", "Tokyo trip",
     20, 8),
    ("I have a dentist appointment on December 20", "my dentist appointment is on the 19th, not the 20th",
     "dentist appointment", 20, 19),
    ("My sister's wedding is on December 12", "My sister's wedding is on December 13, not December 12",
     "wedding", 12, 13),
    ("我的东京之行是12月20号", "我的东京之行是1月8号，不是12月20号", "东京之行", 20, 8),
    # the plan named without its owner (我的): read as the user's plan said again
    ("我的东京之行是12月20号", "东京之行是1月8号，不是12月20号", "东京之行", 20, 8),
    ("我的婚礼是12月12号", "婚礼是12月13号，不是12月12号", "婚礼", 12, 13),
])
def test_the_plan_on_the_old_day_is_put_right(tmp_path: Path, first: str, second: str, value: str, old: int,
                                              new: int) -> None:
    active, superseded = _plans(tmp_path, first, second)
    assert active == {(value, new)}, active
    assert superseded == {(value, old)}, superseded


@pytest.mark.parametrize(("first", "second"), [
    # another plan on the old day: not the plan said again
    ("My Tokyo trip is on December 20", "My dentist appointment is on January 8, not December 20"),
    # a day the plan is not on
    ("My Tokyo trip is on December 20", "My Tokyo trip is on January 8, not December 21"),
    ("我的东京之行是12月20号", "牙医预约是1月8号，不是12月20号"),
])
def test_another_plan_or_another_day_puts_nothing_right(tmp_path: Path, first: str, second: str) -> None:
    active, superseded = _plans(tmp_path, first, second)
    assert ({("Tokyo trip", 20), ("东京之行", 20)} & active) and not superseded, (active, superseded)
