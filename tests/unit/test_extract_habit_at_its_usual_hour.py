"""A habit said with "usually" and its hour is a habit: "I usually walk the dog at 7am", "I usually pick the kids up at
3:15" stored nothing (only a word of how often, "every morning", "on Sundays", made one)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("I usually walk the dog at 7am", "usually walk the dog at 7am"),
    ("I usually pick the kids up at 3:15", "usually pick the kids up at 3:15"),
    ("I normally leave work at 5:30", "normally leave work at 5:30"),
])
def test_a_habit(text: str, value: str) -> None:
    assert _read(text) == [("preference.habit", value)]


@pytest.mark.parametrize("text", [
    "I usually get there at 9", "I'm usually at the office at 8", "I usually arrive at 9 but today I was late",
    "Do you usually eat at 7?",
])
def test_none(text: str) -> None:
    assert _read(text) == []


def test_waking_keeps_its_own_key() -> None:
    assert _read("I usually wake up at 6am") == [("routine.wake", "6am")]
