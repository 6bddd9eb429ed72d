"""The hour a habit keeps, said after how often ("I go running every morning at 6"), is part of the habit, as
我每天早上6点跑步 is; read whole the clause matched no habit and stored nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "found"), [
    ("I go running every morning at 6", [("preference.habit", "go running every morning at 6"),
                                         ("sport.like", "running")]),
    ("I meditate every evening at 9", [("preference.habit", "meditate every evening at 9")]),
    ("I run every morning at 6:30am", [("preference.habit", "run every morning at 6:30am"), ("sport.like", "running")]),
])
def test_a_habit_keeps_the_hour_said_after_how_often(text: str, found: list[tuple[str, str]]) -> None:
    assert sorted(_read(text)) == sorted(found)


def test_a_feeling_at_an_hour_is_no_habit() -> None:
    assert _read("I miss you every day at 6") == []
