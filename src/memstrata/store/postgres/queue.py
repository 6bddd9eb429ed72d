"""The durable extraction queue on PostgreSQL (table ``extraction_queue``, migration 2).

The life of an item and the flush policy are those of ``store.queue``. Many worker
processes share one database, so a claim must not hand the same item to two of them:

* the ready sessions are read from a plain snapshot (no lock);
* for each, ``pg_try_advisory_xact_lock`` on the session: a session another worker is
  claiming right now is skipped, so one session's items are not split between two batches;
* its ready rows are taken with ``SELECT ... FOR UPDATE SKIP LOCKED``: rows another
  transaction holds (a claim in flight, or a ``finish`` committing the facts) are skipped,
  and under READ COMMITTED a locked row is re-checked against ``status``/``lease_until``
  after its holder commits, so a row just claimed elsewhere is no longer "ready".

``finish`` updates the rows only while they still carry the batch's claim token; if a
lease expired and another worker re-claimed them, it updates fewer rows and raises
``StaleClaim``, rolling back the facts of that attempt: every batch is applied once.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from memstrata.clock import to_db
from memstrata.config import SemanticSettings
from memstrata.store.postgres.connection import PgDatabase
from memstrata.store.postgres.rows import scope_predicate
from memstrata.store.queue import Batch, QueueStatus, StaleClaim, poisoned_error, split_error
from memstrata.types import Scope

#: Ready = pending and past its backoff, or running with an expired lease (two ``%s``: now, now).
_READY = "((status = 'pending' AND (not_before IS NULL OR not_before <= %s)) OR " \
         "(status = 'running' AND lease_until < %s))"
_SESSION = ("org_id = %s AND project_id = %s AND user_id IS NOT DISTINCT FROM %s AND "
            "agent_id IS NOT DISTINCT FROM %s AND session_id IS NOT DISTINCT FROM %s")


def _session_lock(scope: Scope) -> int:
    """Advisory-lock key of one session's queue items (hashed, prefixed apart from ``lock_scopes``)."""
    text = "\x00".join(["extraction_queue", scope.org_id, scope.project_id, scope.user_id or "",
                        scope.agent_id or "", scope.session_id or ""])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big", signed=True)


class PgExtractionQueue:
    """The ``store.queue.ExtractionQueue`` protocol on a ``PgDatabase``; see the module docstring."""

    def __init__(self, db: PgDatabase, policy: SemanticSettings) -> None:
        self.db = db
        self.policy = policy

    @staticmethod
    def enqueue(conn: Any, *, episode_id: int, scope: Scope, now: datetime) -> None:
        """Add an episode inside the transaction that stores it (idempotent per episode)."""
        conn.execute(
            "INSERT INTO extraction_queue (episode_id, org_id, project_id, user_id, agent_id, session_id, status, "
            "enqueued_at) VALUES (%s,%s,%s,%s,%s,%s,'pending',%s) ON CONFLICT (episode_id) DO NOTHING",
            (episode_id, scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, now))

    def request_flush(self, scope: Scope) -> int:
        """Flag the scope's pending items as ready now; returns how many."""
        where, params = scope_predicate(scope)
        with self.db.write() as conn:
            return int(conn.execute(f"UPDATE extraction_queue SET flush = TRUE WHERE status = 'pending' AND {where}",
                                    params).rowcount)

    def claim(self, *, now: datetime, scope: Scope | None = None, limit: int = 50,
              exclude: Collection[int] = ()) -> Batch | None:
        """Claim the ready items of one session (oldest first, at most ``limit``), or ``None``.
        Items in ``exclude`` (ids already tried by this caller) are left alone."""
        where, params = ("TRUE", []) if scope is None else scope_predicate(scope)
        if exclude:
            where += " AND NOT (id = ANY(%s))"
            params = [*params, sorted(int(i) for i in exclude)]
        idle = now - timedelta(seconds=self.policy.flush_idle_s)
        with self.db.write() as conn:
            groups = conn.execute(
                "SELECT org_id, project_id, user_id, agent_id, session_id, count(*), bool_or(flush), "
                f"max(enqueued_at), max(attempts) FROM extraction_queue WHERE {_READY} AND {where} "
                "GROUP BY org_id, project_id, user_id, agent_id, session_id ORDER BY min(id)",
                (now, now, *params)).fetchall()
            for org, project, user, agent, session, n, flush, newest, attempts in groups:
                if not (flush or attempts or n >= self.policy.flush_every or newest <= idle):
                    continue
                group = Scope(org, project, user, agent, session)
                batch = self._claim_group(conn, group, now, where, params, limit)
                if batch is not None:
                    return batch
        return None

    def _claim_group(self, conn: Any, group: Scope, now: datetime, where: str, params: list[object],
                     limit: int) -> Batch | None:
        got = conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (_session_lock(group),)).fetchone()
        if not got[0]:  # another worker is claiming this session right now
            return None
        rows = conn.execute(
            f"SELECT id, episode_id, attempts FROM extraction_queue WHERE {_SESSION} AND {_READY} AND {where} "
            "ORDER BY id LIMIT %s FOR UPDATE SKIP LOCKED",
            (group.org_id, group.project_id, group.user_id, group.agent_id, group.session_id, now, now, *params,
             limit)).fetchall()
        poisoned = [r[0] for r in rows if r[2] >= self.policy.max_attempts]
        if poisoned:  # claimed max_attempts times and never finished: its workers died on it
            conn.execute("UPDATE extraction_queue SET status = 'failed', claimed_by = NULL, lease_until = NULL, "
                         "last_error = %s WHERE id = ANY(%s)",
                         (poisoned_error(now, self.policy.max_attempts), poisoned))
            rows = [r for r in rows if r[0] not in poisoned]
        if not rows:
            return None
        token = uuid.uuid4().hex
        # attempts counts claims, so a batch that kills its worker every time still ends up 'failed'
        conn.execute("UPDATE extraction_queue SET status = 'running', claimed_by = %s, lease_until = %s, "
                     "attempts = attempts + 1 WHERE id = ANY(%s)",
                     (token, now + timedelta(seconds=self.policy.lease_s), [r[0] for r in rows]))
        return Batch(token, group, tuple(int(r[0]) for r in rows), tuple(int(r[1]) for r in rows),
                     max(int(r[2]) for r in rows) + 1)

    @staticmethod
    def finish(conn: Any, batch: Batch, *, now: datetime) -> None:
        """Mark the batch done inside the transaction that applied its facts.

        Raises:
            StaleClaim: another worker holds the items now (the caller's write rolls back).
        """
        updated = conn.execute(
            "UPDATE extraction_queue SET status = 'done', done_at = %s, lease_until = NULL, last_error = NULL "
            "WHERE id = ANY(%s) AND status = 'running' AND claimed_by = %s",
            (now, list(batch.item_ids), batch.token)).rowcount
        if updated != len(batch.item_ids):
            raise StaleClaim(f"{len(batch.item_ids) - updated} of {len(batch.item_ids)} items were reclaimed")

    def fail(self, batch: Batch, error: str, *, now: datetime) -> str:
        """Record a failed attempt (``batch.attempts`` counts this claim): back to ``pending`` with
        exponential backoff (``retry_backoff_s * 2 ** (attempts - 1)``, capped), or ``failed``
        after ``max_attempts``. Returns the new status."""
        status = "failed" if batch.attempts >= self.policy.max_attempts else "pending"
        delay = min(self.policy.max_retry_backoff_s, self.policy.retry_backoff_s * 2 ** (batch.attempts - 1))
        with self.db.write() as conn:
            conn.execute(
                "UPDATE extraction_queue SET status = %s, not_before = %s, last_error = %s, claimed_by = NULL, "
                "lease_until = NULL WHERE id = ANY(%s) AND claimed_by = %s",
                (status, now + timedelta(seconds=delay), f"{to_db(now)} {error}"[:2000], list(batch.item_ids),
                 batch.token))
        return status

    def retry_failed(self, scope: Scope | None = None) -> int:
        """Put ``failed`` items back to ``pending`` (attempts reset); returns how many."""
        where, params = ("TRUE", []) if scope is None else scope_predicate(scope)
        with self.db.write() as conn:
            return int(conn.execute(
                "UPDATE extraction_queue SET status = 'pending', attempts = 0, not_before = NULL, flush = TRUE "
                f"WHERE status = 'failed' AND {where}", params).rowcount)

    def status(self, scope: Scope | None = None) -> QueueStatus:
        """Counts by status and the latest error."""
        where, params = ("TRUE", []) if scope is None else scope_predicate(scope)
        with self.db.read() as conn:
            counts = {str(s): int(n) for s, n in conn.execute(
                f"SELECT status, count(*) FROM extraction_queue WHERE {where} GROUP BY status", params).fetchall()}
            row = conn.execute(f"SELECT last_error FROM extraction_queue WHERE last_error IS NOT NULL AND {where} "
                               "ORDER BY last_error DESC LIMIT 1", params).fetchone()
        message, at = split_error(None if row is None else str(row[0]))
        return QueueStatus(counts.get("pending", 0), counts.get("running", 0), counts.get("done", 0),
                           counts.get("failed", 0), message, at)
