"""A state said as ended with "I'm" left out (``extract.own_en``): "not vegetarian anymore, eating meat again" stored
``food.diet = eating meat again`` in place of vegetarian, read as a correction of the value ("Not Berlin, Munich":
``extract.corrected``) and then as a thing restored ("Not DHL anymore, FedEx again": ``extract.switches_en``). An end
corrects no value, and a doing said "again" is no thing restored: now it withdraws the diet, and "not drinking coffee
anymore" is the drink quit, no correction of "drinking" to "coffee"."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("not vegetarian anymore, eating meat again", [("food.diet", "", True)]),
    ("not drinking coffee anymore", [("drink.quit", "coffee", False), ("preference.habit", "drinking coffee", True)]),
])
def test_an_end_without_its_subject_is_the_speakers(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Not DHL anymore, FedEx again", [("shipping.carrier", "FedEx", False), ("shipping.carrier", "DHL", True)]),
    ("Not Berlin, Munich", [("user.corrects", "Munich", False)]),
    ("Not a problem anymore", []),
])
def test_a_thing_restored_and_a_correction_stay(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


def test_the_diet_ends_and_no_value_is_made(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I'm vegetarian btw")
        memory.add("not vegetarian anymore, eating meat again")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.key, f.value, f.status) for f in facts} == {("food.diet", "vegetarian", "superseded")}
