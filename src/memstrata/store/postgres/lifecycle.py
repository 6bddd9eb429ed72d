"""Lifecycle hooks of ``PostgresStore``: deletion of facts, segments and turn documents, the marks a
forget keeps, exact import of exported rows, scrubbing deleted rows from the disk and reclaiming
space (``store.postgres.scrub``).

``lifecycle.forget``, ``.maintain`` and ``.restore`` write portable SQL (``store.dialect``)
around these hooks (``LifecycleStore``, ``ScrubbingStore``); each runs inside the caller's
open write unless it says otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from memstrata.store import forgotten, outdated_marks, suppressed
from memstrata.store.event_scrub import Scrubbed, scrub_sql
from memstrata.store.postgres import scrub
from memstrata.store.postgres.base import PgBase
from memstrata.store.postgres.rows import Conn
from memstrata.store.turns import CONTEXT_MARK
from memstrata.types import Scope


class LifecycleHooks(PgBase):
    """Deletion, forget marks, exact import and space reclaiming (a mixin of ``PostgresStore``)."""

    def purge_deleted(self, tables: Sequence[str] | None = None) -> bool:
        """Scrub deleted rows from the disk, as far as PostgreSQL allows (``store.postgres.scrub``):
        ``VACUUM FULL`` rewrites ``tables`` (default: every content table) with their indexes,
        then the WAL is switched and checkpointed. Returns whether all of it ran (see ``scrub``);
        with ``defer_scrub``, records the tables for the next ``maintain`` and returns ``False``."""
        todo = scrub.CONTENT_TABLES if tables is None else tables
        if set(todo) & {"episodes", "segments"}:  # their turn documents, blocks and withdrawals went too
            todo = [*todo, *(t for t in ("turns", "session_blocks", "withdrawals") if t not in todo)]
        if "facts" in todo and "active_fact_search" not in todo:  # the trigger's copy of them
            todo = [*todo, "active_fact_search"]
        if self.defer_scrub:
            with self.db.write() as conn:
                scrub.defer(conn, todo)
            return not set(todo) & set(scrub.CONTENT_TABLES)
        return scrub.scrub(self.db.url, todo)

    def delete_segments(self, conn: Conn, episode_ids: Sequence[int]) -> int:
        """Delete the segments of these episodes (their ``tsvector`` goes with the row) and their
        turn documents (rebuilding the session blocks that held them); returns how many segments."""
        self._drop_turns(conn, episode_ids)
        return int(conn.execute("DELETE FROM segments WHERE episode_id = ANY(%s)", (list(episode_ids),)).rowcount)

    @staticmethod
    def _drop_turns(conn: Conn, episode_ids: Sequence[int]) -> None:
        """Delete these episodes' turn documents and rebuild the blocks that held them from the
        turns left (a block left empty is deleted): no deleted word stays in a block. The turns
        left in those blocks' sessions lose their context (``store.turns``)."""
        ids = list(episode_ids)
        blocks = [int(r[0]) for r in conn.execute(
            "SELECT DISTINCT block_id FROM turns WHERE id = ANY(%s) AND block_id IS NOT NULL", (ids,)).fetchall()]
        conn.execute("DELETE FROM turns WHERE id = ANY(%s)", (ids,))
        if not blocks:
            return
        mark = f" {CONTEXT_MARK} "
        conn.execute(
            "UPDATE turns t SET terms = split_part(t.terms, %s, 1) FROM session_blocks b, session_blocks s "
            "WHERE s.id = ANY(%s) AND b.org_id = s.org_id AND b.project_id = s.project_id "
            "AND b.session_id = s.session_id AND b.user_id IS NOT DISTINCT FROM s.user_id "
            "AND b.agent_id IS NOT DISTINCT FROM s.agent_id AND t.block_id = b.id AND strpos(t.terms, %s) > 0",
            (mark, blocks, mark))
        conn.execute(
            "UPDATE session_blocks b SET terms = x.terms, turns = x.n, expires_at = x.expires FROM ("
            "SELECT block_id, string_agg(terms, ' ' ORDER BY id) AS terms, count(*) AS n, min(expires_at) AS expires "
            "FROM turns WHERE block_id = ANY(%s) GROUP BY block_id) x WHERE b.id = x.block_id", (blocks,))
        conn.execute("DELETE FROM session_blocks b WHERE b.id = ANY(%s) AND NOT EXISTS "
                     "(SELECT 1 FROM turns t WHERE t.block_id = b.id)", (blocks,))

    def delete_facts(self, conn: Conn, ids: Sequence[int]) -> int:
        """Remove facts, their citations and events; returns how many."""
        if not ids:
            return 0
        conn.execute("DELETE FROM memory_events WHERE fact_id = ANY(%s)", (list(ids),))
        conn.execute("DELETE FROM facts WHERE id = ANY(%s)", (list(ids),))
        return len(ids)

    def scrub_events(self, conn: Conn, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
        """Remove what ``facts``/``episodes`` (about to be deleted) said from the events of the
        facts that stay (``store.event_scrub``; the old row versions go at the forget's ``VACUUM FULL``)."""
        return scrub_sql(conn, self.dialect, facts=facts, episodes=episodes)

    def keep_forgotten(self, conn: Conn, table: str, ids: Sequence[int], now: datetime) -> None:
        """Before the rows ``ids`` of ``table`` are forgotten: record their ids (``store.forgotten``)."""
        forgotten.keep(conn, self.dialect, table, ids, now)

    def keep_suppressed(self, conn: Conn, facts: Sequence[int], now: datetime, *,
                        going: Sequence[int] = ()) -> int:
        """Before ``facts`` are forgotten: suppress their keys in the messages that stay, and their
        lines in a Markdown projection (``store.suppressed``)."""
        suppressed.keep_fact_lines(conn, self.dialect, facts, now, self.cipher)
        return suppressed.keep(conn, self.dialect, facts, now, going=going)

    def suppressed_among(self, conn: Conn, scope: Scope, episodes: Sequence[int], key: str) -> set[int]:
        """Of ``episodes``, those whose facts under ``key`` were forgotten (``store.suppressed``)."""
        return suppressed.among(conn, self.dialect, scope, episodes, key)

    def keep_outdated_marks(self, conn: Conn, facts: Sequence[int]) -> int:
        """Before ``facts`` are deleted: mark where their values were stated, superseded or current
        (``store.outdated_marks``); returns how many marks."""
        return outdated_marks.keep(conn, self.dialect, self.cipher, facts)

    @staticmethod
    def import_fact(conn: Conn, row: dict[str, object], terms: str) -> None:
        """Insert an exported fact with its own id (``row``: column → value; names from the
        importer, never user text) and its full-text terms."""
        cols = [*row, "terms"]
        conn.execute(f"INSERT INTO facts ({', '.join(cols)}) OVERRIDING SYSTEM VALUE VALUES "
                     f"({', '.join(['%s'] * len(cols))})", [*row.values(), terms])

    @staticmethod
    def after_explicit_ids(conn: Conn) -> None:
        """Move the identity sequences past ids an import inserted explicitly."""
        for table in ("episodes", "segments", "facts", "memory_events"):
            conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                         f"greatest((SELECT max(id) FROM {table}), 1))")

    def scrub_posture(self) -> str:
        """What a forget removes from this server's disk, in one line (``scrub.posture``)."""
        return scrub.posture(self.db.url, deferred=self.defer_scrub)

    def reclaim_space(self) -> tuple[bool, str | None]:
        """Rewrite the tables deferred forgets left (``scrub.scrub_deferred``), else ``VACUUM`` the
        tables whose dead rows are a large share (``scrub.reclaim``); returns whether one ran and
        a note for the maintenance report."""
        done = scrub.scrub_deferred(self.db)
        return done if done[0] else scrub.reclaim(self.db.url)

    @staticmethod
    def fact_event_count(conn: Conn, fact_id: int) -> int:
        """Audit events held for one fact (the receipt of its deletion counts them)."""
        row = conn.execute("SELECT count(*) FROM memory_events WHERE fact_id = %s", (fact_id,)).fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def owner_active_facts(conn: Conn, scope: Scope, *,
                           over: int = 0) -> list[tuple[int, datetime, float, float, int]]:
        """``(id, observed_at, confidence, importance, access_count)`` of the active facts of
        ``scope``'s owner (user and agent exactly), for the per-user cap; ``[]`` when there are
        ``over`` or fewer (counted first, so a write under the cap loads nothing)."""
        owner = ("FROM facts WHERE org_id = %s AND project_id = %s AND user_id IS NOT DISTINCT FROM %s "
                 "AND agent_id IS NOT DISTINCT FROM %s AND status = 'active'",
                 (scope.org_id, scope.project_id, scope.user_id, scope.agent_id))
        count = conn.execute(f"SELECT count(*) {owner[0]}", owner[1]).fetchone()
        if count is None or int(count[0]) <= over:
            return []
        rows = conn.execute(f"SELECT id, observed_at, confidence, importance, access_count {owner[0]}",
                            owner[1]).fetchall()
        return [(int(r[0]), r[1].astimezone(UTC), float(r[2]), float(r[3]), int(r[4])) for r in rows]
