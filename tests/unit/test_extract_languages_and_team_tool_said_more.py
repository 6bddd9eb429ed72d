"""Two statements said with a little more: "I can speak French and a bit of German" stored nothing (the "of" of the
second item's degree read as "I speak highly of you"), and "our team uses GitHub Actions for CI" nothing while "our
team uses GitHub Actions" stored ``user.team_tool``. Each language is read without its degree, and what the group's
tool is for may follow it: a listed purpose names the key (``user.ci``), as "We use Jenkins for CI" does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I can speak French and a bit of German", [("language.spoken", "French"), ("language.spoken", "German")]),
    ("I speak English and some Spanish", [("language.spoken", "English"), ("language.spoken", "Spanish")]),
    # a listed purpose names the key, as "We use Jenkins for CI" and 我们团队用Jira管理任务 do (facts.switch: whose)
    ("our team uses GitHub Actions for CI", [("user.ci", "GitHub Actions")]),
    ("My team uses Jira for tickets", [("user.tickets", "Jira")]),
    ("Our team uses Figma for whatever", [("user.team_tool", "Figma")]),  # no listed purpose: the team's tool
])
def test_a_statement_said_with_a_little_more_is_read(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I speak highly of you and my mom", "My team uses Jira for the love of god",
                                  "I speak my mind"])
def test_what_names_no_language_or_no_purpose_is_none(text: str) -> None:
    assert [k for k, _ in _read(text) if k in ("language.spoken", "user.team_tool", "user.tickets")] == []
