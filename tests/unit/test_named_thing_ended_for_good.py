"""A thing ended by name ("Never use DPD again", "No more DPD please", "I'm done with DPD") ends the fact that holds it,
whatever key that fact was stored under: a carrier no gazetteer lists ("I prefer DPD for delivery") is one only
because the stored fact says so. Before, "Never use DPD again" stored ``preference.habit = Never use DPD`` and the
other two nothing, and ``shipping.carrier = DPD`` stayed current after each. A thing not named ("I'm done with
work", "Never use tabs again", "No more questions.") ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("Never use DPD again", [("user.uses", "DPD", True), ("preference.dislike", "DPD", False)]),
    ("Don't ever use Hermes again!", [("user.uses", "Hermes", True), ("preference.dislike", "Hermes", False)]),
    ("No more DPD please", [("user.uses", "DPD", True)]),
    # being done with a thing ends a habit of it too ("I check Jira every morning": test_extract_thing_left_for_another)
    ("I'm done with Jira.", [("user.uses", "Jira", True), ("preference.habit", "Jira", True)]),
    ("We're totally done with Trello", [("user.uses", "Trello", True), ("preference.habit", "Trello", True)]),
])
def test_a_named_thing_ended_for_good_is_withdrawn(text: str, read: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", [
    "I'm done with work", "I'm done with this", "No more questions.", "I'm so done with the whole thing",
    "No more excuses, no more 'I can't find it.' Fix it.", "No more TypeError today, phew.",
    "No more Northern Line delays for me.",
])
def test_no_thing_named_ends_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_habit_said_as_never_again_stays_a_habit() -> None:
    assert _read("Never use tabs again") == [("preference.habit", "Never use tabs", False)]


@pytest.mark.parametrize("ending", ["Never use DPD again", "No more DPD please", "I'm done with DPD"])
def test_the_fact_holding_the_thing_ends_whatever_its_key(tmp_path: Path, ending: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I prefer DPD for delivery")
        mem.add(ending)
        active = {(f.key, f.value) for f in mem.list() if isinstance(f, Fact)}
        assert ("shipping.carrier", "DPD") not in active


def test_another_carrier_stays(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I prefer DPD for delivery")
        mem.add("I'm done with Jira")
        assert ("shipping.carrier", "DPD") in {(f.key, f.value) for f in mem.list() if isinstance(f, Fact)}
