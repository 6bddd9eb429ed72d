"""The clauses of an English sentence beside one that a change shape reads ("ship with DHL", "we switched to
FedEx") state their own facts: a directive of two clauses is two facts (``extract.rules._other_clauses``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("Please ship with DHL, never leave it at the door",
     [("shipping.carrier", "DHL"), ("shipping.dropoff", "not at the door")]),
    ("Ship with DHL, don't leave it at the door.",
     [("shipping.carrier", "DHL"), ("shipping.dropoff", "not at the door")]),
    ("I love sushi, but we switched to FedEx last month", [("food.like", "sushi"), ("shipping.carrier", "FedEx")]),
])
def test_each_clause_states_its_own_fact(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We switched to FedEx, it's cheaper", [("shipping.carrier", "FedEx")]),
    ("Ship with DHL, thanks!", [("shipping.carrier", "DHL")]),
])
def test_a_remark_beside_the_change_adds_nothing(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected
