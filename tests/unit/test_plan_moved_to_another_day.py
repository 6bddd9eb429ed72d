"""A plan the user holds, said again at a new day with a change marker ("moved to", "instead", 改到, 推迟到),
stayed on its old day: "the Porto trip moved to May 9" after "I'm planning to fly to Porto on May 2" stored a
second plan beside it, "I'm flying to Porto on May 9 instead" only touched the old one (keeping May 2), "The
clinic moved my appointment to Monday" stored nothing, and 出差推迟到下周五了 after 下周三我要去杭州出差 a second
plan. The one plan ahead that the words name (a word of its own shared, or its kind alone when it is the one
plan ahead) now moves to the new day under its own name; another plan, a move of something that is no plan, or
the same plan said at a new day with no change marker (a second trip may be meant) moves nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)  # a Saturday


def _plans(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(hours=i))
        return {(f.status, f.value, f.valid_from.date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("plan", "move", "value", "old", "new"), [
    ("I'm planning to fly to Porto on May 2.", "Correction: the Porto trip moved to May 9.", "fly to Porto",
     "2027-05-02", "2027-05-09"),
    ("I'm planning to fly to Porto on May 2.", "Change of plan: I'm flying to Porto on May 9 instead.",
     "fly to Porto", "2027-05-02", "2027-05-09"),
    ("I'm flying to Porto on May 2.", "I'm flying to Porto on May 9 instead.", "flying to Porto",
     "2027-05-02", "2027-05-09"),
    ("I have an eye doctor appointment on Thursday", "The clinic moved my appointment to Monday",
     "eye doctor appointment", "2026-12-10", "2026-12-07"),
    ("I have an eye doctor appointment on Thursday", "The eye doctor pushed my appointment back to Friday.",
     "eye doctor appointment", "2026-12-10", "2026-12-11"),
    ("下周三我要去杭州出差", "出差推迟到下周五了", "去杭州出差", "2026-12-09", "2026-12-11"),
    ("下周三我要去杭州出差", "杭州出差改到下周四了", "去杭州出差", "2026-12-09", "2026-12-10"),
    ("我12月20号要去东京", "东京之行提前到12月18号了", "去东京", "2026-12-20", "2026-12-18"),
])
def test_the_plan_moves_to_the_new_day(tmp_path: Path, plan: str, move: str, value: str, old: str, new: str) -> None:
    facts = _plans(tmp_path, plan, move)
    assert ("superseded", value, old) in facts, facts
    assert [f for f in facts if f[0] == "active"] == [("active", value, new)], facts


@pytest.mark.parametrize(("plan", "other"), [
    ("I'm flying to Porto on May 2.", "My sister moved to Porto."),  # a person moved, no plan
    ("I'm flying to Porto on May 2.", "I moved the meeting notes to Notion."),  # no day
    ("I have an eye doctor appointment on Thursday", "My haircut was moved to Monday."),  # another plan
    ("I have an eye doctor appointment on Thursday", "The trip moved to Monday."),  # a trip is no appointment
    ("I'm flying to Porto on May 2.", "Change of plan: I'm driving to Lyon on May 9 instead."),  # another place
    ("下周三我要去杭州出差", "下周五我要去上班"),  # 去上 is no word of the trip's own
    ("下周三我要去杭州出差", "牙医预约改到下周五了"),
])
def test_another_plan_leaves_the_old_day_alone(tmp_path: Path, plan: str, other: str) -> None:
    facts = _plans(tmp_path, plan, other)
    assert not [f for f in facts if f[0] == "superseded"], facts


def test_the_same_plan_at_a_new_day_unmarked_is_not_a_restatement(tmp_path: Path) -> None:
    """No change marker: a second trip may be meant, so both stand; the old one is not touched into keeping the
    new day's words at its old day (the new day is stored)."""
    facts = _plans(tmp_path, "I'm flying to Porto on May 2.", "I'm flying to Porto on May 9.")
    assert {f for f in facts if f[0] == "active"} == {("active", "flying to Porto", "2027-05-02"),
                                                      ("active", "flying to Porto", "2027-05-09")}, facts


@pytest.mark.parametrize(("messages", "value", "new"), [
    # the kind alone among two plans: the one of that kind moves (an appointment is no trip)
    (("I'm flying to Porto on May 2.", "I have an eye doctor appointment on Thursday",
      "The clinic moved my appointment to Monday"), "eye doctor appointment", "2026-12-07"),
    # two appointments: the message's other words say which ("the dentist")
    (("I have a dentist appointment on Thursday", "I have a haircut appointment on Friday",
      "The dentist moved my appointment to Monday"), "dentist appointment", "2026-12-07"),
])
def test_a_plan_moved_by_its_kind_among_several_moves_the_one_its_words_fit(
        tmp_path: Path, messages: tuple[str, ...], value: str, new: str) -> None:
    facts = _plans(tmp_path, *messages)
    assert [f for f in facts if f[0] == "superseded"] == [f for f in facts if f[0] == "superseded" and f[1] == value]
    assert ("active", value, new) in facts, facts
    assert len([f for f in facts if f[0] == "superseded"]) == 1, facts
