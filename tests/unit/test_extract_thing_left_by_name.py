"""A thing used left by name and the one used now (``extract.switches_en``): "we moved off Slack, it's all Teams now",
"Ditched Notion, using Obsidian now" (with "I" left out: ``extract.own_en``). Before, the first was a bare event and
the team's Slack stayed current, the second stored nothing. Only a name is left so ("I moved off campus", "I ditched my
boyfriend" end no thing used), and only a named thing is the one now ("..., it's all good now" names none)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("we moved off Slack, it's all Teams now", [("user.uses", "Teams", False), ("user.uses", "Slack", True)]),
    ("Ditched Notion, using Obsidian now", [("user.uses", "Obsidian", False), ("user.uses", "Notion", True)]),
    ("I ditched Notion", [("user.uses", "Notion", True)]),
    ("we moved off Slack, it's all good now", [("user.uses", "Slack", True)]),
    ("We moved off AWS to GCP", [("user.uses", "GCP", False)]),
])
def test_a_thing_left_by_name_and_the_one_now(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I moved off campus", "I ditched my boyfriend"])
def test_no_thing_used_without_a_name(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "user.uses"]


def test_the_teams_tool_before_is_superseded(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("My team uses Slack")
        memory.add("we moved off Slack, it's all Teams now")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.value, f.status) for f in facts} == {("Slack", "superseded"), ("Teams", "active")}
