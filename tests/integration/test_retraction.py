"""A user withdrawing a fact ("I'm no longer allergic to peanuts", 我不再吃素了) retires it with
no successor, in English and Chinese, on SQLite and PostgreSQL; other values stay; the audit
trail records it and ``rollback`` undoes it."""

from __future__ import annotations

from typing import Any

from memstrata import Memory
from memstrata.config import Settings
from memstrata.types import Fact


def _active(mem: Memory, key: str) -> list[str]:
    return sorted(f.value for f in mem.list(key=key) if isinstance(f, Fact))


def _withdrawn(mem: Memory, text: str) -> list[str]:
    """The values ``text`` withdraws (a home said as ended is also kept as a former one: ``extract.former``)."""
    return [c.fact.value for c in mem.add(text).facts if c.action == "retract"]


def test_withdrawn_facts_are_retired_and_rollback_brings_them_back(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I'm allergic to peanuts and shellfish")
        mem.add("我是素食主义者")
        mem.add("I live in Berlin")
        other = Memory(settings=Settings(**db_settings), embedder=None, user_id="bob")
        other.add("I'm allergic to peanuts")

        withdrawn = mem.add("I am no longer allergic to peanuts")
        [change] = withdrawn.facts
        assert (change.action, change.fact.key, change.fact.value, change.fact.status) == (
            "retract", "health.allergy", "peanuts", "superseded")
        assert change.fact.valid_to is not None
        assert _active(mem, "health.allergy") == ["shellfish"]
        assert _active(other, "health.allergy") == ["peanuts"]  # another user's fact is not touched
        other.close()

        assert mem.add("我不再吃素了").facts[0].action == "retract"
        assert _active(mem, "food.diet") == []
        assert _withdrawn(mem, "I don't live in Paris anymore") == []  # names no stored value: none withdrawn
        assert _active(mem, "identity.former") == ["Paris"]  # kept as a former home, never the current one
        assert _active(mem, "identity.location") == ["Berlin"]

        [(fact, events)] = [(f, ev) for f, ev in mem.history(key="health.allergy") if f.value == "peanuts"]
        retraction = events[-1]
        assert (retraction.action, retraction.detail["retracted"]) == ("supersede", True)
        assert retraction.detail["statement"] == "I am no longer allergic to peanuts"
        assert [f.id for f in mem.rollback(retraction.id)] == [fact.id]
        assert _active(mem, "health.allergy") == ["peanuts", "shellfish"]


def test_a_named_retraction_withdraws_only_the_value_it_names_as_a_whole(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I live in Berlin")
        assert _withdrawn(mem, "I no longer live in Berlin's suburbs") == []  # a different place
        assert _active(mem, "identity.location") == ["Berlin"]
        mem.add("I live in New York")
        assert _withdrawn(mem, "I no longer live in York") == []  # a shared term is not the same value
        assert _active(mem, "identity.location") == ["New York"]
        assert _withdrawn(mem, "I don't live in new york anymore") == ["New York"]

        mem.add("I'm allergic to peanuts and shellfish")
        assert [c.fact.value for c in mem.add("I'm no longer allergic to peanut").facts] == ["peanuts"]
        assert _active(mem, "health.allergy") == ["shellfish"]
        assert [c.fact.value for c in mem.add("I'm no longer allergic").facts] == ["shellfish"]

        mem.add("我住在上海")
        assert _withdrawn(mem, "我不住在上海了") == ["上海"]
        assert _active(mem, "identity.location") == []
