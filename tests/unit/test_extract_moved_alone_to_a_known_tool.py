"""A person moving to a product a tool list knows: "I moved to Asana as of last month" stored
``identity.location = Asana`` (a person alone moving was read as moving house, and the time beside it as a sign of a
new home). A product ``tool_kinds`` names and no place the time-zone database names is now a thing used, whoever
moves and whatever time is said; a move to a city stays a home."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("I moved to Asana as of last month.", "Asana"),
    ("I've moved to Discord since last year.", "Discord"),
    ("I moved to Trello last week.", "Trello"),
    ("我去年搬到Notion了", "Notion"),
])
def test_a_move_to_a_known_tool_is_a_thing_used(text: str, value: str) -> None:
    found = _read(text)
    assert ("user.uses", value) in found and not [k for k, _ in found if k == "identity.location"], found


@pytest.mark.parametrize(("text", "value"), [
    ("I moved to Berlin as of last month.", "Berlin"),
    ("I moved to Phoenix last year.", "Phoenix"),
    ("I moved to Tacoma.", "Tacoma"),
    ("我去年搬到杭州了", "杭州"),
])
def test_a_move_to_a_place_stays_a_home(text: str, value: str) -> None:
    assert ("identity.location", value) in _read(text)
