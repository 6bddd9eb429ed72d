"""A project's tool or command said plainly in Chinese is the project's convention, as "This repo uses pnpm, not npm"
and "The tests run with make test" are: 这个项目的测试用 make test 跑, 我们用 pnpm 不用 npm, 格式化统一用 black
跑一下 and 这个项目用 pnpm 不用 npm (spaces around the Latin name) stored nothing, and 我们用poetry管理依赖 stored
``user.依赖``.
Now they are ``user.project_tests``, ``user.project_tool``, ``user.project_formatter`` and ``user.dependencies`` (the
purpose's English name, as "We use Poetry for dependency management" keys it). A group's one tool with no other
refused (我们用Slack) stays a thing used, and a command with nothing said run (我们用 make 跑) stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.conventions import is_how_to_work
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("这个项目的测试用 make test 跑", [("user.project_tests", "make test")]),
    ("项目的测试用pytest跑", [("user.project_tests", "pytest")]),
    ("格式化统一用 black 跑一下", [("user.project_formatter", "black")]),
    ("我们用 pnpm 不用 npm", [("user.project_tool", "pnpm")]),
    ("我们统一用 uv 不用 pip", [("user.project_tool", "uv")]),
    ("这个项目用 pnpm 不用 npm", [("user.project_tool", "pnpm")]),
    ("我们用poetry管理依赖", [("user.dependencies", "poetry")]),
    ("我们这边用 yarn 管理依赖", [("user.dependencies", "yarn")]),
    ("We use Poetry for dependency management.", [("user.dependencies", "Poetry")]),
    ("我们用 Jenkins 做 CI", [("user.ci", "Jenkins")]),
])
def test_a_projects_tool_or_command_is_its_convention(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("text", "read"), [
    ("我们用Slack", [("tool.uses", "Slack")]),
    ("我们用 make 跑", []),
    ("测试一下这个功能", []),
])
def test_a_thing_used_or_a_bare_command_is_no_convention(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


def test_the_dependency_tool_says_how_to_work() -> None:
    assert is_how_to_work("user.dependencies")
