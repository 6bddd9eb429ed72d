"""Fact writes of ``PostgresStore``: finding a fact's earlier values, inserting facts with their
citations and full-text terms, changing status, validity and scores, withdrawals, access counts
and the audit log.

Called by the fact engine (``facts``) inside one open write; ``load_facts`` row-locks what it
reads until that write commits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np
from psycopg.types.json import Jsonb

from memstrata.clock import utcnow
from memstrata.store import withdrawals
from memstrata.store.postgres import search
from memstrata.store.postgres.base import PgBase
from memstrata.store.postgres.rows import Conn, live, scope_predicate, utc
from memstrata.store.records import NewFact
from memstrata.store.withdrawals import Withdrawal
from memstrata.types import Fact, Scope

#: The end a closing write gives a fact (``{end}``: an SQL expression), never before its start (as the
#: SQLite store): a fact closed before it began held for no time, not for a span that ends first.
_NOT_BEFORE_START = "CASE WHEN valid_from > {end} THEN valid_from ELSE {end} END"

class FactWrites(PgBase):
    """What the fact engine writes and looks up inside a write (a mixin of ``PostgresStore``)."""

    def fact_ids(self, conn: Conn, scope: Scope, *, keys: Sequence[str] | None, subject: str | None,
                 value_norm: str | None = None, status: str = "active") -> list[int]:
        """Ids of facts of ``scope`` about ``subject`` under ``keys`` (``None``: any key) with
        ``status`` (``active`` unless told; optionally one value)."""
        where, params = scope_predicate(Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id))
        hidden, hparams = self._hidden(conn, "facts")
        if keys is not None:
            where, params = f"{where} AND key = ANY(%s)", [*params, list(keys)]
        sql = (f"SELECT id FROM facts WHERE {where} AND status = %s "
               f"AND coalesce(subject, '') = %s AND {live()}{hidden}")
        args: list[object] = [*params, status, subject or "", utcnow(), *hparams]
        if value_norm is not None:
            sql += " AND value_norm = %s"
            args.append(value_norm)
        return [int(r[0]) for r in conn.execute(sql, args)]

    def nearest_facts(self, conn: Conn, scope: Scope, *, key: str, subject: str | None,
                      vector: np.ndarray, min_similarity: float, k: int = 3) -> list[tuple[int, float]]:
        """Active facts under ``key`` about ``subject`` with cosine ≥ ``min_similarity`` to ``vector``."""
        where, params = scope_predicate(scope, session=False)
        hidden, hparams = self._hidden(conn, "facts")
        where += f" AND key = %s AND status = 'active' AND coalesce(subject, '') = %s AND {live()}{hidden}"
        return self._nearest_facts(conn, where, [*params, key, subject or "", utcnow(), *hparams], vector, k,
                                   min_similarity)

    def load_facts(self, conn: Conn, ids: Iterable[int]) -> list[Fact]:
        """Facts by id, row-locked (``FOR UPDATE``) until the write commits."""
        ids = sorted(set(ids))
        if not ids:
            return []
        return self._facts(conn, "id = ANY(%s)", (ids,), "ORDER BY id FOR UPDATE")

    def insert_fact(self, conn: Conn, scope: Scope, fact: NewFact, *, citations: Sequence[int],
                    now: datetime) -> int:
        """Insert an active fact with its citations and full-text terms; returns its id."""
        row = conn.execute(
            "INSERT INTO facts (org_id, project_id, user_id, agent_id, subject, kind, key, tag, value, value_norm, "
            "statement, confidence, importance, sensitivity, observed_at, valid_from, valid_to, status, created_at, "
            "updated_at, terms, embedding, expires_at, encrypted) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, %s, %s, %s, %s, %s, %s, 'active', %s, %s, %s, %s, %s, %s) RETURNING id",
            (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, fact.subject, fact.kind, fact.key,
             fact.tag, fact.value, fact.value_norm, fact.statement, fact.confidence, fact.importance,
             fact.sensitivity, fact.observed_at, fact.valid_from, fact.valid_to, now, now, fact.index_terms,
             None if fact.embedding is None else search.stored_vector(fact.embedding), fact.expires_at,
             fact.encrypted),
        ).fetchone()
        assert row is not None
        self.cite(conn, int(row[0]), citations)
        return int(row[0])

    @staticmethod
    def cite(conn: Conn, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Add citations (idempotent)."""
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO fact_citations (fact_id, episode_id) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                            [(fact_id, e) for e in episode_ids])

    @staticmethod
    def uncite(conn: Conn, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Remove citations (a value split in two: ``facts.split``)."""
        conn.execute("DELETE FROM fact_citations WHERE fact_id = %s AND episode_id = ANY(%s)",
                     (fact_id, list(episode_ids)))

    @staticmethod
    def user_turns_between(conn: Conn, scope: Scope, after: int, before: int) -> int:
        """How many user episodes of ``scope`` (any session) lie strictly between two episode ids."""
        where, params = scope_predicate(scope, session=False)
        row = conn.execute(f"SELECT count(*) FROM episodes WHERE {where} AND role = 'user' AND id > %s AND id < %s",
                           [*params, after, before]).fetchone()
        return int(row[0])  # type: ignore[index]

    @staticmethod
    def episode_text(conn: Conn, episode_id: int) -> str | None:
        """What the episode said (its content), inside an open transaction; ``None`` when there is none."""
        row = conn.execute("SELECT content FROM episodes WHERE id = %s", (episode_id,)).fetchone()
        return None if row is None else str(row[0])

    @staticmethod
    def episode_times(conn: Conn, ids: Sequence[int]) -> dict[int, datetime]:
        """When each of these episodes was said (``created_at``), inside an open transaction."""
        rows = conn.execute("SELECT id, created_at FROM episodes WHERE id = ANY(%s)", (list(ids),)).fetchall()
        return {int(r[0]): utc(r[1]) for r in rows}  # type: ignore[misc]

    def set_fact_status(self, conn: Conn, fact_id: int, status: str, *, now: datetime,
                        valid_to: datetime | None = None) -> None:
        """Change a fact's status. ``superseded`` closes ``valid_to`` (when given) and stamps
        ``expired_at``; ``active`` reopens both (``valid_to``: the fact's own end, which it holds again); a
        fact that had already ended keeps its own, earlier end when superseded, and none ends before its start
        (as the SQLite store)."""
        if status == "active":
            conn.execute("UPDATE facts SET status = 'active', valid_to = %s, expired_at = NULL, updated_at = %s "
                         "WHERE id = %s", (valid_to, now, fact_id))
        else:
            # least() passes over NULL: the earlier of the two ends, or the one there is
            end = "least(valid_to, %(end)s::timestamptz)"
            conn.execute(f"UPDATE facts SET status = %(status)s, valid_to = {_NOT_BEFORE_START.format(end=end)}, "
                         "updated_at = %(now)s, expired_at = CASE WHEN %(status)s = 'superseded' THEN %(now)s "
                         "ELSE expired_at END WHERE id = %(id)s",
                         {"status": status, "end": valid_to, "now": now, "id": fact_id})

    @staticmethod
    def set_valid_from(conn: Conn, fact_id: int, valid_from: datetime, *, now: datetime) -> None:
        """Move the start of a fact's validity back (as the SQLite store)."""
        conn.execute("UPDATE facts SET valid_from = %s, updated_at = %s WHERE id = %s", (valid_from, now, fact_id))

    @staticmethod
    def set_valid_to(conn: Conn, fact_id: int, valid_to: datetime, *, now: datetime) -> None:
        """Move the end of a superseded fact's validity (as the SQLite store; status and
        ``expired_at`` stay; never before its start)."""
        conn.execute(f"UPDATE facts SET valid_to = {_NOT_BEFORE_START.format(end='%(end)s::timestamptz')}, "
                     "updated_at = %(now)s WHERE id = %(id)s AND status = 'superseded'",
                     {"end": valid_to, "now": now, "id": fact_id})

    @staticmethod
    def set_fact_scores(conn: Conn, fact_id: int, *, importance: float, confidence: float, now: datetime) -> None:
        """Set a fact's importance and confidence (both in [0, 1]) in place."""
        conn.execute("UPDATE facts SET importance = %s, confidence = %s, updated_at = %s WHERE id = %s",
                     (importance, confidence, now, fact_id))

    @staticmethod
    def touch_fact(conn: Conn, fact_id: int, *, confidence: float, now: datetime, observed_at: datetime) -> None:
        """Record that a fact was stated again: newer ``observed_at``, higher confidence."""
        conn.execute("UPDATE facts SET confidence = greatest(confidence, %s), observed_at = greatest(observed_at, "
                     "%s), updated_at = %s WHERE id = %s", (confidence, observed_at, now, fact_id))

    def insert_withdrawal(self, conn: Conn, scope: Scope, withdrawal: Withdrawal) -> None:
        """Keep a withdrawal the user said (``store.withdrawals``)."""
        withdrawals.insert(conn, self.dialect, scope, withdrawal)

    def withdrawals_after(self, conn: Conn, scope: Scope, *, key: str, subject: str | None,
                          after: datetime) -> list[Withdrawal]:
        """Withdrawals under ``key`` about ``subject`` said after ``after``, earliest first."""
        return withdrawals.said_after(conn, self.dialect, scope, key=key, subject=subject, after=after)

    def record_access(self, fact_ids: Sequence[int], now: datetime) -> bool:
        """Count a recall of each fact, best effort: gives up at once (``False``) rather than wait
        for a row another transaction holds, nor waits for the disk: the commit does not wait for
        its WAL flush (``synchronous_commit = off`` for this transaction only; a server crash may
        lose the last counts, never corrupt them), as SQLite's ``record_access`` does not sync.
        The flush took 5.5 ms p50 of each search that returned a fact (1M bench, load ~4). Neither
        column is indexed and facts keep room in their pages (migration 12), so the row is
        rewritten on its own page (a HOT update) without new entries in the facts' indexes."""
        if not fact_ids:
            return True
        try:
            with self.db.write() as conn:
                conn.execute("SELECT set_config('lock_timeout', '50ms', true), "
                             "set_config('synchronous_commit', 'off', true)")
                conn.execute("UPDATE facts SET access_count = access_count + 1, last_accessed_at = %s "
                             "WHERE id = ANY(%s)", (now, sorted(set(fact_ids))))
            return True
        except Exception:  # lock timeout, read-only replica: counting is optional
            return False

    @staticmethod
    def log_event(conn: Conn, scope: Scope, *, fact_id: int | None, action: str, actor: str,
                  detail: dict[str, Any], now: datetime) -> None:
        """Append to the audit log."""
        conn.execute("INSERT INTO memory_events (fact_id, org_id, project_id, user_id, action, at, actor, detail) "
                     "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                     (fact_id, scope.org_id, scope.project_id, scope.user_id, action, now, actor, Jsonb(detail)))

    @staticmethod
    def _nearest_facts(conn: Conn, where: str, params: Sequence[object], vector: np.ndarray, k: int,
                       min_similarity: float) -> list[tuple[int, float]]:
        q = np.asarray(vector, dtype=np.float32)
        rows = conn.execute(
            f"SELECT id, 1 - (embedding <=> %s) AS cos FROM facts WHERE {where} AND embedding IS NOT NULL "
            "AND vector_dims(embedding) = %s ORDER BY embedding <=> %s, id LIMIT %s",
            (q, *params, len(q), q, k)).fetchall()
        return [(int(r[0]), float(r[1])) for r in rows if float(r[1]) >= min_similarity]
