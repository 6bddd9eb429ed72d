"""A diet begun is a diet kept: "I started a low-carb diet", "I started keto last week", "I went on a keto diet two
weeks ago" stored only an event (or nothing), and "low carb" said with a space was no diet's name. A job or a
fight begun, and "a diet" with no name, are no diet."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "health.diet" and not c.retracts]


@pytest.mark.parametrize(("text", "value"), [
    ("I started a low-carb diet.", "low-carb"),
    ("I started keto last week.", "keto"),
    ("I started a low-sodium diet last month.", "low-sodium"),
    ("I went on a keto diet two weeks ago.", "keto"),
    ("I'm doing low carb now.", "low carb"),
])
def test_a_diet_begun_is_the_diet_kept(text: str, value: str) -> None:
    assert _read(text) == [("health.diet", value)]


@pytest.mark.parametrize("text", ["I started a new job last week.", "I started a diet.", "I started a fight.",
                                  "I started a new diet."])
def test_no_diet_where_none_is_named(text: str) -> None:
    assert _read(text) == []
