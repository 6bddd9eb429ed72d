"""``store.semantic_store.SemanticQueries`` on SQLite: times are ``clock.to_db`` text, JSON is read
with ``json_extract``, and session reads use the store's full read predicate (``where``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memstrata.clock import from_db, to_db
from memstrata.store.sqlite.rows import EPISODE_COLS, row_to_episode, scope_predicate
from memstrata.types import Episode, Scope

if TYPE_CHECKING:
    from memstrata.store.sqlite.base import SQLiteBase


def _marks(ids: Sequence[int]) -> str:
    return ",".join("?" * len(ids))


class SQLiteSemantic:
    """See ``store.semantic_store.SemanticQueries``."""

    def __init__(self, store: SQLiteBase) -> None:
        self.store = store

    @staticmethod
    def add_usage(conn: sqlite3.Connection, counters: Mapping[str, int]) -> None:
        """Add ``counters`` to the ``meta`` table's integer values."""
        for name, value in counters.items():
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                         "value = CAST(value AS INTEGER) + ?", (name, str(value), value))

    def citing_facts(self, episode_ids: Sequence[int]) -> list[int]:
        """Ids of the facts citing any of these episodes."""
        if not episode_ids:
            return []
        with self.store.db.read() as conn:
            return [int(r[0]) for r in conn.execute(
                f"SELECT DISTINCT fact_id FROM fact_citations WHERE episode_id IN ({_marks(episode_ids)})",
                list(episode_ids))]

    @staticmethod
    def message_expiry(conn: sqlite3.Connection, episode_ids: Sequence[int]) -> datetime | None:
        """The latest ``expires_at`` when every episode has one."""
        if not episode_ids:
            return None
        n_ttl, last = conn.execute(f"SELECT count(expires_at), max(expires_at) FROM episodes WHERE id IN "
                                   f"({_marks(episode_ids)})", list(episode_ids)).fetchone()
        return from_db(last) if n_ttl == len(episode_ids) else None

    @staticmethod
    def active_features(conn: sqlite3.Connection, scope: Scope, category: str) -> int:
        """Active facts of the owner ``scope`` under ``category.``."""
        where, params = scope_predicate(scope, session=False)
        return int(conn.execute(f"SELECT count(*) FROM facts WHERE {where} AND status = 'active' AND key LIKE ?",
                                (*params, category + ".%")).fetchone()[0])

    @staticmethod
    def run_changes(conn: sqlite3.Connection, scope: Scope, run: str) -> list[tuple[int | None, str]]:
        """``(fact_id, action)`` of the run's audit events, oldest first."""
        where, params = scope_predicate(Scope(scope.org_id, scope.project_id, scope.user_id), session=False)
        return [(r[0], str(r[1])) for r in conn.execute(
            f"SELECT fact_id, action FROM memory_events WHERE {where} AND json_extract(detail, '$.run') = ? "
            "ORDER BY id", (*params, run))]

    @staticmethod
    def reopen_fact(conn: sqlite3.Connection, fact_id: int) -> None:
        """Clear the fact's ``valid_to``."""
        conn.execute("UPDATE facts SET valid_to = NULL WHERE id = ?", (fact_id,))

    def consolidation_runs(self, scope: Scope) -> list[tuple[str, dict[str, Any]]]:
        """``(at, detail)`` of consolidation markers, newest first."""
        where, params = scope_predicate(Scope(scope.org_id, scope.project_id, scope.user_id), session=False)
        with self.store.db.read() as conn:
            rows = conn.execute(f"SELECT at, detail FROM memory_events WHERE {where} AND fact_id IS NULL AND "
                                "json_extract(detail, '$.what') = 'consolidation' ORDER BY id DESC", params).fetchall()
        return [(str(r[0]), json.loads(r[1])) for r in rows]

    def stm_summary(self, scope: Scope) -> tuple[str, int]:
        """The session's summary and the ``sequence_num`` it covers."""
        with self.store.db.read() as conn:
            row = conn.execute(
                "SELECT summary, summarised_through FROM session_memory WHERE org_id = ? AND project_id = ? "
                "AND user_id IS ? AND agent_id IS ? AND session_id = ?",
                (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id)).fetchone()
        return ("", 0) if row is None else (str(row[0]), int(row[1]))

    def unsummarised_chars(self, scope: Scope, after: int) -> int:
        """Characters of the session's episodes after ``after``."""
        where, params = scope_predicate(scope)
        with self.store.db.read() as conn:
            return int(conn.execute(f"SELECT ifnull(sum(length(content)), 0) FROM episodes WHERE {where} "
                                    "AND sequence_num > ?", (*params, after)).fetchone()[0])

    def session_episodes(self, scope: Scope, *, after: int, newest_first: bool) -> list[Episode]:
        """The session's readable episodes after ``after``."""
        order = "DESC" if newest_first else "ASC"
        with self.store.db.read() as conn:
            # The full read predicate: episodes being forgotten or past their TTL stay out.
            where, params = self.store.where(conn, scope, table="episodes")
            rows = conn.execute(f"SELECT {EPISODE_COLS} FROM episodes WHERE {where} AND sequence_num > ? "
                                f"ORDER BY sequence_num {order}", (*params, after)).fetchall()
        return [row_to_episode(r) for r in rows]

    def save_summary(self, scope: Scope, summary: str, through: int, now: datetime) -> None:
        """Upsert the session's summary."""
        with self.store.db.write() as conn:
            conn.execute(
                "INSERT INTO session_memory (org_id, project_id, user_id, agent_id, session_id, summary, "
                "summarised_through, updated_at) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT DO UPDATE SET "
                "summary = excluded.summary, summarised_through = excluded.summarised_through, "
                "updated_at = excluded.updated_at",
                (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, summary, through,
                 to_db(now)))
