"""An answer's numbered items are read as the sentences they are: "1.  I'm using Windows." and "2) I live in Leeds."
stored nothing (the item number opened the sentence) while a bulleted "- I'm vegetarian" was read. A title in Title
Case with a possessive ("Our Family's First House on Elm Street", a list of topics) is no "family is ..." copula."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("To answer your questions:\n\n1.  I'm using Linux. It's my own laptop.", ("tool.os", "Linux")),
    ("Sure:\n1. I'm vegetarian.\n2. I live in Leeds.", ("identity.location", "Leeds")),
    ("Sure:\n1. I'm vegetarian.\n2. I live in Leeds.", ("food.diet", "vegetarian")),
    ("a) I'm allergic to peanuts.", ("health.allergy", "peanuts")),
    ("3) My favorite color is teal.", ("preference.like", "teal")),
])
def test_numbered_item_is_read(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "We picked these topics:\n\n1.  The Old Mill Before the Fire\n2.  Our Family's First House on Elm Street",
    "Our Company's Big Year",
    "Our Family's First House on Elm Street",
])
def test_a_title_states_nothing(text: str) -> None:
    assert _read(text) == []
