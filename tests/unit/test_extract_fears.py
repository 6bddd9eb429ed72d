"""A fear said in either shape, the speaker afraid of a thing or the thing frightening the speaker, is a ``fear``
of the user's or of the person named; a worry about one moment, a polite "I'm afraid", a past, a pronoun and a
negation are none (``extract.fears``)."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest

from memstrata.extract import fears
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _fears(text: str) -> list[tuple[str, bool, str]]:
    return [(c.value, c.retracts, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID) if c.key == "fear"]


def test_doctests() -> None:
    assert doctest.testmod(fears).failed == 0


@pytest.mark.parametrize(("text", "feared"), [
    ("I'm scared of flying", "flying"),
    ("I'm terrified of spiders.", "spiders"),
    ("im really afraid of the dark honestly", "the dark"),
    ("I have a real fear of needles", "needles"),
    ("I've always been afraid of deep water", "deep water"),
    ("heights freak me out", "heights"),
    ("Big dogs scare me", "big dogs"),
    ("Flying terrifies me lol", "flying"),
])
def test_a_fear_of_the_user(text: str, feared: str) -> None:
    assert _fears(text) == [(feared, False, "")]


def test_a_fear_of_someone_else_is_theirs() -> None:
    assert _fears("My son is scared of the dark") == [("the dark", False, "son")]
    assert _fears("Mei is terrified of snakes") == [("snakes", False, "Mei")]


def test_a_fear_said_as_ended_is_withdrawn() -> None:
    assert _fears("I'm no longer afraid of flying") == [("flying", True, "")]


@pytest.mark.parametrize("text", [
    "I'm not scared of spiders", "I'm afraid I can't make it", "I'm afraid so", "I'm scared of missing the flight",
    "I'm afraid of losing my job", "I'm afraid of the exam tomorrow", "it freaks me out", "this scares me",
    "my boss scares me", "Tom scares me", "I was scared of dogs as a kid", "that movie scared me",
    "Are you scared of spiders?", "I'm so scared of what might happen",
])
def test_no_fear_without_one(text: str) -> None:
    assert _fears(text) == []
