"""A named thing left for another is a switch; being done with a thing ends a habit of it too.

"Ditched Trello for Todoist", "I swapped Chrome for Firefox", "I replaced Notion with Obsidian" stored nothing, and
"We dropped Jenkins for GitHub Actions" withdrew a thing used called "Jenkins for GitHub Actions": each says what
"I switched from Trello to Todoist" says, and is now read as it (the new one in the old one's place). "I'm done with
CrossFit" withdrew a thing used called CrossFit, yet the habit "I go to CrossFit every morning" stayed current; it
ends now as well (a name only: "I'm done with work" ends nothing).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.instead_of, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "new", "old"), [
    ("Ditched Trello for Todoist.", "Todoist", "Trello"),
    ("I ditched Notion for Obsidian", "Obsidian", "Notion"),
    ("We dropped Jenkins for GitHub Actions", "GitHub Actions", "Jenkins"),
    ("I replaced Notion with Obsidian", "Obsidian", "Notion"),
    ("I've swapped Chrome for Firefox", "Firefox", "Chrome"),
])
def test_a_thing_left_for_another_is_a_switch(text: str, new: str, old: str) -> None:
    assert _read(text) == [("user.uses", new, old, False)]


@pytest.mark.parametrize("text", ["I dropped the kids off for school", "I traded my Honda for a Tesla"])
def test_no_two_names_is_no_switch(text: str) -> None:
    assert not any(key == "user.uses" and not retracts for key, _, _, retracts in _read(text))


def _facts(tmp_path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=SAID + timedelta(minutes=n))
        return {(f.key, f.value, f.status) for f in mem.list(kind="fact", status="all", limit=100)}


def test_the_thing_left_is_replaced(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I use Trello for my tasks", "Ditched Trello for Todoist.")
    assert facts == {("user.tickets", "Todoist", "active"), ("user.tickets", "Trello", "superseded")}


@pytest.mark.parametrize("done", ["I'm done with CrossFit, I swim now.", "I'm totally done with CrossFit"])
def test_done_with_a_thing_ends_its_habit(tmp_path: Path, done: str) -> None:
    facts = _facts(tmp_path, "I go to CrossFit every morning", done)
    assert facts == {("preference.habit", "go to CrossFit every morning", "superseded")}


def test_done_with_no_named_thing_ends_nothing(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I go to work by bike every morning", "I'm done with work")
    assert facts == {("preference.habit", "go to work by bike every morning", "active")}


@pytest.mark.parametrize(("text", "old", "new"), [
    ("I moved my money to Capital One.", "Wells Fargo", "Capital One"),
    ("We moved our savings to Chase", "Wells Fargo", "Chase"),
])
def test_money_moved_to_a_bank_is_a_switch_of_bank(tmp_path: Path, text: str, old: str, new: str) -> None:
    """"I moved my money to Capital One" stored ``user.money = Capital One`` beside the bank said before."""
    facts = _facts(tmp_path, f"I bank with {old}", text)
    assert facts == {("user.bank", new, "active"), ("user.bank", old, "superseded")}
