"""An allergy put right with ", not X" is the person's the allergy before it is of: "My son is allergic to tree nuts,
not peanuts" withdrew the USER's peanut allergy (the ", not peanuts" clause was read alone, with no subject), and
"Mia is allergic to tree nuts, not peanuts" stored nothing of Mia's and withdrew the user's too. Now the son's and
Mia's peanuts are withdrawn (their tree nuts kept), the user's allergy is untouched, and the user's own correction
still supersedes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> dict[tuple[str, str], str]:
    """{(value, subject): status} of every allergy after ``messages`` are added in order to one memory."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        return {(f.value, f.subject or ""): f.status for f in mem.list(kind="fact", status="all", limit=100)
                if f.key == "health.allergy"}


@pytest.mark.parametrize(("said", "who"), [
    ("My son is allergic to tree nuts, not peanuts.", "son"),
    ("Mia is allergic to tree nuts, not peanuts.", "Mia"),
    ("Actually my wife is allergic to tree nuts, not peanuts.", "wife"),
])
def test_someone_elses_correction_leaves_the_users_allergy(tmp_path: Path, said: str, who: str) -> None:
    stored = _stored(tmp_path, "I'm allergic to peanuts.", said)
    assert stored == {("peanuts", ""): "active", ("tree nuts", who): "active"}


@pytest.mark.parametrize(("before", "after", "who"), [
    ("My son is allergic to peanuts.", "My son is allergic to tree nuts, not peanuts.", "son"),
    ("Mia is allergic to peanuts.", "Actually Mia is allergic to tree nuts, not peanuts.", "Mia"),
    ("I'm allergic to peanuts.", "Actually I'm allergic to tree nuts, not peanuts.", ""),
])
def test_the_correction_supersedes_that_persons_allergy(tmp_path: Path, before: str, after: str, who: str) -> None:
    stored = _stored(tmp_path, before, after)
    assert stored == {("peanuts", who): "superseded", ("tree nuts", who): "active"}
