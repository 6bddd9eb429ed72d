"""A group's choice of one way of working on code over another, both named, is the project's convention even when the
project goes unnamed, as 我们用pnpm不用npm is: "We use pnpm, not npm" and "We use tabs not spaces" stored nothing
(only "... in this repo" was read). Both must be ways of working (a developer tool, an indentation, a tool a project
runs on): "We use cash, not cards" is none. "This repo uses tabs, not spaces" is the project's indentation, no tool
(``user.project_tool = tabs`` was replaced by the next tool the project uses)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("We use tabs not spaces", [("user.project_indentation", "tabs")]),
    ("we use pnpm, not npm", [("user.project_tool", "pnpm")]),
    ("We use uv instead of pip.", [("user.project_tool", "uv")]),
    ("We use GitHub Actions, not Jenkins", [("user.project_ci", "GitHub Actions")]),
    ("This repo uses tabs, not spaces.", [("user.project_indentation", "tabs")]),
])
def test_a_choice_of_a_way_of_working_is_the_projects(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We use cash, not cards", []),  # no way of working on code, no project named
    ("We use Uber not Lyft", [("tool.uses", "Uber")]),  # as "We use Uber" and "We use Uber, not Lyft": no project
    ("We use Jira, not Linear", [("tool.uses", "Jira")]),  # a team's tracker, as before
    ("Use pytest, not unittest.", [("assistant.instruction", "use pytest, not unittest")]),  # said to the agent
])
def test_other_choices_read_as_before(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_a_tool_said_later_leaves_the_indentation(tmp_path: Path) -> None:
    with Memory(f"{tmp_path}/m.db", embedder=None, user_id="u") as memory:
        memory.add("This repo uses tabs, not spaces")
        memory.add("This repo uses pnpm, not npm")
        assert sorted((f.key, f.value) for f in memory.list(kind="fact")) == [
            ("user.project_indentation", "tabs"), ("user.project_tool", "pnpm")]
