"""A group moving from one tool to another with a time beside it: "We moved from Jira to Linear last month" stored
``identity.location = Linear`` (a time word read as a sign of a new home) and left Jira current. Now a move by a
group to a tool a list knows, or from one, is a tool used; a person's move and a move between known places stay
homes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _keys(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("We moved from Jira to Linear last month.", "Linear"),
    ("We moved to Linear last month.", "Linear"),
    ("We moved from Slack to Teams last year.", "Teams"),
])
def test_a_groups_move_between_tools_is_no_home(text: str, value: str) -> None:
    found = _keys(text)
    assert value in [v for _, v in found] and not [k for k, _ in found if k == "identity.location"], found


@pytest.mark.parametrize(("text", "value"), [
    ("I moved to Denver last month.", "Denver"),
    ("We moved from Boston to Phoenix last year.", "Phoenix"),
    ("We moved to Bath last year.", "Bath"),
])
def test_a_move_between_places_stays_a_home(text: str, value: str) -> None:
    assert ("identity.location", value) in _keys(text)


def test_the_new_tracker_supersedes_the_old(memory: Memory) -> None:
    memory.add("We use Jira for tickets.")
    memory.add("We moved from Jira to Linear last month.")
    facts = {(f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert ("Linear", "active") in facts and ("Jira", "superseded") in facts
    assert not [f for f in memory.list(kind="fact", limit=50) if f.key == "identity.location"]
