"""A value ends with no lead of a time cut from it: "We've switched from Jira to Linear as of this week" stored
``Linear as of`` (the time "this week" was cut, its "as of" left), "… since last week" ``Linear since``; "as of
<time>" closing a switch is now cut, and a lead left alone at a value's end is no part of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.clauses import without_time_tail
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 15, 0, tzinfo=UTC)


def _values(text: str) -> dict[str, str]:
    return {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "value"), [
    ("We've switched from Jira to Linear as of this week", "Linear"),
    ("We've switched from Jira to Linear since last week", "Linear"),
    ("We switched to Linear as of Monday", "Linear"),
    ("I've switched to Firefox as of yesterday", "Firefox"),
    ("We switched from Trello to Asana as of January", "Asana"),
])
def test_a_switch_keeps_no_time_lead(text: str, value: str) -> None:
    assert _values(text).get("user.uses") == value, _values(text)


@pytest.mark.parametrize(("value", "kept"), [
    ("Linear as of", "Linear"),
    ("Linear since", "Linear"),
    ("a nurse ever since", "a nurse"),
    # near misses: a lead with no time after it, an adverb, a name
    ("Signal until further notice", "Signal until further notice"),
    ("never been there before", "never been there before"),
    ("The Day After Tomorrow", "The Day After Tomorrow"),
    ("As Of Now", "As Of Now"),
])
def test_a_time_lead_left_is_cut(value: str, kept: str) -> None:
    assert without_time_tail(value) == kept
