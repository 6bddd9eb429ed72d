"""An employer left, then the one the user is at now: "I quit Google, I'm at Stripe now" withdrew Google and stored no
Stripe (giving something up was read apart, and "I'm at Stripe now" alone names no job); said as two sentences the
same, and the left employer was stored as "Google." with the sentence's full stop. Now the employer joined is read
beside the one left (``extract.onset.job_begun``), in one sentence or the next."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "left", "joined"), [
    ("I quit Google, I'm at Stripe now", "Google", "Stripe"),
    ("I quit Google, I'm with Stripe now.", "Google", "Stripe"),
    ("I quit Google. I'm at Stripe now.", "Google", "Stripe"),
    ("I left Acme. I'm with Initech now!", "Acme", "Initech"),
])
def test_the_employer_joined_is_read_beside_the_one_left(text: str, left: str, joined: str) -> None:
    found = _read(text)
    assert ("identity.employer", left, True) in found and ("identity.employer", joined, False) in found, found


@pytest.mark.parametrize("text", ["I quit Google. I'm at home now.", "I quit Google. I'm in Berlin now.",
                                  "I quit smoking, I'm at the gym now"])
def test_a_place_after_leaving_is_no_employer(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "identity.employer" and not f[2]]


def test_a_name_keeps_its_own_full_stop() -> None:
    assert ("identity.employer", "Acme Inc.", True) in _read("I left Acme Inc. last week")


def test_the_new_employer_supersedes_the_old(memory: Memory) -> None:
    memory.add("I work at Google.")
    memory.add("I quit Google, I'm at Stripe now.")
    facts = {(f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)
             if f.key == "identity.employer"}
    assert facts == {("Stripe", "active"), ("Google", "superseded")}
