"""A beginning said with "started" and a day is done, not planned: "I started reading 'Elbow Room' on March 13" stored
``schedule.event = read "Elbow Room"`` on the coming March 13 (its present, "I read ... on March 13", read as a plan),
and "I started working at Google on March 3" the employer "Google on March 3". Now the event of the beginning, and
the employer Google. "I've got a meeting with my lawyer on March 22" (got: have) stays a plan."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2024, 4, 1, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    'I started reading "The Overstory" on March 13, can you help me keep the characters straight?',
    "I started listening to a history podcast on March 2, and I love it.",
    "I started sorting my old photos on March 1, and it's a big job.",
])
def test_a_beginning_on_a_past_day_is_no_plan(text: str) -> None:
    found = _read(text)
    assert found and not [f for f in found if f[0] in ("schedule.event", "travel.plan")]


def test_a_job_begun_on_a_day_is_the_employer_alone() -> None:
    assert _read("I started working at Initech on March 3.") == [("identity.employer", "Initech")]


@pytest.mark.parametrize(("text", "value"), [
    ("I've got a meeting with my lawyer on April 22 to finalize my will.", "meeting with their lawyer"),
    ("I've got a dentist appointment on April 20, any tips for the anxiety?", "dentist appointment"),
])
def test_got_is_have_and_its_plan_stays(text: str, value: str) -> None:
    assert ("schedule.event", value) in _read(text)
