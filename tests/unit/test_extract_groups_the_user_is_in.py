"""A group the user belongs to (``extract.workplace``): what the team, company or project uses is kept under the
group, one thing at a time, and where the workplace is is no home."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str, bool]]:
    return {(c.subject, c.key, c.value, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("My team uses Jira.", {("", "user.team_tool", "Jira", False)}),
    ("Our company uses Slack.", {("", "user.company_tool", "Slack", False)}),
    ("Our project now uses PostgreSQL.", {("", "user.project_tool", "PostgreSQL", False)}),
    ("My team no longer uses Jira.", {("", "user.team_tool", "Jira", True)}),
    ("我们团队用飞书。", {("", "user.team_tool", "飞书", False)}),
    ("我们公司用钉钉", {("", "user.company_tool", "钉钉", False)}),
    ("我们项目用的是PostgreSQL", {("", "user.project_tool", "PostgreSQL", False)}),
])
def test_what_the_users_group_uses_is_kept_under_the_group(text: str,
                                                           expected: set[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


def test_the_statement_names_the_group() -> None:
    (en,) = RuleExtractor().extract(text="My team uses Jira.", role="user", said_at=_AT)
    (zh,) = RuleExtractor().extract(text="我们团队用飞书。", role="user", said_at=_AT)
    assert (en.statement, zh.statement) == ("team uses Jira", "团队用的是飞书")


@pytest.mark.parametrize(("text", "expected"), [
    ("Our office is in Austin.", {("", "user.workplace_location", "Austin", False)}),
    ("My company is based in Berlin.", {("", "user.workplace_location", "Berlin", False)}),
    ("我们公司在杭州。", {("", "user.workplace_location", "杭州", False)}),
    ("我公司在北京", {("", "user.workplace_location", "北京", False)}),
])
def test_where_the_workplace_is_is_no_home(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    found = _read(text)
    assert found == expected
    assert not any(key == "identity.location" for _, key, _, _ in found)


@pytest.mark.parametrize("text", [
    "My team lost again.", "Our team is great.", "Our office is in a mess.", "我们公司在开会",
    "My company is in Finance.", "My team moved to the design floor.", "my team uses the old process",
])
def test_no_tool_and_no_place_no_fact(text: str) -> None:
    assert _read(text) == set()


def test_a_switch_of_the_group_is_read_as_a_switch_of_ours() -> None:
    assert _read("Our team moved to Linear.") == {("", "user.uses", "Linear", False)}
