"""A change of plan that names no plan of its own is read against the plans the user holds
(``extract.plan_changed``, ``facts.meant.plan_meant``): "Now on March 21 instead" after "I'm flying to Lisbon for a
week on March 14" left the trip on the 14th, "Please drop the physio session, I cancelled it" withdrew nothing ("it"),
"The trip is cancelled" kept "flying to Lisbon" (no word "trip" in it), 预约取消了 kept 看牙医, and 计划有变，改到下周五
moved nothing. The one plan ahead the change fits (by the message's own words, by the kind it names, or the only one)
now moves or is withdrawn; none or several fitting change nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 11, 14, 9, 0, tzinfo=UTC)  # a Saturday; the messages are two days apart


def _plans(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    """(status, value, day) of every fact after ``messages``, said two days apart."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        return {(f.status, f.value, f.valid_from.date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("messages", "value", "old", "new"), [
    (("I'm flying to Lisbon for a week on March 14.", "Now on March 21 instead."), "flying to Lisbon for a week",
     "2027-03-14", "2027-03-21"),
    (("我12月20号要看牙医", "计划有变，改到下周五"), "看牙医", "2026-12-20", "2026-11-27"),
    (("I have a dentist appointment on March 20.", "It's been moved to March 27."), "dentist appointment",
     "2027-03-20", "2027-03-27"),
    # moved by a span from its own day, a relative's plan as well as the user's own
    (("My sister's wedding is on June 5.", "They pushed it back a week."), "wedding", "2027-06-05", "2027-06-12"),
    (("我姐姐的婚礼在6月5日。", "婚礼推迟了一周。"), "婚礼", "2027-06-05", "2027-06-12"),
    (("My sister's wedding is on June 5.", "We pushed the wedding back a week."), "wedding", "2027-06-05",
     "2027-06-12"),
    (("I have a dentist appointment on March 20.", "It got moved forward two days."), "dentist appointment",
     "2027-03-20", "2027-03-18"),
    (("我12月20号要看牙医", "提前两天了"), "看牙医", "2026-12-20", "2026-12-18"),
])
def test_a_plan_moved_without_its_name_moves_the_one_plan_ahead(tmp_path: Path, messages: tuple[str, ...],
                                                                value: str, old: str, new: str) -> None:
    facts = _plans(tmp_path, *messages)
    assert facts == {("superseded", value, old), ("active", value, new)}, facts


@pytest.mark.parametrize(("messages", "gone"), [
    (("I have a physio session on Thursday.", "Please drop the physio session, I cancelled it."), "physio session"),
    (("I'm flying to Lisbon on March 14.", "The trip is cancelled."), "flying to Lisbon"),
    (("我12月20号要看牙医", "预约取消了"), "看牙医"),
    (("我12月20号要看牙医", "我把它取消了"), "看牙医"),
    # asked for, with its reason after it: what "it" stands for is said before it
    (("I have a job interview at Acme on Monday.", "Cancel it, I took another offer."), "job interview at Acme"),
])
def test_a_plan_called_off_by_a_pronoun_or_its_kind_is_withdrawn(tmp_path: Path, messages: tuple[str, ...],
                                                                 gone: str) -> None:
    facts = _plans(tmp_path, *messages)
    assert [f for f in facts if f[0] == "superseded"] == [f for f in facts if f[1] == gone] != [], facts
    assert not [f for f in facts if f[0] == "active"], facts


@pytest.mark.parametrize(("messages", "gone"), [
    # the message's own words say which of two plans "it" is
    (("I'm flying to Lisbon on March 14.", "I have a physio session on Thursday.",
      "Please drop the physio session, I cancelled it."), "physio session"),
    # the kind named says which: a trip is no appointment
    (("I'm flying to Lisbon on March 14.", "I have a dentist appointment on March 20.", "The trip is cancelled."),
     "flying to Lisbon"),
    # said in the first person or asked for, "it" is the user's own plan, not a sister's
    (("My sister's wedding is on June 5.", "I have a dentist appointment on March 20.", "I cancelled it."),
     "dentist appointment"),
    (("我姐姐的婚礼在6月5日。", "我12月20号要看牙医", "我把它取消了"), "看牙医"),
])
def test_the_words_of_the_change_pick_one_of_two_plans(tmp_path: Path, messages: tuple[str, ...], gone: str) -> None:
    facts = _plans(tmp_path, *messages)
    assert {f[1] for f in facts if f[0] == "superseded"} == {gone}, facts
    assert len([f for f in facts if f[0] == "active"]) == 1, facts


@pytest.mark.parametrize("messages", [
    ("I'm flying to Lisbon on March 14.", "I have a dentist appointment on March 20."),  # a second plan, no change
    ("I'm flying to Lisbon on March 14.", "Now I'm tired."),  # now, and no day
    ("I'm flying to Lisbon on March 14.", "I have a dentist appointment on March 20.", "It's cancelled."),  # which?
    ("I'm flying to Lisbon on March 14.", "I have a dentist appointment on March 20.", "Now on March 28 instead."),
    ("I have a dentist appointment on March 20.", "The trip is cancelled."),  # an appointment is no trip
    ("我12月20号要去东京", "预约取消了"),  # a trip is no appointment
    ("I'm flying to Lisbon on March 14.", "If it's cancelled, I'll stay home."),  # supposed, not done
    ("I'm flying to Lisbon on March 14.", "I have a dentist appointment on March 20.",
     "Cancel it, I took another offer."),  # which?
    ("I have a dentist appointment on March 20.", "My sister's wedding is on June 5.", "They pushed it back a week."),
    ("I'm flying to Lisbon on March 14.", "They moved it a week."),  # which way?
    ("I'm flying to Lisbon on March 14.", "The wedding got pushed back a week."),  # a plan not held
    ("I have a dentist appointment on March 20.", "Cancel that, I meant March 21."),  # what was said taken back
])
def test_a_change_that_fits_no_single_plan_changes_nothing(tmp_path: Path, messages: tuple[str, ...]) -> None:
    facts = _plans(tmp_path, *messages)
    assert not [f for f in facts if f[0] == "superseded"], facts


def test_it_with_no_plan_ahead_stores_nothing(tmp_path: Path) -> None:
    assert _plans(tmp_path, "Please drop it, I cancelled it.") == set()


@pytest.mark.parametrize("messages", [
    ("I'm flying to Lisbon on March 14.", "I had Netflix but the price went up, so I cancelled it."),
    ("我12月20号要看牙医", "会员太贵了，我把它取消了"),
    ("I'm flying to Lisbon on March 14.", "My yoga class moved. Now on March 21 instead."),
])
def test_it_standing_for_something_else_the_message_names_changes_no_plan(tmp_path: Path,
                                                                          messages: tuple[str, ...]) -> None:
    facts = _plans(tmp_path, *messages)
    assert not [f for f in facts if f[0] == "superseded"], facts


def test_a_plan_moved_without_its_name_is_said_at_its_new_day(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm flying to Lisbon for a week on March 14.", created_at=_AT)
        mem.add("Now on March 21 instead.", created_at=_AT + timedelta(days=2))
        [plan] = mem.list(kind="fact", limit=10)
    assert plan.valid_from is not None and plan.valid_to is not None
    assert (plan.valid_from.date().isoformat(), plan.valid_to.date().isoformat()) == ("2027-03-21", "2027-03-22")
    assert "2027-03-21" in plan.statement and "03-14" not in plan.statement, plan.statement
