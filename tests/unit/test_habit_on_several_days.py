"""A habit kept on several days of the week ("I go to the gym every Monday and Thursday", "I swim on Tuesdays and
Fridays") stored nothing, where one day ("every Monday") was a habit. "on Friday" alone is a date, no habit."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _habits(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "preference.habit"]


@pytest.mark.parametrize(("text", "habit"), [
    ("I go to the gym every Monday and Thursday", "go to the gym every Monday and Thursday"),
    ("I go to the gym on Mondays and Thursdays", "go to the gym on Mondays and Thursdays"),
    ("I do yoga every Tuesday and Friday", "do yoga every Tuesday and Friday"),
])
def test_a_habit_on_several_days_is_read(text: str, habit: str) -> None:
    assert _habits(text) == [habit]


@pytest.mark.parametrize("text", ["I have a meeting on Friday", "I'll try it on Monday and Tuesday",
                                  "I have a dentist appointment on Monday"])
def test_a_date_is_no_habit(text: str) -> None:
    assert _habits(text) == []
