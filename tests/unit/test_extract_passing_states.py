"""How one feels now and what will not happen are no lasting facts (user messages of agent-style chats).

"my head is still pounding" stored user.head = 'pounding', "My hands are still a bit shaky" user.hands = 'bit shaky',
"My three iced americanos are non-negotiable for studying" a key named after the coffees, and "I won't be able to
work on the thesis this weekend" an event of what will not happen.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize("text", [
    "Ugh, my head is still pounding.",
    "My hands are still a bit shaky, but I'm getting started.",
    "My head is already spinning just thinking about tonight.",
    "My back is killing me.",
    "My three iced americanos are non-negotiable for studying.",
    "My whole weekend is shot.",
    "My persistence is what gets me through.",
    "It's true, my errors are different now.",
    "My deadline is looming.",
    "Since graduating, my days are spent alone.",
    "My bank system can be a bit indirect sometimes.",
    "My core principles are crystal clear: eco-minimalism, anti-consumerism.",
    "Hi. I won't be able to work on the thesis this weekend.",
    "I can't make it to the party on Friday.",
    "I didn't go to the gym yesterday.",
])
def test_a_passing_state_or_what_will_not_happen_stores_nothing(text: str) -> None:
    assert _pairs(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("My eyes are blue.", [("user.eyes", "blue")]),
    ("My car is a Tesla.", [("user.car", "Tesla")]),
    ("My commute is about 40 minutes.", [("user.commute", "about 40 minutes")]),
    ("My hobby is gardening.", [("user.hobby", "gardening")]),
    ("My current body weight is 88kg.", [("user.body_weight", "88kg")]),
    ("I went to the gym yesterday.", [("event", "went to the gym")]),
    # found in RealMemBench's user messages: a span of time is no birthplace, how much one likes a thing is no
    # diet, a state is no plan, and words to the assistant about the assistant are its instruction
    ("I was born in six years.", []),
    ("I was born in May.", [("identity.birthday", "May")]),
    ("I was born in Lyon.", [("identity.hometown", "Lyon")]),
    # the deadline is a dated happening of the user's; being stuck is a passing state
    ("The deadline for the analysis chapter is next week, and I'm completely stuck.",
     [("schedule.event", "deadline for the analysis chapter")]),
    ("I love bacon waaay to much to be kosher.", [("preference.like", "bacon")]),
    ("From now on you are not a chatbot.", [("assistant.instruction", "you are not a chatbot")]),
])
def test_lasting_attributes_and_happenings_still_read(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # MemoryBank-en user turns: "'s" before a verb of its own is a possessive, no copula
    ("Our company's performance has been good recently.", []),
    ("My name's Sam.", [("identity.name", "Sam")]),
    # a pursuit that is one verb keeps what it is for
    ("I've been looking for a job recently.", [("activity.current", "looking for a job")]),
    ("Lately I've been hiking a lot.", [("activity.current", "hiking")]),
    # a modal before what is done to relax is no liked activity
    ("I will consider taking a trip to relax.", []),
])
def test_possessives_pursuits_and_modals_read_as_said(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected
