"""A statement taken back inside one message (``extract.restated.takes_back``): "I'm no longer allergic to peanuts, no
wait that's wrong, I AM still allergic" stored the allergen "wait that's wrong" (the "no" of the correction read as
a food refused), and with a full stop the withdrawal stood. Now the correction is no value, and a statement taken
back ("no wait", "that's wrong", "scratch that", 不对, 说错了) holds none unless the correction names one itself."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "I'm no longer allergic to peanuts? no wait that's wrong, I AM still allergic",
    "I'm no longer allergic to peanuts, no wait that's wrong, I AM still allergic",
    "I'm no longer allergic to peanuts. No wait, that's wrong. I AM still allergic",
    "I'm not allergic to shellfish anymore. Scratch that, I still am",
    "no wait, I'm allergic",
    "我不对花生过敏了，不对，说错了，我还是过敏",
    "我不再对花生过敏了。说错了。",
])
def test_a_statement_taken_back_stores_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    # the correction names its own value: it supersedes the one before (extract.restated)
    ("I live in Paris, no wait, Berlin",
     [("identity.location", "Paris", False), ("identity.location", "Berlin", False)]),
    ("I live in Paris. No wait, that's wrong. Berlin.", [("identity.location", "Berlin", False)]),
    ("I'm allergic to peanuts. No wait that's wrong, I'm allergic to cashews",
     [("health.allergy", "peanuts", False), ("health.allergy", "cashews", False)]),
    # no correction: a food refused, a remark after a statement
    ("No peanuts for me please, I'm allergic", [("health.allergy", "peanuts", False)]),
    ("I'm allergic to peanuts. Wait, what?", [("health.allergy", "peanuts", False)]),
    ("I moved to Denver. That was a mistake.", [("identity.location", "Denver", False)]),
    ("我还是对花生过敏", [("health.allergy", "花生", False)]),
])
def test_near_misses_keep_their_values(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected
