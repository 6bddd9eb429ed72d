"""What is no happening is no dated event even with a date beside it: "I'm earning about $85,000 annually", "I'm kinda
leaning towards soft determinism", "I need help finding films for May 11-12", "I'll be back on the 5th" were stored as
``schedule.event``. Now none; a plan beside them stays."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)


def _plans(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key in ("schedule.event", "travel.plan", "event")]


@pytest.mark.parametrize("text", [
    "I'm earning about $62,000 annually as a nurse and I have a review on March 15, 2024, any advice?",
    "I'm kinda leaning towards stoicism, so how can I apply it to my decisions on April 2?",
    "I'm planning a reading weekend for May 11-12 and I need help finding some light novels.",
    "I'm ready to start that 30-minute study plan we discussed for this week.",
    "I'm averaging 6 hours of sleep a night since March 3, which is poor.",
])
def test_no_dated_event(text: str) -> None:
    assert not [v for v in _plans(text) if any(w in v for w in ("earning", "leaning", "need help", "ready",
                                                                "averaging"))]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm meeting my lawyer on March 22.", "meeting their lawyer"),
    ("I need to renew my passport on March 20.", "renew their passport"),
])
def test_a_plan_stays(text: str, value: str) -> None:
    assert value in _plans(text)
