"""Where a new value of a single-valued key falls among the values already stored, by when each was said.

The values of one key (one owner, one subject) form a timeline: each held from ``valid_from``
(when it was said) until ``valid_to`` (when the next value was said, or it was withdrawn). A
message can arrive after messages said later than it (a backfilled log, a newest-first export):
its value must then be placed *between* the stored ones, not after the newest. ``place`` is pure:
it sees the candidate's start and the key's stored values (active and superseded) and says

* which stored value held when the candidate was said and must now end there (``cut``), and
* which stored value was said next (``successor``) and when (``until``): the candidate held
  only until then, as a past value. No successor: the candidate is the newest value.

Without this, a late value was given the *current* value's start as its end (a
June-2025 value "held" for 17 months across four others) and the value it fell inside left
running over it: two values claimed the same months.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memstrata.types import Fact


@dataclass(frozen=True)
class Placement:
    """Where a value said at some time falls among a key's stored values (``place``).

    Attributes:
        cut: the stored value whose validity covers the candidate's start (began at or before
            it, ends after it or not at all); ``None`` when no value held then.
        successor: the first stored value said after the candidate's start; ``None``: none was.
        until: when ``successor`` was said (the candidate's ``valid_to``), UTC; ``None`` with it.
    """

    cut: Fact | None = None
    successor: Fact | None = None
    until: datetime | None = None


def said_after(fact: Fact, start: datetime) -> datetime | None:
    """When ``fact`` was said after ``start``: its ``valid_from``, or for a value said before and
    stated again after ``start``, its last statement (``observed_at``: the time of the earliest
    restatement after ``start`` is not kept on the fact, so this end may come late); ``None`` when
    it was not said after ``start``."""
    begun = fact.valid_from or fact.observed_at
    if begun > start:
        return begun
    return fact.observed_at if fact.observed_at > start else None


def place(start: datetime, facts: Sequence[Fact]) -> Placement:
    """Place a value said at ``start`` among ``facts`` (the key's stored values, any order;
    the candidate itself must not be among them).

    Ties: a value said at the very same instant as the candidate counts as said before it (the
    candidate, arriving later, is the newer word), so it is cut, never the successor.
    """
    later = [(t, f) for f in facts if (t := said_after(f, start)) is not None]
    successor = min(later, key=lambda p: (p[0], p[1].id), default=None)
    held = [f for f in facts if (f.valid_from or f.observed_at) <= start and f.observed_at <= start
            and (f.valid_to is None or f.valid_to > start)]
    cut = max(held, key=lambda f: (f.valid_from or f.observed_at, f.id), default=None)
    if successor is None:
        return Placement(cut=cut)
    return Placement(cut=cut, successor=successor[1], until=successor[0])
