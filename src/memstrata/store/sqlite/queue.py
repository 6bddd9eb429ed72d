"""The durable extraction queue on SQLite (table ``extraction_queue``, migration 2).

The life of an item and the flush policy are described in ``store.queue``. SQLite has one
writer at a time, so a claim is one ``BEGIN IMMEDIATE`` write transaction: nothing else can
claim between reading the ready items and marking them ``running``.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Collection
from datetime import datetime, timedelta

from memstrata.clock import to_db
from memstrata.config import SemanticSettings
from memstrata.store.queue import Batch, QueueStatus, StaleClaim, poisoned_error, split_error
from memstrata.store.sqlite.connection import Database
from memstrata.store.sqlite.rows import scope_predicate
from memstrata.types import Scope


class ExtractionQueue:
    """The ``store.queue.ExtractionQueue`` protocol on a SQLite ``Database``."""

    def __init__(self, db: Database, policy: SemanticSettings) -> None:
        self.db = db
        self.policy = policy

    @staticmethod
    def enqueue(conn: sqlite3.Connection, *, episode_id: int, scope: Scope, now: datetime) -> None:
        """Add an episode inside the transaction that stores it (idempotent per episode)."""
        conn.execute(
            "INSERT OR IGNORE INTO extraction_queue (episode_id, org_id, project_id, user_id, agent_id, "
            "session_id, status, enqueued_at) VALUES (?,?,?,?,?,?,'pending',?)",
            (episode_id, scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id,
             to_db(now)))

    def request_flush(self, scope: Scope) -> int:
        """Flag the scope's pending items as ready now; returns how many."""
        where, params = scope_predicate(scope)
        with self.db.write() as conn:
            return conn.execute(f"UPDATE extraction_queue SET flush = 1 WHERE status = 'pending' AND {where}",
                                params).rowcount

    def claim(self, *, now: datetime, scope: Scope | None = None, limit: int = 50,
              exclude: Collection[int] = ()) -> Batch | None:
        """Claim the ready items of one session (oldest first, at most ``limit``), or ``None``.
        Items in ``exclude`` (ids already tried by this caller) are left alone."""
        where, params = ("1 = 1", []) if scope is None else scope_predicate(scope)
        if exclude:
            where += f" AND id NOT IN ({','.join(str(int(i)) for i in exclude)})"
        stamp = to_db(now)
        idle = to_db(now - timedelta(seconds=self.policy.flush_idle_s))
        with self.db.write() as conn:
            groups = conn.execute(
                "SELECT org_id, project_id, user_id, agent_id, session_id, count(*), max(flush), "
                "max(enqueued_at), max(attempts), min(id) FROM extraction_queue "
                f"WHERE ((status = 'pending' AND ifnull(not_before, '') <= ?) OR "
                f"(status = 'running' AND lease_until < ?)) AND {where} "
                "GROUP BY org_id, project_id, user_id, agent_id, session_id ORDER BY min(id)",
                (stamp, stamp, *params)).fetchall()
            for org, project, user, agent, session, n, flush, newest, attempts, _ in groups:
                if not (flush or attempts or n >= self.policy.flush_every or newest <= idle):
                    continue
                group = Scope(org, project, user, agent, session)
                rows = conn.execute(
                    "SELECT id, episode_id, attempts FROM extraction_queue WHERE org_id = ? AND project_id = ? "
                    "AND user_id IS ? AND agent_id IS ? AND session_id IS ? AND ((status = 'pending' AND "
                    f"ifnull(not_before, '') <= ?) OR (status = 'running' AND lease_until < ?)) AND {where} "
                    "ORDER BY id LIMIT ?",
                    (org, project, user, agent, session, stamp, stamp, *params, limit)).fetchall()
                poisoned = [r[0] for r in rows if r[2] >= self.policy.max_attempts]
                if poisoned:  # claimed max_attempts times and never finished: its workers died on it
                    conn.executemany("UPDATE extraction_queue SET status = 'failed', claimed_by = NULL, "
                                     "lease_until = NULL, last_error = ? WHERE id = ?",
                                     [(poisoned_error(now, self.policy.max_attempts), i) for i in poisoned])
                    rows = [r for r in rows if r[0] not in poisoned]
                    if not rows:
                        continue
                token = uuid.uuid4().hex
                lease = to_db(now + timedelta(seconds=self.policy.lease_s))
                # attempts counts claims, so a batch that kills its worker every time still ends up 'failed'
                conn.executemany("UPDATE extraction_queue SET status = 'running', claimed_by = ?, lease_until = ?, "
                                 "attempts = attempts + 1 WHERE id = ?", [(token, lease, r[0]) for r in rows])
                return Batch(token, group, tuple(r[0] for r in rows), tuple(r[1] for r in rows),
                             max(r[2] for r in rows) + 1)
        return None

    @staticmethod
    def finish(conn: sqlite3.Connection, batch: Batch, *, now: datetime) -> None:
        """Mark the batch done inside the transaction that applied its facts.

        Raises:
            StaleClaim: another worker holds the items now (the caller's write rolls back).
        """
        marks = ",".join("?" * len(batch.item_ids))
        updated = conn.execute(
            f"UPDATE extraction_queue SET status = 'done', done_at = ?, lease_until = NULL, last_error = NULL "
            f"WHERE id IN ({marks}) AND status = 'running' AND claimed_by = ?",
            (to_db(now), *batch.item_ids, batch.token)).rowcount
        if updated != len(batch.item_ids):
            raise StaleClaim(f"{len(batch.item_ids) - updated} of {len(batch.item_ids)} items were reclaimed")

    def fail(self, batch: Batch, error: str, *, now: datetime) -> str:
        """Record a failed attempt (``batch.attempts`` counts this claim): back to ``pending`` with
        exponential backoff (``retry_backoff_s * 2 ** (attempts - 1)``, capped), or ``failed``
        after ``max_attempts``. Returns the new status."""
        attempts = batch.attempts
        status = "failed" if attempts >= self.policy.max_attempts else "pending"
        delay = min(self.policy.max_retry_backoff_s, self.policy.retry_backoff_s * 2 ** (attempts - 1))
        marks = ",".join("?" * len(batch.item_ids))
        with self.db.write() as conn:
            conn.execute(
                f"UPDATE extraction_queue SET status = ?, not_before = ?, last_error = ?, "
                f"claimed_by = NULL, lease_until = NULL WHERE id IN ({marks}) AND claimed_by = ?",
                (status, to_db(now + timedelta(seconds=delay)), f"{to_db(now)} {error}"[:2000],
                 *batch.item_ids, batch.token))
        return status

    def retry_failed(self, scope: Scope | None = None) -> int:
        """Put ``failed`` items back to ``pending`` (attempts reset); returns how many."""
        where, params = ("1 = 1", []) if scope is None else scope_predicate(scope)
        with self.db.write() as conn:
            return conn.execute(f"UPDATE extraction_queue SET status = 'pending', attempts = 0, not_before = NULL, "
                                f"flush = 1 WHERE status = 'failed' AND {where}", params).rowcount

    def status(self, scope: Scope | None = None) -> QueueStatus:
        """Counts by status and the latest error."""
        where, params = ("1 = 1", []) if scope is None else scope_predicate(scope)
        with self.db.read() as conn:
            counts = dict(conn.execute(f"SELECT status, count(*) FROM extraction_queue WHERE {where} "
                                       "GROUP BY status", params).fetchall())
            row = conn.execute(f"SELECT last_error FROM extraction_queue WHERE last_error IS NOT NULL AND {where} "
                               "ORDER BY last_error DESC LIMIT 1", params).fetchone()
        message, at = split_error(None if row is None else str(row[0]))
        return QueueStatus(counts.get("pending", 0), counts.get("running", 0), counts.get("done", 0),
                           counts.get("failed", 0), message, at)


__all__ = ["Batch", "ExtractionQueue", "QueueStatus", "StaleClaim"]
