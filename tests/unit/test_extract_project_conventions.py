"""A project's convention ("This repo uses pnpm, not npm", "The tests run with make test", 这个项目用pnpm不用npm) is
kept under the project (``user.project_<what>``, stated as the project's), never as the user's own tool or home."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("This repo uses pnpm, not npm.", ("user.project_tool", "pnpm", "the project uses pnpm, not npm")),
    ("This project uses Poetry.", ("user.project_tool", "Poetry", "the project uses Poetry")),
    ("We use PostgreSQL 16 in production.",
     ("user.project_database", "PostgreSQL 16", "the project uses PostgreSQL 16 in production")),
    ("Our CI runs on GitHub Actions.",
     ("user.project_ci", "GitHub Actions", "the project's CI runs on GitHub Actions")),
    ("The tests run with make test.", ("user.project_tests", "make test", "the project's tests run with make test")),
    ("The API lives in src/api.", ("user.project_api_location", "src/api", "the project's API lives in src/api")),
    ("We deploy to Fly.io from the main branch.",
     ("user.project_deploy", "Fly.io", "the project deploys to Fly.io from the main branch")),
    ("The staging database is Postgres 16.",
     ("user.project_staging_database", "Postgres 16", "the project's staging database is Postgres 16")),
    ("这个项目用pnpm不用npm", ("user.project_tool", "pnpm", "项目用pnpm不用npm")),
    ("这个仓库用的是Poetry", ("user.project_tool", "Poetry", "项目用Poetry")),
    ("测试用make test跑", ("user.project_tests", "make test", "项目用make test跑测试")),
    ("我们部署到Fly.io", ("user.project_deploy", "Fly.io", "项目部署到Fly.io")),
])
def test_a_project_convention_is_the_projects(text: str, expected: tuple[str, str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # a group the user is in, and a thing used, as before
    ("My team uses Jira.", [("user.team_tool", "Jira", "team uses Jira")]),
    ("Our project now uses PostgreSQL.", [("user.project_tool", "PostgreSQL", "project uses PostgreSQL")]),
    ("We use Slack at work.", [("tool.uses", "Slack", "uses Slack")]),
    ("我们用GitHub Actions做CI", [("user.ci", "GitHub Actions", "CI是GitHub Actions")]),
    # no project, no thing named, no command
    ("Our app is on the App Store.", []), ("This project uses a lot of memory.", []),
    ("The tests run with errors.", []), ("The dog lives in the garden.", []), ("Our house is in Boston.", []),
])
def test_no_project_convention(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["We deploy on Fridays.", "We deploy on Monday mornings.", "We ship on weekdays."])
def test_a_day_is_when_the_project_deploys_not_where(text: str) -> None:
    # "We deploy on Fridays" stored the project's deploy target "Fridays"
    assert not [fact for fact in _read(text) if fact[0] == "user.project_deploy"]


def test_a_platform_after_on_is_where_the_project_deploys() -> None:
    assert _read("We host on Vercel.") == [("user.project_deploy", "Vercel", "the project deploys to Vercel")]
