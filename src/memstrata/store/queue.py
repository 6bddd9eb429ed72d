"""The extraction queue's shared vocabulary: what a claim returns, the status report, and the
``ExtractionQueue`` protocol each backend implements (``store.sqlite.queue``,
``store.postgres.queue``) over the same ``extraction_queue`` table (migration 2 of each).

Life of an item: ``pending`` → claimed (``running``, with a lease and a claim token) →
``done`` (committed in the same transaction as the facts it produced) or back to
``pending`` with ``not_before`` pushed out exponentially, and ``failed`` after
``max_attempts`` claims. A worker that dies leaves ``running`` items whose lease expires;
the next claim takes them again. ``finish`` checks the claim token inside the write that
applies the facts, so an item is applied at most once even if two workers raced after a
lease expired, and at least once because nothing is marked done before its facts commit.

Which sessions are ready (the flush policy, ``SemanticSettings``): a session's pending items
are claimed together once ``flush_every`` of them wait, once the newest is ``flush_idle_s``
old, when any was flagged for flushing (``end_session``, ``flush``, ``add(wait=True)``), or
when they are being retried.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from memstrata.clock import to_db
from memstrata.types import Scope


@dataclass(frozen=True)
class Batch:
    """Claimed items of one session: ``token`` proves the claim when finishing; ``attempts``
    is how many times the most-tried item has been claimed, this claim included."""

    token: str
    scope: Scope
    item_ids: tuple[int, ...]
    episode_ids: tuple[int, ...]
    attempts: int


@dataclass(frozen=True)
class QueueStatus:
    """Counts by status, and the most recent error (``memstrata status``)."""

    pending: int
    running: int
    done: int
    failed: int
    last_error: str | None
    last_error_at: str | None


class StaleClaim(Exception):
    """The batch's claim was taken over (lease expired and another worker claimed it)."""


def poisoned_error(now: datetime, max_attempts: int) -> str:
    """``last_error`` of an item claimed ``max_attempts`` times and never finished (stamped ``now``)."""
    return f"{to_db(now)} claimed {max_attempts} times, never finished (worker killed or crashed on it)"


def split_error(last: str | None) -> tuple[str | None, str | None]:
    """``last_error`` is stored as ``"<UTC stamp> <message>"``: returns ``(message, stamp)``."""
    at, _, message = (last or "").partition(" ")
    return message or None, at or None


class ExtractionQueue(Protocol):
    """Queue operations of one backend; see the module docstring. Times are aware UTC."""

    def enqueue(self, conn: Any, *, episode_id: int, scope: Scope, now: datetime) -> None:
        """Add an episode inside the transaction that stores it (idempotent per episode)."""

    def request_flush(self, scope: Scope) -> int:
        """Flag the scope's pending items as ready now; returns how many."""

    def claim(self, *, now: datetime, scope: Scope | None = None, limit: int = 50,
              exclude: Collection[int] = ()) -> Batch | None:
        """Claim the ready items of one session (oldest first, at most ``limit``), or ``None``;
        items in ``exclude`` are left alone. Concurrent claimers never get the same item."""

    def finish(self, conn: Any, batch: Batch, *, now: datetime) -> None:
        """Mark the batch done inside the transaction that applied its facts.

        Raises:
            StaleClaim: another worker holds the items now (the caller's write rolls back).
        """

    def fail(self, batch: Batch, error: str, *, now: datetime) -> str:
        """Record a failed attempt: ``pending`` with backoff or ``failed``; returns the new status."""

    def retry_failed(self, scope: Scope | None = None) -> int:
        """Put ``failed`` items back to ``pending`` (attempts reset); returns how many."""

    def status(self, scope: Scope | None = None) -> QueueStatus:
        """Counts by status and the latest error."""
