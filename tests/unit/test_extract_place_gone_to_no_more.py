"""Going to a named place no more ends the habit of going there, and keeps it as a former place one went to.

"I go to Equinox most mornings" is a habit (``preference.habit``); "I don't go to Equinox anymore", "I no longer go to
Equinox", "I stopped going to Equinox" stored nothing and ended nothing (going somewhere was no activity to give up:
only "go to the gym", a pastime, was), and "I'm not going to Equinox anymore" withdrew a trip to Equinox only, so the
habit stayed current. Now the habit of going to the named place is withdrawn, and the habitual wordings keep the place
as a former one ("used to go to Equinox", ``identity.former``, as "I no longer work at Google" keeps a former employer).
"I'm not going to Equinox anymore" may call a trip off too (as "I'm not going to Paris anymore"): it withdraws the
trip and the habit, and keeps no former place. A plain "I don't go to Equinox" says no change.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool]]:
    return {(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)}


@pytest.mark.parametrize(("text", "place"), [
    ("I don't go to Equinox anymore.", "Equinox"),
    ("I no longer go to Equinox", "Equinox"),
    ("I stopped going to Equinox", "Equinox"),
    ("I quit going to CrossFit", "CrossFit"),
    ("I don't go to Planet Fitness any more", "Planet Fitness"),
])
def test_going_to_a_named_place_no_more_ends_the_habit_and_keeps_the_place(text: str, place: str) -> None:
    found = _read(text)
    assert ("preference.habit", f"go to {place}", True) in found
    assert ("identity.former", place, False) in found


def test_not_going_anymore_ends_the_habit_and_a_trip_but_keeps_no_place() -> None:
    found = _read("I'm not going to Equinox anymore.")
    assert ("preference.habit", "go to Equinox", True) in found and ("travel.plan", "Equinox", True) in found
    assert not any(key == "identity.former" for key, _, _ in found)


@pytest.mark.parametrize("text", ["I don't go to Equinox", "I stopped going to bed early", "I'm not going to try"])
def test_no_change_or_no_place_ends_no_habit(text: str) -> None:
    assert not any(key in ("preference.habit", "identity.former") for key, _, _ in _read(text))


@pytest.mark.parametrize("ending", ["I'm not going to Equinox anymore.", "I stopped going to Equinox",
                                    "not going to Equinox anymore, switched to Crunch"])
def test_the_habit_of_going_there_ends(tmp_path: Path, ending: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I go to Equinox most mornings", created_at=SAID)
        mem.add(ending, created_at=SAID + timedelta(minutes=1))
        facts = {(f.key, f.value, f.status) for f in mem.list(kind="fact", status="all", limit=100)}
    assert ("preference.habit", "go to Equinox most mornings", "superseded") in facts
    assert not any(status == "active" and key == "preference.habit" for key, _, status in facts)
