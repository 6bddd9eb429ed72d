"""A dated event whose object is a pronoun the chat resolved before ("I beat one at the arcade on Saturday", "I ran
into him at the market yesterday") or that was only an attempt ("I tried to renew my passport on Monday") was stored
as the user's event: who or what it was, and whether it happened, is not in it. Now none is stored; an event that
names its object ("I ran into Priya at the market yesterday", "I met her brother last Sunday", "I won one of the
raffles last night") and a trial of something ("I tried paddleboarding on Saturday") still are."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _events(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key in ("event", "schedule.event", "travel.plan")]


@pytest.mark.parametrize("text", [
    "I beat one at the arcade on Saturday.",
    "I ran into him at the market yesterday.",
    "I dropped them off at the station last night.",
    "I saw her at the gym on Tuesday.",
    "I tried to renew my passport on Monday, but the site was down.",
    "I'm hosting one with my cousins next month.",
])
def test_no_event_without_what_or_outcome(text: str) -> None:
    assert _events(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("I ran into Priya at the market yesterday.", "ran into Priya at the market"),
    ("I met her brother last Sunday.", "met her brother"),
    ("I won one of the raffles last night.", "won one of the raffles"),
    ("I tried paddleboarding on Saturday.", "tried paddleboarding"),
])
def test_an_event_that_names_its_object_is_kept(text: str, value: str) -> None:
    assert _events(text) == [value]
