"""Misreadings of agent-style working chats: an effort under way is no planned happening, a heading no allergy.

BEAM's user messages (an agent's long working chats) open most requests this way: "I'm trying to schedule a
meeting for March 15", "I'm considering purchasing EndNote for $250", "I'm kinda torn about rejecting that raise
on March 12" each stored a schedule.event of the effort itself. A date cut out of an event leaves no dangling
preposition ("completed 3 of 6 modules ... by").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "effort"), [
    ("I'm trying to schedule a meeting for March 15, 2024, at 09:00 AM CET.", "trying to schedule a meeting"),
    ("I'm looking for a new series to start next week.", "looking for a new series to start"),
    ("I'm kinda torn about rejecting that $10,000 raise on March 12.", "kinda torn about rejecting that $10,000 raise"),
    ("We're using SQLite next month.", "using SQLite"),
])
def test_an_effort_under_way_is_what_the_user_is_at_not_a_dated_event(text: str, effort: str) -> None:
    assert _pairs(text) == [("activity.current", effort)]


@pytest.mark.parametrize("text", [
    "I'm trying to understand this.", "I'm considering purchasing EndNote for $250.",
    # an effort that names nothing it is about, though a date is near
    "I'm kinda curious, what's the best way tomorrow?", "I'm considering that next week.",
    "I'm trying to decide what to focus on, given that it's already April 12, 2024.",
])
def test_an_effort_without_a_date_is_the_talks(text: str) -> None:
    assert _pairs(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm meeting Sarah tomorrow.", [("schedule.event", "meeting Sarah")]),
    ("I'm flying to Tokyo in March.", [("travel.plan", "flying to Tokyo")]),
    ("I just completed 3 of 6 modules in my storytelling course by April 20.",
     [("event", "completed 3 of 6 modules in their storytelling course")]),
])
def test_a_planned_or_done_happening_still_reads(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a heading pasted from a document (a BEAM user message): two subjects, no allergen
    ("### Supervision and Allergies", []),
    ("Supervision and Allergies", []),
    ("I have peanut and shellfish allergies.", [("health.allergy", "peanut"), ("health.allergy", "shellfish")]),
    ("Peanut allergy here.", [("health.allergy", "peanuts")]),
])
def test_a_heading_of_two_subjects_names_no_allergen(text: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(_pairs(text)) == sorted(expected)
