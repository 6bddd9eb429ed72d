"""A plan said in the user's own words and then called off or moved in few words: a new job's plan ("staff
engineer at Contoso") stayed after "I'm not going to Contoso after all" (a place alone named a plan only where
it goes "to", "in" or "for", never where it is "at")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))  # a Tuesday, in the user's own offset


def _facts(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        return {(f.status, f.key, f.value) for f in mem.list(kind="fact", status="all", limit=50)}


def test_not_going_to_a_place_after_all_withdraws_the_plan_at_it(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I left Northwind. Starting Monday I'm a staff engineer at Contoso.",
                   "Actually I'm not going to Contoso after all, I'm staying at Northwind.")
    assert ("superseded", "schedule.event", "staff engineer at Contoso") in facts, facts
    assert not [f for f in facts if f[0] == "active" and "Contoso" in f[2]], facts


def test_a_passing_state_names_no_plan(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I'm having dinner at Nobu on Friday.", "I'm not going to the gym today")
    assert not [f for f in facts if f[0] == "superseded"], facts


def _plans(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        return {(f.status, f.value, f.valid_from.astimezone(_AT.tzinfo).date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)}


def test_a_booked_plan_is_stored_without_being_booked() -> None:
    from memstrata.extract.rules import RuleExtractor

    found = RuleExtractor().extract(text="I have a haircut booked for Friday at 10am.", role="user", said_at=_AT)
    assert [(c.key, c.value) for c in found] == [("schedule.event", "haircut at 10am")], found


def test_a_move_asked_for_moves_the_one_plan_ahead(tmp_path: Path) -> None:
    facts = _plans(tmp_path, "I have a haircut booked for Friday at 10am.", "Move it to Saturday.")
    assert [f for f in facts if f[0] == "active"] == [("active", "haircut at 10am", "2026-12-05")], facts


def test_a_move_to_no_day_moves_nothing(tmp_path: Path) -> None:
    facts = _plans(tmp_path, "I have a haircut booked for Friday at 10am.", "Move it to the top of the list")
    assert facts == {("active", "haircut at 10am", "2026-12-04")}, facts


@pytest.mark.parametrize("plan", ["我们约了周六和老王吃饭。", "我们周六约了和老王吃饭。"])
def test_an_arrangement_with_someone_is_a_plan_that_that_calls_off(tmp_path: Path, plan: str) -> None:
    facts = _plans(tmp_path, plan, "那个取消了。")
    assert facts == {("superseded", "和老王吃饭", "2026-12-05")}, facts


def test_that_said_of_a_dish_calls_off_nothing(tmp_path: Path) -> None:
    facts = _plans(tmp_path, "我们约了周六和老王吃饭。", "那个很好吃")
    assert facts == {("active", "和老王吃饭", "2026-12-05")}, facts


def test_a_plan_moved_on_its_own_day_moves(tmp_path: Path) -> None:
    """Said the morning of the plan's day, three days after it, the move found no plan ahead: a plan ahead started at
    or after the message, and the day began before it."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我周五要去看牙医。", created_at=_AT)
        mem.add("改到下周一了。", created_at=_AT + timedelta(days=3))  # Friday, 9:00
        facts = {(f.status, f.valid_from.astimezone(_AT.tzinfo).date().isoformat() if f.valid_from else "")
                 for f in mem.list(kind="fact", status="all", limit=50)}
    assert ("active", "2026-12-07") in facts and ("active", "2026-12-04") not in facts, facts


@pytest.mark.parametrize(("change", "after"), [
    ("Push the car service back to next Monday.", {("superseded", "2026-12-04"), ("active", "2026-12-07")}),
    ("Can we move that to Saturday?", {("superseded", "2026-12-04"), ("active", "2026-12-05")}),
    ("The car service is off after all.", {("superseded", "2026-12-04")}),
    ("Let's push the dentist to Monday.", {("active", "2026-12-04")}),  # a plan the user does not hold
])
def test_a_plan_moved_or_called_off_by_its_own_words_or_asked(tmp_path: Path, change: str,
                                                                after: set[tuple[str, str]]) -> None:
    """A plan named by its own words ("the car service"), moved as asked ("Can we move that …?") or "off": before, only
    a pronoun or a kind of plan ("the trip") named a plan changed, and a question changed nothing."""
    facts = _plans(tmp_path, "I have a car service on Friday.", change)
    assert {(status, day) for status, _, day in facts} == after, facts
