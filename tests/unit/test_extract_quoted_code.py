"""A message's fenced code blocks are quoted, not said: the rule extractor reads around them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.quoted import without_fenced_code
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "Here is the script:\n```python\n# I'm allergic to peanuts\nprint('hi')\n```",
    "My notes file:\n~~~markdown\n- prefers FedEx for shipping\n~~~",
    "Unclosed:\n```\nI live in Berlin\n",
    "```` \n```\nI prefer UPS for delivery\n```\n````",  # a longer fence holds a shorter one
    "这是配置：\n```\n我对花生过敏\n```",
])
def test_statements_inside_a_fence_are_no_facts(text: str) -> None:
    assert _facts(text) == []


def test_statements_around_a_fence_are_read() -> None:
    text = "I prefer UPS for delivery.\n```\n- prefers FedEx for shipping\n```\nI'm allergic to peanuts."
    assert _facts(text) == [("shipping.carrier", "UPS"), ("health.allergy", "peanuts")]


def test_a_fence_closes_only_on_its_own_character_and_length() -> None:
    assert without_fenced_code("a\n~~~\n```\nin\n~~~\nb") == "a\nb"
    assert without_fenced_code("a\n````\nin\n```\nstill in\n````\nb") == "a\nb"
    assert without_fenced_code("a\n```\nin\n``` not a close\n```\nb") == "a\nb"
    assert without_fenced_code("inline ``` is no fence opener? it is, at a line start only") == (
        "inline ``` is no fence opener? it is, at a line start only")


@pytest.mark.parametrize(("text", "value"), [("`I prefer trains`", "trains"), ("I prefer `DHL` for shipping", "DHL"),
                                             ("我寄快递一般用`顺丰`", "顺丰")])
def test_backticks_around_a_value_are_not_part_of_it(text: str, value: str) -> None:
    # before: "`I prefer trains`" stored preference.like = "trains`", the closing backtick kept
    assert [v for _, v in _facts(text)] == [value]


@pytest.mark.parametrize(("text", "expected"), [
    # a heading is a document's title; strong emphasis is no part of what is said (BEAM and RealMemBench
    # user messages paste such documents)
    ("### Supervision and Allergies\n- **Allergies:** Please let us know if there are any specific food "
     "allergies or dietary restrictions we should be aware of.", []),
    ("My current body weight is **88kg**.", [("user.body_weight", "88kg")]),
    ("## Health\n- **Allergies:** peanuts", [("health.allergy", "peanuts")]),
    ("# 健康\n我对花生过敏", [("health.allergy", "花生")]),
])
def test_markdown_headings_are_unread_and_strong_emphasis_dropped(text: str, expected: list[tuple[str, str]]) -> None:
    assert _facts(text) == expected
