"""A switch to a provider of a kind one holds one of ends the provider held under any key: "My phone plan is with
T-Mobile" (``user.phone_plan``) then "I switched my phone to Verizon" stored ``tool.phone = Verizon`` and left T-Mobile
current; now Verizon supersedes T-Mobile there. A carrier said as "I'm on T-Mobile" (``user.mobile_carrier``) likewise.
Another person's carrier and a home moved to change nothing of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def _stored(folder: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) pairs after the user's ``messages``, three days apart."""
    with Memory(folder / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=_AT + timedelta(days=3 * i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if not f.subject]
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("held", "switch"), [
    ("My phone plan is with T-Mobile.", "I switched my phone to Verizon."),
    ("My phone plan is with T-Mobile.",
     "I moved my phone over to Verizon last week, T-Mobile had no signal at our new place."),
    ("I'm on T-Mobile", "I switched my phone to Verizon."),
])
def test_a_switch_of_carrier_supersedes_the_carrier_held(tmp_path: Path, held: str, switch: str) -> None:
    active, superseded = _stored(tmp_path, held, switch)
    assert any(value == "T-Mobile" for _, value in superseded), (active, superseded)
    assert any(value == "Verizon" for _, value in active) and not any(v == "T-Mobile" for _, v in active), active
    assert not any(key == "tool.phone" for key, _ in active), active


def test_a_sisters_carrier_ends_none_of_the_users(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "My phone plan is with T-Mobile.", "My sister uses Verizon")
    assert ("user.phone_plan", "T-Mobile") in active and not superseded, (active, superseded)
