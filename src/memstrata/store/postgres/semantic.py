"""``store.semantic_store.SemanticQueries`` on PostgreSQL: ``TIMESTAMPTZ`` values, ``JSONB`` audit
details (``detail->>'run'``), and the same scope predicate and TTL rule as every other read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memstrata.clock import to_db, utcnow
from memstrata.store.postgres.rows import EPISODE_COLS, fetch_rows, live, row_to_episode, scope_predicate
from memstrata.types import Episode, Scope

if TYPE_CHECKING:
    from memstrata.store.postgres.base import PgBase

Conn = Any


class PgSemantic:
    """See ``store.semantic_store.SemanticQueries``."""

    def __init__(self, store: PgBase) -> None:
        self.store = store

    @staticmethod
    def add_usage(conn: Conn, counters: Mapping[str, int]) -> None:
        """Add ``counters`` to the ``meta`` table's integer values (row-locked by the upsert)."""
        for name, value in counters.items():
            conn.execute("INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET "
                         "value = (meta.value::bigint + %s)::text", (name, str(value), value))

    def citing_facts(self, episode_ids: Sequence[int]) -> list[int]:
        """Ids of the facts citing any of these episodes."""
        if not episode_ids:
            return []
        with self.store.db.read() as conn:
            return [int(r[0]) for r in conn.execute(
                "SELECT DISTINCT fact_id FROM fact_citations WHERE episode_id = ANY(%s)", (list(episode_ids),))]

    @staticmethod
    def message_expiry(conn: Conn, episode_ids: Sequence[int]) -> datetime | None:
        """The latest ``expires_at`` when every episode has one."""
        if not episode_ids:
            return None
        n_ttl, last = conn.execute("SELECT count(expires_at), max(expires_at) FROM episodes WHERE id = ANY(%s)",
                                   (list(episode_ids),)).fetchone()
        return last.astimezone(UTC) if n_ttl == len(episode_ids) and last is not None else None

    @staticmethod
    def active_features(conn: Conn, scope: Scope, category: str) -> int:
        """Active facts of the owner ``scope`` under ``category.``."""
        where, params = scope_predicate(scope, session=False)
        return int(conn.execute(f"SELECT count(*) FROM facts WHERE {where} AND status = 'active' "
                                "AND starts_with(key, %s)", (*params, category + ".")).fetchone()[0])

    @staticmethod
    def run_changes(conn: Conn, scope: Scope, run: str) -> list[tuple[int | None, str]]:
        """``(fact_id, action)`` of the run's audit events, oldest first."""
        where, params = scope_predicate(Scope(scope.org_id, scope.project_id, scope.user_id), session=False)
        return [(None if r[0] is None else int(r[0]), str(r[1])) for r in conn.execute(
            f"SELECT fact_id, action FROM memory_events WHERE {where} AND detail->>'run' = %s ORDER BY id",
            (*params, run))]

    @staticmethod
    def reopen_fact(conn: Conn, fact_id: int) -> None:
        """Clear the fact's ``valid_to``."""
        conn.execute("UPDATE facts SET valid_to = NULL WHERE id = %s", (fact_id,))

    def consolidation_runs(self, scope: Scope) -> list[tuple[str, dict[str, Any]]]:
        """``(at, detail)`` of consolidation markers, newest first."""
        where, params = scope_predicate(Scope(scope.org_id, scope.project_id, scope.user_id), session=False)
        with self.store.db.read() as conn:
            rows = conn.execute(f"SELECT at, detail FROM memory_events WHERE {where} AND fact_id IS NULL AND "
                                "detail->>'what' = 'consolidation' ORDER BY id DESC", params).fetchall()
        return [(to_db(r[0]) or "", dict(r[1])) for r in rows]

    def stm_summary(self, scope: Scope) -> tuple[str, int]:
        """The session's summary and the ``sequence_num`` it covers."""
        with self.store.db.read() as conn:
            row = conn.execute(
                "SELECT summary, summarised_through FROM session_memory WHERE org_id = %s AND project_id = %s "
                "AND user_id IS NOT DISTINCT FROM %s AND agent_id IS NOT DISTINCT FROM %s AND session_id = %s",
                (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id)).fetchone()
        return ("", 0) if row is None else (str(row[0]), int(row[1]))

    def unsummarised_chars(self, scope: Scope, after: int) -> int:
        """Characters of the session's episodes after ``after``."""
        where, params = scope_predicate(scope)
        with self.store.db.read() as conn:
            row = conn.execute(f"SELECT coalesce(sum(char_length(content)), 0) FROM episodes WHERE {where} "
                               "AND sequence_num > %s", (*params, after)).fetchone()
        return 0 if row is None else int(row[0])

    def session_episodes(self, scope: Scope, *, after: int, newest_first: bool) -> list[Episode]:
        """The session's readable episodes after ``after``: past their TTL or hidden by a running
        forget job, they stay out."""
        where, params = scope_predicate(scope)
        order = "DESC" if newest_first else "ASC"
        with self.store.db.read() as conn:
            hidden, hparams = self.store._hidden(conn, "episodes")
            rows = fetch_rows(conn, f"SELECT {EPISODE_COLS} FROM episodes WHERE {where} AND {live()}{hidden} "
                               f"AND sequence_num > %s ORDER BY sequence_num {order}",
                         (*params, utcnow(), *hparams, after))
        return [row_to_episode(r) for r in rows]

    def save_summary(self, scope: Scope, summary: str, through: int, now: datetime) -> None:
        """Upsert the session's summary (the unique index is over ``coalesce``d user and agent)."""
        with self.store.db.write() as conn:
            conn.execute(
                "INSERT INTO session_memory (org_id, project_id, user_id, agent_id, session_id, summary, "
                "summarised_through, updated_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT "
                "(org_id, project_id, coalesce(user_id, ''), coalesce(agent_id, ''), session_id) DO UPDATE SET "
                "summary = excluded.summary, summarised_through = excluded.summarised_through, "
                "updated_at = excluded.updated_at",
                (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, summary, through,
                 now))
