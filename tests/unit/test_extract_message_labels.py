"""A label that says what kind of message follows ("Correction:", "Typo:", "Update -", "PS:", 更正一下：, 补充一下，)
hid the statement after it: "Correction: Tom prefers window seats" gave nothing and Tom's aisle seat stayed current,
as did "Tom actually prefers window seats now". Now such a label is a discourse marker (``extract.asides``): the
sentence is read again without it, as "Actually ..." is, so it never adds what the bare statement would not give."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Correction: my blood type is O negative.", "identity.blood_type", "O negative"),
    ("Typo: I live in Munich.", "identity.location", "Munich"),
    ("Update: I live in Munich now.", "identity.location", "Munich"),
    ("Quick correction - I live in Munich.", "identity.location", "Munich"),
    ("PS: I'm allergic to peanuts.", "health.allergy", "peanuts"),
    ("Whoops, my dentist is Dr. Lee.", "user.dentist", "Dr. Lee"),
    ("更正一下：我住在杭州。", "identity.location", "杭州"),
    ("补充一下，我对芒果过敏。", "health.allergy", "芒果"),
])
def test_a_label_before_a_statement_is_read_past(text: str, key: str, value: str) -> None:
    assert (key, value, "") in _read(text)


@pytest.mark.parametrize("text", [
    "Update my address to 5 Main St.",  # the verb, an instruction: no label
    "Correction noted, thanks!",
    "Note to self: buy milk",
    "Edit: nevermind",
])
def test_a_label_alone_or_a_verb_states_nothing_new(text: str) -> None:
    assert not [f for f in _read(text) if f[0].startswith(("identity.", "health.", "user."))]


@pytest.mark.parametrize("then", ["Correction: Tom prefers window seats.", "Tom actually prefers window seats now."])
def test_a_labelled_change_supersedes_the_persons_fact(memory: Memory, then: str) -> None:
    memory.add("Tom prefers aisle seats.")
    memory.add(then)
    facts = {(f.value, f.subject, f.status) for f in memory.list(kind="fact", status="all", limit=50)
             if f.key == "travel.seat"}
    assert facts == {("window seat", "Tom", "active"), ("aisle seat", "Tom", "superseded")}
