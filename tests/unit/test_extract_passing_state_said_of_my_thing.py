"""The possessive copula stored how a thing is now as a fact of it: "My knee is swollen today" gave
``user.knee = swollen today``, "My laptop is still slow" ``user.laptop = slow``, "My back is sore" ``user.back =
sore``. A value in lower-case words said with a word of the moment, with "still / again / finally / so" and no
article, or of a part of the body not by its colour, is a passing state (``possessive_en.passing_state``): none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    """What the sentence states; a confirmation of a value held only ("My laptop is still slow" read without "still",
    ``held_only``: stored only where the user holds a laptop) is no statement of its own."""
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.held_only]


@pytest.mark.parametrize("text", [
    "My knee is swollen today.",
    "My throat is sore right now.",
    "My neck is stiff this morning.",
    "My laptop is still slow.",
    "My room is a mess right now.",
    "My back is sore.",
    "My hands are cold.",
    "My feet are sore from the hike.",
])
def test_a_passing_state_is_no_fact(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("My car is still a Honda.", ("user.car", "Honda")),
    ("My commute is still 40 minutes.", ("user.commute", "40 minutes")),
    ("My eyes are blue.", ("user.eyes", "blue")),
    ("My diet is still vegan.", ("food.diet", "vegan")),
    ("My hobby is still gardening.", ("user.hobby", "gardening")),
])
def test_a_lasting_value_said_with_still_stays(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)
