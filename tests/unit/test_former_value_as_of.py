"""A search "as of" a past time ranks a message down as stating only former values (``recall.present``) by what
held then: "I live in Leeds now, I used to live in London." stated a current home until "I moved to York" replaced
Leeds, and was ranked down (its home read as superseded, as it is today) for "where does the user live now?" asked
as of a time before the move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memstrata.extract.former import FORMER_KEY
from memstrata.recall.present import is_former_only, status_then
from memstrata.store.records import Citation
from memstrata.types import Hit, Scope

SCOPE = Scope(user_id="u")
SAID = datetime(2026, 12, 1, tzinfo=UTC)
MOVED = SAID + timedelta(days=3)  # "I moved to York": Leeds superseded then
KEYS = {1: "identity.location", 2: FORMER_KEY}
TEXT = "I live in Leeds now, I used to live in London."


def _hit() -> Hit:
    return Hit(kind="episode", id=7, text=TEXT, matched=TEXT, score=0.9, relevance=0.9, created_at=SAID,
               citations=(), scope=SCOPE)


def _cited() -> list[Citation]:
    return [Citation(7, 1, "superseded", SAID, MOVED, "Leeds"), Citation(7, 2, "active", SAID, None, "London")]


def test_before_the_move_the_message_stated_a_current_home() -> None:
    assert not is_former_only(_hit(), KEYS, _cited(), as_of=MOVED - timedelta(days=1))


def test_after_the_move_and_today_it_states_only_former_values() -> None:
    assert is_former_only(_hit(), KEYS, _cited(), as_of=MOVED + timedelta(days=1))
    assert is_former_only(_hit(), KEYS, _cited())


def test_a_fact_recorded_after_as_of_says_nothing_then() -> None:
    late = Citation(7, 2, "active", MOVED, None, "London")
    assert status_then(late, SAID) is None
    assert (status_then(late, MOVED), status_then(_cited()[0], SAID), status_then(_cited()[0], MOVED)) == (
        "active", "active", "superseded")
