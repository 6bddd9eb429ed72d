"""A chat filler at the end is no part of a value, and how long each time is part of a habit said with how often:
"I prefer a window seat pls" stored ``preference.like = window seat pls`` (no seat), "I'm allergic to cats fyi"
kept "cats fyi", and "I meditate every morning for ten minutes" stored nothing while "I meditate every morning" was a
habit. pls / plz / btw / tbh / fyi / ngl / imo are cut like "lol" (``extract.clauses.clean_value``), and "for <a
count> minutes / hours / miles" after how often stays in the habit (``extract.habits.frequency_en``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I prefer a window seat pls", [("travel.seat", "window seat")]),
    ("I'm allergic to cats fyi", [("health.allergy", "cats")]),
    ("I work at Google tbh", [("identity.employer", "Google")]),
    ("I meditate every morning for ten minutes", [("preference.habit", "meditate every morning for ten minutes")]),
    ("I run daily for about an hour", [("preference.habit", "run daily for about an hour")]),
])
def test_a_filler_is_cut_and_how_long_stays_in_the_habit(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I meditate for ten minutes", "I ran every morning for ten minutes last year",
                                  "I'll run every day for an hour"])
def test_how_long_without_how_often_or_a_habit_now_is_none(text: str) -> None:
    assert not [k for k, _ in _read(text) if k == "preference.habit"]
