"""What a memory holds under one key, for the tests that follow a value through its changes."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from memstrata import FactChange, Memory
from memstrata.types import Fact


def values(mem: Memory, key: str, status: str = "active") -> list[str]:
    """The sorted values of ``key``'s facts with ``status`` (``"all"`` for every status)."""
    return sorted(f.value for f in mem.list(key=key, status=status) if isinstance(f, Fact))


def change_of(change: FactChange) -> tuple[str, str, list[str]]:
    """``(action, new value, the values it replaced)`` of one fact change an ``add`` reported."""
    return change.action, change.fact.value, [p.value for p in change.previous]


def stored_facts(folder: Path, *messages: str, start: datetime,
                 own: bool = False) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """``(active, superseded)`` ``(key, value)`` pairs after ``messages`` are added in order to one new memory of
    user ``u1`` in ``folder`` (rules only, no embedder), a minute apart from ``start``; with ``own``, only the
    user's own facts (no other person as their subject)."""
    folder.mkdir(parents=True, exist_ok=True)
    with Memory(folder / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=start + timedelta(minutes=i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if not (own and f.subject)]
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})
