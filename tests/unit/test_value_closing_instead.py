"""A closing "instead" says a value replaces another and is no part of it: "I've started working at a Boots
pharmacy instead" stored ``identity.employer = Boots pharmacy instead``. The cut is the value's, not the clause's:
"Email me instead" still reads a standing channel, where a bare "Email me" is a one-off."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("I've started working at a Boots pharmacy instead", [("identity.employer", "Boots pharmacy")]),
    ("I work at Lidl instead now", [("identity.employer", "Lidl")]),
    ("I got a job at Aldi instead.", [("identity.employer", "Aldi")]),
    ("I drink oat milk instead", [("user.drinks", "oat milk")]),
])
def test_a_closing_instead_is_no_part_of_the_value(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("text", "channel"), [
    ("Email me instead", "email"), ("Call me instead.", "phone call"), ("Please text me instead", "text message"),
])
def test_a_channel_said_with_instead_is_still_read(text: str, channel: str) -> None:
    assert _read(text) == [("contact.channel", channel)]


@pytest.mark.parametrize("text", ["Email me", "Call me when you land"])
def test_a_bare_request_to_be_reached_stays_a_one_off(text: str) -> None:
    assert _read(text) == []
