"""A part of the day said after the day ("tomorrow evening") is part of the time, never of the value.

"I bought air tickets to Toronto, and I'm leaving the day after tomorrow evening." (a LoCoMo turn) stored
schedule.event = "leaving evening": the day was cut from the value and its evening left behind.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import time_span

#: A Sunday.
SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
WORDS = ("morning", "afternoon", "evening", "night")


def _found(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize("text", [
    "I bought air tickets to Toronto, and I'm leaving the day after tomorrow evening.",
    "I'm leaving tomorrow evening.", "I'm leaving next Friday morning.",
])
def test_no_part_of_the_day_is_left_in_a_value(text: str) -> None:
    assert not any(word in value.split() for _, value in _found(text) for word in WORDS)


@pytest.mark.parametrize(("text", "fact", "day"), [
    ("I have a dentist appointment next Tuesday afternoon.", ("schedule.event", "dentist appointment"), 8),
    ("I'm flying to Paris on Friday night.", ("travel.plan", "flying to Paris"), 11),
    # the time said first: the part of the day hid the clause, which stored nothing
    ("Yesterday evening I went to a concert.", ("event", "went to a concert"), 5),
    ("Tomorrow morning I'm flying to Paris.", ("travel.plan", "flying to Paris"), 7),
])
def test_the_part_of_the_day_goes_with_the_day(text: str, fact: tuple[str, str], day: int) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [(c.key, c.value) for c in found] == [fact]
    assert found[0].valid_from is not None and found[0].valid_from.day == day


@pytest.mark.parametrize(("text", "cut"), [
    ("leaving tomorrow evening", "tomorrow evening"),
    # what is already a time of its own, and a day with no part after it, are cut as before
    ("meeting Anna this evening", "this evening"), ("I went there yesterday", "yesterday"),
    ("went yesterday with the evening crew", "yesterday"),
])
def test_the_time_cut_from_a_value(text: str, cut: str) -> None:
    span = time_span(text)
    assert span is not None and text[span[0]:span[1]].strip() == cut


@pytest.mark.parametrize(("text", "fact"), [
    ("I have a dentist appointment today at 3pm.", ("schedule.event", "dentist appointment at 3pm")),
    ("I have a dentist appointment this afternoon.", ("schedule.event", "dentist appointment")),
    ("I have a meeting with Tom tonight.", ("schedule.event", "meeting with Tom")),
    ("I have a car service on Sunday.", ("schedule.event", "car service")),  # said on a Sunday: today
])
def test_a_happening_had_later_today_is_a_plan_for_today(text: str, fact: tuple[str, str]) -> None:
    [found] = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert ((found.key, found.value), found.valid_from) == (fact, datetime(2026, 12, 6, tzinfo=UTC))


@pytest.mark.parametrize("text", ["I have a headache today.", "I have a lot of work today.", "I have time tonight."])
def test_a_state_had_today_is_no_plan(text: str) -> None:
    assert _found(text) == []
