"""A correction that names the old value it puts right applies at any distance; one naming only the new value does not.

"I live in Seattle" then, the next morning, "Sorry, I meant Tacoma, not Seattle." (我住在上海 then
说错了，是苏州，不是上海 16 hours later) kept Seattle current: the old value was read as no part of the
correction, which then spoke of the message before only, within ``facts.previous.WINDOW``. Named, the old
value says which of the user's facts is put right, wherever it was said. "sorry I meant Tacoma" alone a day
later still corrects nothing, and a "not X" that no active fact holds changes nothing. A time named as the
old one ("not Friday") must be the time of the plan of the message before ("a meeting next Friday"): "not
Monday" after it moves no plan.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.corrected_later import KEY
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 11, 13, 18, 20, tzinfo=UTC)
_NEXT_MORNING = timedelta(hours=15, minutes=45)


def _facts(path: Path, first: str, fix: str, gap: timedelta) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) of the user's facts after ``first`` and then ``fix`` ``gap`` later."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first, role="user", created_at=_AT)
        mem.add(fix, role="user", created_at=_AT + gap)
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "fix", "old", "new"), [
    ("I live in Seattle", "Sorry, I meant Tacoma, not Seattle.", "Seattle", "Tacoma"),
    ("I live in Seattle", "oops, I meant Tacoma not Seattle", "Seattle", "Tacoma"),
    ("I work in Leeds", "my bad, York, not Leeds", "Leeds", "York"),
    ("我住在上海", "说错了，是苏州，不是上海", "上海", "苏州"),
    ("我在南京工作", "口误，是在南通，不是南京", "南京", "南通"),
])
def test_the_old_value_named_is_put_right_the_next_day(tmp_path: Path, first: str, fix: str, old: str,
                                                       new: str) -> None:
    active, superseded = _facts(tmp_path, first, fix, _NEXT_MORNING)
    assert {v for _, v in active} == {new}, active
    assert {v for _, v in superseded} == {old}, superseded
    assert {k for k, _ in active} == {k for k, _ in superseded}  # under the old value's own key


@pytest.mark.parametrize(("first", "fix"), [
    ("I live in Seattle", "sorry I meant Tacoma"),  # no old value named: the message before only, within the window
    ("我住在上海", "说错了，是苏州"),
    ("I live in Seattle", "Sorry, I meant Tacoma, not Portland."),  # no active fact holds Portland
    ("我住在上海", "说错了，是苏州，不是杭州"),
])
def test_a_later_correction_naming_no_held_value_changes_nothing(tmp_path: Path, first: str, fix: str) -> None:
    active, superseded = _facts(tmp_path, first, fix, _NEXT_MORNING)
    assert len(active) == 1 and superseded == set(), (active, superseded)


def test_the_old_value_is_read_with_the_new_one() -> None:
    said = ("Sorry, I meant Tacoma, not Seattle.", "说错了，是苏州，不是上海吧")
    found = [(c.key, c.value, c.instead_of) for text in said
             for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert found == [(KEY, "Tacoma", "Seattle"), (KEY, "苏州", "上海")]


@pytest.mark.parametrize(("plan", "fix"), [
    ("I have a meeting with my manager next Friday", "actually no, it's next Thursday, not Monday"),
    ("下周五我和经理有个会议", "不对，是下周四，不是周一"),
    ("My dentist appointment is on the 12th", "no wait, it's the 14th, not the 13th"),
])
def test_a_time_named_that_the_plan_was_not_at_moves_no_plan(tmp_path: Path, plan: str, fix: str) -> None:
    active, superseded = _facts(tmp_path, plan, fix, timedelta(minutes=1))
    assert len(active) == 1 and superseded == set(), (active, superseded)


def _three(path: Path, fix: str, gap: timedelta) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) after a hometown and a home in one city, then ``fix`` ``gap`` later."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I grew up in Seattle", role="user", created_at=_AT - timedelta(minutes=1))
        mem.add("I live in Seattle now", role="user", created_at=_AT)
        mem.add(fix, role="user", created_at=_AT + gap)
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize("fix", ["Sorry, I meant Tacoma, not Seattle.", "Oops, not Seattle, Tacoma"])
def test_an_old_value_two_facts_hold_is_the_one_of_the_message_before(tmp_path: Path, fix: str) -> None:
    active, superseded = _three(tmp_path, fix, timedelta(minutes=1))
    assert active == {("identity.hometown", "Seattle"), ("identity.location", "Tacoma")}, active
    assert superseded == {("identity.location", "Seattle")}, superseded


@pytest.mark.parametrize("fix", ["Sorry, I meant Tacoma, not Seattle.", "Oops, not Seattle, Tacoma"])
def test_an_old_value_two_facts_hold_said_later_changes_nothing(tmp_path: Path, fix: str) -> None:
    active, superseded = _three(tmp_path, fix, _NEXT_MORNING)
    assert superseded == set() and ("identity.location", "Seattle") in active, (active, superseded)
