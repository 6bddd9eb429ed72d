"""A project's convention said with "we" and the project named before or after it (``extract.conventions._scoped_en``):
"We use tabs, not spaces, in this repo", "In this codebase we use black, not autopep8", "for the billing repo we use
tabs not spaces, and run tests with pytest -x" (the second convention with "we" left out). Before, the first two
stored nothing and the last nothing either. How code is indented is its own attribute (``user.project_indentation``),
so a later "In this repo we use 4 spaces now" supersedes tabs and no other tool. Without the project named ("we use
tabs", "We use Postgres here") nothing is read as the project's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("We use tabs, not spaces, in this repo", [("user.project_indentation", "tabs")]),
    ("In this repo, we use 4 spaces", [("user.project_indentation", "4 spaces")]),
    ("In this codebase we use black, not autopep8", [("user.project_tool", "black")]),
    ("for the billing repo we use tabs not spaces, and run tests with pytest -x",
     [("user.project_indentation", "tabs"), ("user.project_tests", "pytest -x")]),
    ("We use Poetry in this repo now", [("user.project_tool", "Poetry")]),
])
def test_a_convention_of_the_project_named(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["we use tabs", "We use Postgres here, not MySQL", "We use tabs at home"])
def test_no_convention_without_the_project_named(text: str) -> None:
    assert not [k for k, _ in _read(text) if k.startswith("user.project_")]


def test_indentation_said_again_supersedes_only_indentation(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("We use Poetry in this repo")
        memory.add("We use tabs, not spaces, in this repo")
        memory.add("In this repo we use 4 spaces now")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.key, f.value, f.status) for f in facts} == {
        ("user.project_tool", "Poetry", "active"), ("user.project_indentation", "tabs", "superseded"),
        ("user.project_indentation", "4 spaces", "active")}
