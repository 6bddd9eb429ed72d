"""A goal the user set, said with the noun, is what they mean to do: "I've set a goal to finish my thesis draft by May
2" stored ``schedule.event = set a goal to finish their thesis draft`` (an event of that day), "I've got this goal to
cut my commute time by 20%" and "My goal is to grow revenue by 15% by June" stored nothing. Each is now
``plan.intent``, the deadline in its statement; a goal only wished, asked, past or pointing at the thing at hand is
none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2024, 1, 10, 9, 0, tzinfo=UTC)


def _read(text: str) -> list:
    return RuleExtractor().extract(text=text, role="user", said_at=_AT)


@pytest.mark.parametrize(("text", "value", "deadline"), [
    ("I've set a goal to finish my thesis draft by May 2, and I'm nervous, any advice?",
     "finish their thesis draft", "by May 2"),
    ("I've got this goal to cut my commute time by 20%, can you help me plan it?", "cut their commute time by 20%", ""),
    ("My goal is to grow revenue by 15% by June without hiring anyone.", "grow revenue by 15%", "by June"),
    ("I set myself a new goal to read 30 novels in 2024.", "read 30 novels", "in 2024"),
    ("I've set a goal of saving $3,000 for a new laptop by August.", "saving $3,000 for a new laptop", "by August"),
    ("I have a fitness goal to run three half marathons this year.", "run three half marathons", "this year"),
])
def test_goal_is_the_intent(text: str, value: str, deadline: str) -> None:
    found = _read(text)
    assert [(c.key, c.value) for c in found] == [("plan.intent", value)]
    assert deadline in found[0].statement
    assert found[0].valid_from is None  # a goal holds from when it is set, not from its deadline


@pytest.mark.parametrize("text", [
    "I'm trying to set a goal to network with five editors by October.",
    "Should I set a goal to write every day?",
    "My goal is to fix it.",
    "Our main goal was to raise money for the shelter, and we did it!",
    "My goal is unclear.",
    "I have no goal right now.",
    "If I set a goal to run a marathon, how should I train?",
])
def test_none(text: str) -> None:
    assert [c for c in _read(text) if c.key == "plan.intent"] == []
