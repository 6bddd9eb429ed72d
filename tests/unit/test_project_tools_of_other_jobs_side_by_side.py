"""A project's tools that do other jobs are kept side by side; a tool of the same job replaces the one before.

"This repo uses pnpm" then "This repo uses Conventional Commits" superseded pnpm: both were the one value of
``user.project_tool``, though a package manager and a commit convention are no rivals (as "We use Jira" and "We use
Slack" are none: ``facts.switch``). A later project tool now ends only one of its own job (the developer jobs of
``extract.conventions.DEV_TOOL_JOBS``, the kinds of ``extract.tool_kinds``): pnpm then yarn is one package manager
for another; two tools neither list names are still one value at a time. "We use pnpm" alone (a tool only work on
code uses) is the project's convention, as "We use pnpm, not npm" is; "We use Jira" stays a thing used.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _facts(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=SAID + timedelta(minutes=n))
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "later", "old", "new"), [
    ("This repo uses pnpm", "This repo uses Conventional Commits", "pnpm", "Conventional Commits"),
    ("We use pnpm", "We use pytest", "pnpm", "pytest"),
    ("This repo uses pnpm, not npm.", "This project uses PostgreSQL", "pnpm", "PostgreSQL"),
    ("We use pytest in this repo", "We use Poetry in this repo", "pytest", "Poetry"),
])
def test_tools_of_other_jobs_stay_side_by_side(tmp_path: Path, first: str, later: str, old: str, new: str) -> None:
    active, superseded = _facts(tmp_path, first, later)
    assert {v for k, v in active if k.startswith("user.project_")} == {old, new} and not superseded


@pytest.mark.parametrize(("first", "later", "old", "new"), [
    ("We use pnpm", "We use yarn now", "pnpm", "yarn"),
    ("This repo uses pytest", "This repo now uses unittest", "pytest", "unittest"),
    ("This repo uses Storybook", "This repo uses Chromatic", "Storybook", "Chromatic"),  # neither listed: one value
])
def test_a_tool_of_the_same_job_replaces_the_one_before(tmp_path: Path, first: str, later: str, old: str,
                                                        new: str) -> None:
    active, superseded = _facts(tmp_path, first, later)
    assert ("user.project_tool", new) in active and superseded == {("user.project_tool", old)}


@pytest.mark.parametrize(("text", "found"), [
    ("We use pnpm", [("user.project_tool", "pnpm")]),
    ("We now use yarn", [("user.project_tool", "yarn")]),
    ("We use Jira", [("tool.uses", "Jira")]),  # a team's tracker: a thing used, no convention of the project
    ("I use pnpm", []),
])
def test_we_use_a_developer_tool_is_the_projects(text: str, found: list[tuple[str, str]]) -> None:
    assert [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)] == found
