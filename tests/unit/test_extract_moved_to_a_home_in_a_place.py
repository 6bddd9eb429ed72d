"""A move to a home of some kind in a named place is a move to that place: "We moved to a house in Bath last
weekend" and "I moved to a flat in Leeds" stored ``tool.uses = house in Bath`` (which then superseded the bank
said before it, a thing used too) while the home said before stayed current; a home named nowhere ("We moved to
a house") is no thing used either."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "place"), [
    ("We moved to a house in Bath last weekend.", "Bath"),
    ("I moved to a flat in Leeds.", "Leeds"),
    ("We moved to a bigger apartment near Austin.", "Austin"),
])
def test_a_home_in_a_named_place_is_a_move_there(text: str, place: str) -> None:
    assert _read(text) == [("identity.location", place)]


@pytest.mark.parametrize("text", ["We moved to a house.", "I moved to a new flat."])
def test_a_home_named_nowhere_is_no_thing_used(text: str) -> None:
    assert "tool.uses" not in [key for key, _ in _read(text)]
