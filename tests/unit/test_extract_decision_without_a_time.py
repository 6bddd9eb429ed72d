"""A decision told without a time, a choice between two named things or an offer refused ("I picked the night shift
over the day shift", "I turned down the transfer to Denver"), stored nothing: an undated happening is kept only when
it is notable (``extract.salience``), and a choice was not. Now it is; a choice of one thing with nothing it was
chosen over ("I chose a red one"), a wish and a negation still give none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _events(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key == "event"]


@pytest.mark.parametrize(("text", "value"), [
    ("I picked the night shift over the day shift.", "picked the night shift over the day shift"),
    ("I turned down the transfer to Denver.", "turned down the transfer to Denver"),
    ("I opted for a used car over a lease.", "opted for a used car over a lease"),
    ("I rejected the landlord's counteroffer.", "rejected the landlord's counteroffer"),
])
def test_a_decision_is_an_event(text: str, value: str) -> None:
    assert _events(text) == [value]


@pytest.mark.parametrize("text", [
    "I chose a red one.",
    "I wish I had chosen tea over coffee.",
    "I never turned down a free lunch.",
])
def test_no_decision_told(text: str) -> None:
    assert _events(text) == []
