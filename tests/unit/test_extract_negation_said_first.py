"""A negation said first: "I'm not vegetarian" and 我不吃素 stored nothing (a withdrawal finding no diet to end); the
diet denied is now a fact of its own (``food.diet = not vegetarian`` / ``不吃素``, a prohibition's form), which ends a
stored diet and which a later "I'm vegetarian now" ends. An allergy denied ("I am not allergic to peanuts", 我对花生不
过敏) stored nothing either; it is now ``fact.general = not allergic to peanuts`` (对花生不过敏), never under
``health.allergy`` where an allergy reader would take its value for the allergen: it withdraws a stored allergy, a
later allergy to the same thing (or its twin) supersedes it, and a change ("... anymore", 了) is the withdrawal alone.
A plain "not" of a day or a doubt states nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


def _current(tmp_path: Path, *said: str) -> list[tuple[str, str]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in said:
            mem.add(text)
        return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


@pytest.mark.parametrize(("said", "left"), [
    (["I'm not vegetarian"], [("food.diet", "not vegetarian")]),
    (["I'm not a vegan."], [("food.diet", "not vegan")]),
    (["我不吃素"], [("food.diet", "不吃素")]),
    (["我不是素食者"], [("food.diet", "不吃素")]),
    (["I'm not vegetarian", "I'm vegetarian now"], [("food.diet", "vegetarian")]),
    (["我不吃素", "我现在吃素了"], [("food.diet", "吃素")]),
    (["I'm vegetarian", "I'm not vegetarian"], [("food.diet", "not vegetarian")]),
    (["我吃素", "我不吃素"], [("food.diet", "不吃素")]),
    (["I'm vegetarian", "I'm not vegetarian anymore"], []),  # a change said: the withdrawal alone
    (["我吃素", "我不吃素了"], []),
])
def test_a_diet_denied_is_a_fact_of_its_own(tmp_path: Path, said: list[str], left: list[tuple[str, str]]) -> None:
    assert _current(tmp_path, *said) == left


@pytest.mark.parametrize(("said", "left"), [
    (["I am not allergic to peanuts"], [("fact.general", "not allergic to peanuts")]),
    (["我对花生不过敏"], [("fact.general", "对花生不过敏")]),
    (["I am not allergic to peanuts", "I'm allergic to peanuts"], [("health.allergy", "peanuts")]),
    (["我对花生不过敏", "我对花生过敏"], [("health.allergy", "花生")]),
    (["我对花生不过敏", "I'm allergic to peanuts"], [("health.allergy", "peanuts")]),  # its twin
    (["I'm allergic to peanuts", "Actually I'm not allergic to peanuts"],
     [("fact.general", "not allergic to peanuts")]),
    (["我对花生过敏", "其实我对花生不过敏"], [("fact.general", "对花生不过敏")]),
    (["I'm not allergic to peanuts", "I'm allergic to shellfish"],
     [("fact.general", "not allergic to peanuts"), ("health.allergy", "shellfish")]),
    (["I'm allergic to peanuts", "I'm not allergic to peanuts anymore"], []),  # a change: the withdrawal alone
    (["我对花生过敏", "我对花生不过敏了"], []),
    (["I'm not allergic to peanuts, it's my friend who is."], []),
    (["I'm not allergic to seafood except shrimp"], []),
])
def test_an_allergy_denied_never_reads_as_the_allergy(
        tmp_path: Path, said: list[str], left: list[tuple[str, str]]) -> None:
    assert _current(tmp_path, *said) == left


@pytest.mark.parametrize("text", ["I'm not sure about UPS.", "I'm not sure about peanuts.",
                                  "I didn't go running this morning.", "我今天没跑步。",
                                  "Don't forget to call mom.", "I'm not sure I'm vegetarian enough."])
def test_a_plain_not_of_a_day_or_a_doubt_states_nothing(text: str) -> None:
    assert _read(text) == []


def test_an_allergy_denied_is_superseded_with_its_history(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm not allergic to peanuts")
        [denial] = mem.list()
        mem.add("I'm allergic to peanuts")
        [allergy] = mem.list()
        assert (allergy.key, allergy.value) == ("health.allergy", "peanuts")
        [(_, events)] = mem.history(denial.id)
        assert [e.action for e in events] == ["create", "supersede"]
        assert events[-1].detail["superseded_by"] == allergy.id
