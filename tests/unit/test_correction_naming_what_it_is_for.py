"""A correction that names what its value is for after the old value ("Sorry, I meant January 21, not January 14,
for the dentist") stored nothing and left the plan on the 14th current, while the same words without ", for the
dentist" moved it. What the value is for, said after it, is now read past; the old value finds the fact."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _facts(path: Path, *messages: str) -> list[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(hours=20 * i))  # the next day: past the window of a bare value
        return [(f.status, f.value, f.valid_from.date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)]


@pytest.mark.parametrize("fix", [
    "Sorry, I meant January 21, not January 14, for the dentist",
    "Sorry, I meant January 21, not January 14, for my dentist appointment.",
])
def test_the_plan_named_by_its_old_day_moves(tmp_path: Path, fix: str) -> None:
    facts = _facts(tmp_path, "I have a dentist appointment on January 14.", fix)
    assert ("superseded", "dentist appointment", "2027-01-14") in facts, facts
    assert [f for f in facts if f[0] == "active" and f[2] == "2027-01-21"], facts


def test_a_place_put_right_with_what_it_is_for(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I live in Seattle", "Sorry, I meant Tacoma, not Seattle, for my home.")
    assert {(status, value) for status, value, _ in facts} == {("superseded", "Seattle"), ("active", "Tacoma")}
