"""A group moving to a name that nothing says is a town or a tool ("We moved to Bath.": a town the time-zone database
does not name, no word of living or of work done with things, no time) stored ``tool.uses = Bath``. Now it stores
neither a home nor a thing used, only the event; a name a list knows as a tool (Linear, Notion, Zed), a word of work
("for tickets", "everything") or a cue of a home (a time, a known city, the speaker alone) reads as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", ["We moved to Bath.", "We moved to Leeds", "we've moved to Truro!",
                                  "Our family moved to Ely"])
def test_a_group_move_to_an_unknown_name_is_no_thing_used(text: str) -> None:
    assert not [key for key, _ in _read(text) if key.startswith(("tool.", "user."))]


@pytest.mark.parametrize(("text", "read"), [
    ("We've moved to Linear.", [("user.uses", "Linear")]),
    ("We moved to Notion", [("user.uses", "Notion")]),
    ("We moved to Plane for tickets", [("user.tickets", "Plane")]),
    ("We've moved everything to Coda", [("user.uses", "Coda")]),
    ("We moved to Bath last year.", [("identity.location", "Bath")]),
    ("I moved to Bath", [("identity.location", "Bath")]),
    ("We moved to Berlin", [("identity.location", "Berlin")]),
])
def test_a_move_with_a_cue_reads_as_before(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read
