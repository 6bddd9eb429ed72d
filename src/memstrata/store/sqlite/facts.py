"""Fact writes of ``SQLiteStore``: finding a fact's earlier values, inserting facts with their
citations and full-text rows, changing status, validity and scores, withdrawals, access counts
and the audit log.

Called by the fact engine (``facts``) inside one open ``Database.write()``; a change that
alters which facts a vector search may return bumps ``facts_version`` so the working copies reload.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import from_db, to_db, utcnow
from memstrata.store import withdrawals
from memstrata.store.records import NewFact
from memstrata.store.sqlite.base import SQLiteBase
from memstrata.store.vectors import encode_vector, top_k
from memstrata.store.withdrawals import Withdrawal
from memstrata.types import Fact, Scope

#: The end a closing write gives a fact (``{end}``: an SQL expression), never before its start: a fact
#: closed before it began held for no time (``valid_to = valid_from``), not for a span that ends first.
_NOT_BEFORE_START = "CASE WHEN valid_from > {end} THEN valid_from ELSE {end} END"

class FactWrites(SQLiteBase):
    """What the fact engine writes and looks up inside a write (a mixin of ``SQLiteStore``)."""

    def fact_ids(self, conn: sqlite3.Connection, scope: Scope, *, keys: Sequence[str] | None, subject: str | None,
                 value_norm: str | None = None, status: str = "active") -> list[int]:
        """Ids of facts of ``scope`` (user/agent level) about ``subject`` under ``keys`` (``None``: any
        key) with ``status`` (``active`` unless told), optionally only those whose normalised value is
        ``value_norm``."""
        where, params = self.where(conn, scope, table="facts", session=False)
        if keys is not None:
            where += f" AND key IN ({','.join('?' * len(keys))})"
            params = [*params, *keys]
        sql = f"SELECT id FROM facts WHERE {where} AND status = ? AND ifnull(subject, '') = ?"
        args: list[object] = [*params, status, subject or ""]
        if value_norm is not None:
            sql += " AND value_norm = ?"
            args.append(value_norm)
        return [int(r[0]) for r in conn.execute(sql, args)]

    def nearest_facts(self, conn: sqlite3.Connection, scope: Scope, *, key: str, subject: str | None,
                      vector: np.ndarray, min_similarity: float, k: int = 3) -> list[tuple[int, float]]:
        """Active facts under ``key`` about ``subject`` with cosine ≥ ``min_similarity`` to ``vector``."""
        where, params = self.where(conn, scope, table="facts", session=False, expiry=False)
        where += " AND key = ? AND status = 'active' AND ifnull(subject, '') = ?"
        entry = self.vectors.get(conn, table="facts", where=where, params=[*params, key, subject or ""],
                                 version=self._version(conn, "facts_version"), dim=len(vector))
        return top_k(vector, entry, k, min_similarity, now=utcnow())

    def load_facts(self, conn: sqlite3.Connection, ids: Iterable[int]) -> list[Fact]:
        """Facts by id (inside an open transaction; ids come from scoped queries)."""
        ids = sorted(set(ids))
        if not ids:
            return []
        return self._facts(conn, f"id IN ({','.join('?' * len(ids))})", ids)

    def insert_fact(self, conn: sqlite3.Connection, scope: Scope, fact: NewFact, *,
                    citations: Sequence[int], now: datetime) -> int:
        """Insert an active fact with its citations and full-text row; returns its id."""
        cur = conn.execute(
            "INSERT INTO facts (org_id, project_id, user_id, agent_id, subject, kind, key, tag, value, "
            "value_norm, statement, confidence, importance, sensitivity, observed_at, valid_from, valid_to, "
            "status, created_at, updated_at, embedding, expires_at, encrypted) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,'active',?,?,?,?,?)",
            (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, fact.subject, fact.kind,
             fact.key, fact.tag, fact.value, fact.value_norm, fact.statement, fact.confidence, fact.importance,
             fact.sensitivity, to_db(fact.observed_at), to_db(fact.valid_from),
             to_db(fact.valid_to), to_db(now), to_db(now),
             None if fact.embedding is None else encode_vector(fact.embedding),
             to_db(fact.expires_at), int(fact.encrypted)),
        )
        fact_id = int(cur.lastrowid or 0)
        conn.execute("INSERT INTO facts_fts (rowid, terms) VALUES (?, ?)", (fact_id, fact.index_terms))
        self.cite(conn, fact_id, citations)
        return fact_id  # no version bump: working copies pick up new ids incrementally

    @staticmethod
    def cite(conn: sqlite3.Connection, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Add citations (idempotent)."""
        conn.executemany("INSERT OR IGNORE INTO fact_citations (fact_id, episode_id) VALUES (?, ?)",
                         [(fact_id, e) for e in episode_ids])

    @staticmethod
    def uncite(conn: sqlite3.Connection, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Remove citations (a value split in two: ``facts.split``)."""
        conn.executemany("DELETE FROM fact_citations WHERE fact_id = ? AND episode_id = ?",
                         [(fact_id, e) for e in episode_ids])

    def user_turns_between(self, conn: sqlite3.Connection, scope: Scope, after: int, before: int) -> int:
        """How many user episodes of ``scope`` (any session) lie strictly between two episode ids."""
        whole = Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id)
        where, params = self.where(conn, whole, table="episodes", expiry=False)
        row = conn.execute(f"SELECT count(*) FROM episodes WHERE {where} AND role = 'user' AND id > ? AND id < ?",
                           [*params, after, before]).fetchone()
        return int(row[0])

    @staticmethod
    def episode_text(conn: sqlite3.Connection, episode_id: int) -> str | None:
        """What the episode said (its content), inside an open transaction; ``None`` when there is none."""
        row = conn.execute("SELECT content FROM episodes WHERE id = ?", (episode_id,)).fetchone()
        return None if row is None else str(row[0])

    @staticmethod
    def episode_times(conn: sqlite3.Connection, ids: Sequence[int]) -> dict[int, datetime]:
        """When each of these episodes was said (``created_at``), inside an open transaction."""
        marks = ",".join("?" * len(ids))
        return {int(r[0]): from_db(r[1]) for r in conn.execute(  # type: ignore[misc]
            f"SELECT id, created_at FROM episodes WHERE id IN ({marks})", list(ids))} if ids else {}

    def set_fact_status(self, conn: sqlite3.Connection, fact_id: int, status: str, *,
                        now: datetime, valid_to: datetime | None = None) -> None:
        """Change a fact's status. ``superseded`` closes ``valid_to`` (when given) and stamps
        ``expired_at`` (the system stopped believing it); ``active`` reopens both (``valid_to``: the
        fact's own end, an event's, which it holds again). A fact that had already ended (an event with
        its own period: "I flew to Tokyo in March 2019") keeps its own, earlier end when superseded: the
        new value does not make it hold until then. Nor does an end come before the fact's start: a
        plan corrected before its day ("dentist on January 14", put right on January 2) ends where it
        began, an empty span (it never held, ``FactStore.set_fact_status``)."""
        if status == "active":
            conn.execute("UPDATE facts SET status = 'active', valid_to = ?, expired_at = NULL, updated_at = ? "
                         "WHERE id = ?", (to_db(valid_to), to_db(now), fact_id))
        else:
            # fixed-width UTC text: min() is the earlier time, NULL when either is
            end = "coalesce(min(valid_to, :end), :end, valid_to)"
            conn.execute(f"UPDATE facts SET status = :status, valid_to = {_NOT_BEFORE_START.format(end=end)}, "
                         "updated_at = :now, expired_at = CASE WHEN :status = 'superseded' THEN :now ELSE expired_at "
                         "END WHERE id = :id",
                         {"status": status, "end": to_db(valid_to), "now": to_db(now), "id": fact_id})
        self.bump(conn, "facts_version")

    def set_valid_from(self, conn: sqlite3.Connection, fact_id: int, valid_from: datetime, *, now: datetime) -> None:
        """Move the start of a fact's validity back (the value was said earlier than the message
        that stored it, which arrived first: ``facts.place.begin_earlier``)."""
        conn.execute("UPDATE facts SET valid_from = ?, updated_at = ? WHERE id = ?",
                     (to_db(valid_from), to_db(now), fact_id))
        self.bump(conn, "facts_version")

    def set_valid_to(self, conn: sqlite3.Connection, fact_id: int, valid_to: datetime, *, now: datetime) -> None:
        """Move the end of a superseded fact's validity (a value said before its end arrived late and
        took its place from then on: ``timeline``). Status and ``expired_at`` stay: what the system
        believed, and when, is not rewritten."""
        conn.execute(f"UPDATE facts SET valid_to = {_NOT_BEFORE_START.format(end=':end')}, updated_at = :now "
                     "WHERE id = :id AND status = 'superseded'",
                     {"end": to_db(valid_to), "now": to_db(now), "id": fact_id})
        self.bump(conn, "facts_version")

    @staticmethod
    def set_fact_scores(conn: sqlite3.Connection, fact_id: int, *, importance: float, confidence: float,
                        now: datetime) -> None:
        """Set a fact's importance and confidence (both in [0, 1]) in place."""
        conn.execute("UPDATE facts SET importance = ?, confidence = ?, updated_at = ? WHERE id = ?",
                     (importance, confidence, to_db(now), fact_id))

    @staticmethod
    def touch_fact(conn: sqlite3.Connection, fact_id: int, *, confidence: float, now: datetime,
                   observed_at: datetime) -> None:
        """Record that a fact was stated again: newer ``observed_at``, higher confidence."""
        conn.execute("UPDATE facts SET confidence = max(confidence, ?), observed_at = max(observed_at, ?), "
                     "updated_at = ? WHERE id = ?",
                     (confidence, to_db(observed_at), to_db(now), fact_id))

    def insert_withdrawal(self, conn: sqlite3.Connection, scope: Scope, withdrawal: Withdrawal) -> None:
        """Keep a withdrawal the user said (``store.withdrawals``)."""
        withdrawals.insert(conn, self.dialect, scope, withdrawal)

    def withdrawals_after(self, conn: sqlite3.Connection, scope: Scope, *, key: str, subject: str | None,
                          after: datetime) -> list[Withdrawal]:
        """Withdrawals under ``key`` about ``subject`` said after ``after``, earliest first."""
        return withdrawals.said_after(conn, self.dialect, scope, key=key, subject=subject, after=after)

    def record_access(self, fact_ids: Sequence[int], now: datetime) -> bool:
        """Count a recall of each fact, off the search's path: kept in memory and written in one
        statement every ``recalls.FLUSH_EVERY`` searches, by the next write or read outside a
        search, or on close (``Database.count_recalls``; a crash loses the counts not yet written).
        A write finding the file read-only or locked by another process keeps them for later.
        Returns ``True`` (counted)."""
        self.db.count_recalls(fact_ids, now)
        return True

    @staticmethod
    def log_event(conn: sqlite3.Connection, scope: Scope, *, fact_id: int | None, action: str,
                  actor: str, detail: dict[str, Any], now: datetime) -> None:
        """Append to the audit log."""
        conn.execute(
            "INSERT INTO memory_events (fact_id, org_id, project_id, user_id, action, at, actor, detail) "
            "VALUES (?,?,?,?,?,?,?,?)",
            (fact_id, scope.org_id, scope.project_id, scope.user_id, action, to_db(now), actor,
             json.dumps(detail, ensure_ascii=False)),
        )
