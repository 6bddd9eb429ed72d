"""A value that is a capital letter or a colour word after "my X is": "My blood type is A positive" gave nothing (the
"A" was cut as an article, and "positive" read as a judgement), and "My wife's favourite colour is red" gave nothing
("red" ends like an adjective in -ed) while "... is green" was stored. Now a capital "A" before a lower-case word
stays a letter, and a colour word is a value."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("My blood type is A positive.", "A positive"),
    ("my blood type is A negative", "A negative"),
    ("I'm A positive.", "A positive"),
    ("My blood type is AB negative.", "AB negative"),
])
def test_a_blood_type_keeps_its_letter(text: str, value: str) -> None:
    assert ("identity.blood_type", value, "") in _read(text)


@pytest.mark.parametrize(("text", "colour", "subject"), [
    ("My wife's favourite colour is red.", "red", "wife"),
    ("My wife's favorite color is red", "red", "wife"),
    ("My husband's favourite colour is grey.", "grey", "husband"),
    ("My son's favourite colour is teal.", "teal", "son"),
    ("My daughter's favourite colour is navy", "navy", "daughter"),
])
def test_a_relatives_colour_is_stored_as_theirs(text: str, colour: str, subject: str) -> None:
    found = _read(text)
    assert [(value, who) for _, value, who in found] == [(colour, subject)], found


@pytest.mark.parametrize(("text", "value"), [
    ("My car is A Tesla.", "Tesla"),  # a capital article before a name is still an article
    ("My favourite drink is a flat white.", "flat white"),
])
def test_an_article_is_still_cut(text: str, value: str) -> None:
    assert value in [v for _, v, _ in _read(text)]


@pytest.mark.parametrize("text", [
    "My week is a mess.", "My back is tired.", "My schedule is packed.", "My answer is a hard no.",
    "My room is so cluttered.",
])
def test_a_judgement_is_still_no_value(text: str) -> None:
    assert _read(text) == []


def test_a_corrected_blood_type_supersedes(memory: Memory) -> None:
    memory.add("My blood type is B positive.")
    memory.add("Sorry, typo: my blood type is A negative.")
    facts = {(f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)
             if f.key == "identity.blood_type"}
    assert facts == {("A negative", "active"), ("B positive", "superseded")}
