"""A happening told as the reason of a feeling or a remark was lost with the clause it hangs on: "I'm anxious because I
submitted my visa application on March 2", "which is odd because I renewed the warranty on June 1", "I'm so glad
that I finished the half marathon on Sunday" stored nothing. Now the part after "because" / "since" / "as" / "now
that", or "that" after a feeling, is a clause of its own when it says what the user did. Thinking, saying or
feeling ("because I thought ...", "as I mentioned", "since I was a kid") opens none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _events(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key == "event"]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm anxious because I submitted my visa application on November 2.", "submitted their visa application"),
    ("The fee looks wrong, which is odd because I renewed the warranty on June 1.", "renewed the warranty"),
    ("I'm so glad that I finished the half marathon on Sunday.", "finished the half marathon"),
    ("Money's tight now that we bought a house in October.", "bought a house"),
])
def test_a_happening_told_as_a_reason_is_kept(text: str, value: str) -> None:
    assert _events(text) == [value]


@pytest.mark.parametrize("text", [
    "I'm confused because I thought the class was on Monday.",
    "As I mentioned on Friday, the budget is fixed.",
    "I've loved drawing since I was a kid.",
    "I'm worried that I might miss the deadline on Friday.",
])
def test_thinking_saying_or_a_state_is_no_happening(text: str) -> None:
    assert _events(text) == []
