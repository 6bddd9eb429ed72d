"""One message can change its mind: a value of a single-valued key said in a later sentence of the
message supersedes the one an earlier sentence said, as two messages would, and the history shows
both; values said in one sentence stand together, and a many-valued key keeps every value. Public
SDK on a real SQLite file and on PostgreSQL, with the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact


@pytest.fixture
def mem(db_settings: dict[str, Any], embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh database (SQLite file, then PostgreSQL) with the run's loaded default model."""
    with Memory(settings=Settings(**db_settings), embedder=embedder, user_id="ann") as m:
        yield m


def _values(mem: Memory, key: str, status: str = "active") -> list[str]:
    return sorted(f.value for f in mem.list(key=key, status=status) if isinstance(f, Fact))


@pytest.mark.parametrize(("text", "key", "old", "new"), [
    ("I live in Paris. Actually no, I live in Berlin.", "identity.location", "Paris", "Berlin"),
    ("我住在巴黎。不对，我住在柏林。", "identity.location", "巴黎", "柏林"),
    ("My editor is Vim. Actually, it's VS Code now.", "tool.editor", "Vim", "VSCode"),
])
def test_a_later_sentence_supersedes_the_value_an_earlier_one_said(mem: Memory, text: str, key: str, old: str,
                                                                   new: str) -> None:
    result = mem.add(text)
    assert [(c.action, c.fact.value, [p.value for p in c.previous]) for c in result.facts] == [
        ("create", old, []), ("supersede", new, [old])]
    assert _values(mem, key) == [new]
    assert _values(mem, key, "superseded") == [old]
    history = mem.history(key=key)
    assert sorted(f.value for f, _ in history) == sorted([old, new])
    [(gone, events)] = [(f, e) for f, e in history if f.status == "superseded"]
    [current] = [f for f, _ in history if f.status == "active"]
    assert gone.valid_to == current.valid_from  # the old value ends when the new one was said
    assert [e.detail.get("superseded_by") for e in events if e.action == "supersede"] == [current.id]


def test_the_corrected_place_answers_where_the_user_lives(mem: Memory) -> None:
    mem.add("I live in Paris. Actually no, I live in Berlin.")
    facts = [h.text for h in mem.search("where does the user live?", limit=5) if h.kind == "fact"]
    assert facts == ["lives in Berlin"]  # the superseded Paris is not recalled as a fact


def test_the_values_of_a_many_valued_key_in_one_message_all_stay(mem: Memory) -> None:
    mem.add("I like tea. I like coffee.")
    assert _values(mem, "drink.like") == ["coffee", "tea"]


def test_values_said_in_one_sentence_stand_together_and_a_later_sentence_replaces_the_choice(mem: Memory) -> None:
    mem.add("Please leave packages with the concierge, never at the door")
    assert _values(mem, "shipping.dropoff") == ["not at the door", "with the concierge"]
    mem.add("I live in Paris. Please leave packages with the concierge, never at the door. "
            "Actually, just leave them at the front desk.", user_id="bob")
    # the new place replaces the concierge; the door is still not where a parcel goes
    assert sorted(f.value for f in mem.list(key="shipping.dropoff", user_id="bob") if isinstance(f, Fact)) == [
        "at the front desk", "not at the door"]


@pytest.mark.parametrize("text", [
    "Leave them with the concierge. Never at the door.",
    "Leave them with the concierge, never at the door.",
])
def test_a_prohibition_stands_beside_the_choice_of_the_same_key(mem: Memory, text: str) -> None:
    mem.add(text)
    assert _values(mem, "shipping.dropoff") == ["not at the door", "with the concierge"]



@pytest.mark.parametrize(("text", "key", "old", "new"), [
    ("I live in Paris, no wait, I live in Berlin.", "identity.location", "Paris", "Berlin"),
    ("I prefer UPS, actually FedEx.", "shipping.carrier", "UPS", "FedEx"),
    ("我住在巴黎，不对，我住在柏林。", "identity.location", "巴黎", "柏林"),
])
def test_a_sentence_that_corrects_itself_after_a_comma_keeps_the_later_value(
        mem: Memory, text: str, key: str, old: str, new: str) -> None:
    mem.add(text)
    assert _values(mem, key) == [new]
    assert _values(mem, key, "superseded") == [old]


def test_a_prohibition_in_a_later_message_keeps_the_choice_unless_it_names_the_same_place(mem: Memory) -> None:
    mem.add("Leave them with the concierge.")
    mem.add("Never at the door.")
    assert _values(mem, "shipping.dropoff") == ["not at the door", "with the concierge"]
    mem.add("Actually, leave them at the front desk.")  # a new choice replaces the choice, not the prohibition
    assert _values(mem, "shipping.dropoff") == ["at the front desk", "not at the door"]
    mem.add("放门口。", user_id="cy")
    mem.add("别放门口。", user_id="cy")  # the same place forbidden: the choice is retired
    assert [f.value for f in mem.list(key="shipping.dropoff", user_id="cy") if isinstance(f, Fact)] == ["不放门口"]
