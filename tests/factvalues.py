"""What a memory holds under one key, for the tests that follow a value through its changes."""

from __future__ import annotations

from memstrata import FactChange, Memory
from memstrata.types import Fact


def values(mem: Memory, key: str, status: str = "active") -> list[str]:
    """The sorted values of ``key``'s facts with ``status`` (``"all"`` for every status)."""
    return sorted(f.value for f in mem.list(key=key, status=status) if isinstance(f, Fact))


def change_of(change: FactChange) -> tuple[str, str, list[str]]:
    """``(action, new value, the values it replaced)`` of one fact change an ``add`` reported."""
    return change.action, change.fact.value, [p.value for p in change.previous]
