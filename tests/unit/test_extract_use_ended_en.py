"""A thing no longer used, said in English with when or as a move off it, ends what was stored: "we stopped using
Jira last quarter" withdrew ``Jira last quarter`` (no fact holds that) and left Jira current, "We moved off Slack to
Teams" stored an event and left Slack current, and "I'm not on Twitter anymore" stored nothing. Now the time is cut
from the thing stopped (``extract.switches_en._without_when``), "off X to Y" is a switch from X (as "from X to Y"),
and a named service one is no longer on is withdrawn; a pointer or a common noun ("it", "the team", "medication")
is no service."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("we stopped using Jira last quarter", [("user.uses", "Jira", True)]),
    ("I stopped using Notion a while ago", [("user.uses", "Notion", True)]),
    ("I'm not on Twitter anymore", [("user.uses", "Twitter", True)]),
    ("I'm no longer on Facebook", [("user.uses", "Facebook", True)]),
    ("We moved off Slack to Teams", [("user.uses", "Teams", False)]),
    ("we switched away from Jira to Linear", [("user.uses", "Linear", False)]),
])
def test_a_thing_no_longer_used_is_read(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I'm not on it anymore", "I'm not on the team anymore",
                                  "I'm not on medication anymore", "I'm not on Twitter",
                                  "I moved off campus to an apartment"])
def test_no_named_service_is_no_use_ended(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k == "user.uses"]


@pytest.mark.parametrize(("before", "after", "ended", "now"), [
    ("We use Jira", "we stopped using Jira last quarter", ("tool.uses", "Jira"), None),
    ("We use Slack", "We moved off Slack to Teams", ("tool.uses", "Slack"), ("tool.uses", "Teams")),
])
def test_the_thing_stored_ends(tmp_path: Path, before: str, after: str, ended: tuple[str, str],
                               now: tuple[str, str] | None) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(before)
        mem.add(after)
        facts = {(f.key, f.value): f.status for f in mem.list(status="all") if isinstance(f, Fact)}
        assert facts[ended] == "superseded"
        assert [k for k, s in facts.items() if s == "active"] == ([now] if now else [])
