"""A weekly habit on several days, and the change of its days. "I go to the gym Monday, Wednesday and Friday evenings"
stored nothing, "I go to the gym on Mondays, Wednesdays and Fridays" the habit cut at the first comma ("go to the gym
on Mondays"), and "Gym is now Tuesday and Thursday evenings instead" then stored ``schedule.event = and Thursday
evenings`` under a person called Gym. Now the days' list is one habit (a comma between weekdays ends no clause; days'
parts in the plural are every such day) and the activity said alone with its new days ("Gym is now ...", "Swimming is
now Mondays and Fridays", "Piano lessons moved to Tuesday and Saturday") withdraws its habits and states the new one.
One evening ("Dinner is now Friday"), a person ("Tom is now on Tuesdays"), a meeting, the gym's hours, a question
and a supposition change nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool, str]]:
    return [(c.key, c.value, c.retracts, c.subject)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "habit"), [
    ("I go to the gym Monday, Wednesday and Friday evenings.", "go to the gym Monday, Wednesday and Friday evenings"),
    ("I go to the gym on Mondays, Wednesdays and Fridays.", "go to the gym on Mondays, Wednesdays and Fridays"),
    ("I run Monday and Thursday mornings.", "run Monday and Thursday mornings"),
])
def test_a_habit_on_listed_days_is_one_habit(text: str, habit: str) -> None:
    assert ("preference.habit", habit, False, "") in _read(text)


@pytest.mark.parametrize(("text", "act", "habit"), [
    ("Gym is now Tuesday and Thursday evenings instead.", "gym", "gym on Tuesday and Thursday evenings"),
    ("Swimming is now Mondays and Fridays.", "swimming", "swimming on Mondays and Fridays"),
    ("Piano lessons moved to Tuesday and Saturday.", "piano lessons", "piano lessons on Tuesday and Saturday"),
])
def test_an_activity_said_with_new_days_moves_its_habit(text: str, act: str, habit: str) -> None:
    assert _read(text) == [("preference.habit", act, True, ""), ("preference.habit", habit, False, "")]


@pytest.mark.parametrize("text", [
    "Dinner is now Friday.", "Tom is now on Tuesdays and Thursdays.", "The meeting is now Tuesdays and Thursdays.",
    "The gym is closed Monday and Wednesday.", "Is the gym open Monday?", "If gym is now Tuesdays, I'll go.",
    "I have a meeting Monday evening.",
])
def test_no_routine_of_the_users_changes_nothing(text: str) -> None:
    assert not any(key == "preference.habit" or subject for key, _, _, subject in _read(text))


def test_the_gym_days_changed_supersede_the_old_days(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(("I go to the gym Monday, Wednesday and Friday evenings.",
                                  "Gym is now Tuesday and Thursday evenings instead.")):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        facts = mem.list(kind="fact", status="all", limit=100)
    active = {f.value for f in facts if f.status == "active"}
    assert "gym on Tuesday and Thursday evenings" in active
    assert "go to the gym Monday, Wednesday and Friday evenings" not in active
    assert not any(f.subject for f in facts)
