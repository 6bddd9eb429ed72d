"""Lifecycle hooks of ``SQLiteStore``: deletion of facts, segments and turn documents, the marks a
forget keeps, exact import of exported rows, scrubbing and reclaiming the file's space.

``lifecycle.forget``, ``.maintain`` and ``.restore`` write portable SQL (``store.dialect``)
around these hooks (``LifecycleStore``, ``ScrubbingStore``); each runs inside the caller's
open write unless it says otherwise.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from memstrata.clock import from_db, to_db
from memstrata.errors import StoreError
from memstrata.store import forgotten, outdated_marks, suppressed
from memstrata.store.event_scrub import Scrubbed, scrub_sql
from memstrata.store.sqlite.base import SQLiteBase
from memstrata.store.turns import earliest, own_terms
from memstrata.types import Scope

#: ``reclaim_space``: VACUUM when free pages are at least this share of the file and at least
#: ``VACUUM_MIN_BYTES`` (PostgreSQL: ``store.postgres.scrub.reclaim``).
VACUUM_FREE_SHARE = 0.25
VACUUM_MIN_BYTES = 1 << 20


class LifecycleHooks(SQLiteBase):
    """Deletion, forget marks, exact import and space reclaiming (a mixin of ``SQLiteStore``)."""

    def purge_deleted(self, tables: Sequence[str] | None = None) -> bool:
        """Make deletions physical: rewrite every full-text index (FTS5 ``optimize`` drops the
        deleted terms from its b-tree; SQLite < 3.44 has no ``secure-delete`` option) and
        checkpoint the WAL into the main file, whose freed pages ``secure_delete`` zeroes.
        ``tables`` (where rows were deleted) is not needed: both steps are cheap and file-wide.
        Returns whether the checkpoint completed (another reader can hold it back)."""
        with self.db.write() as conn:
            conn.execute("INSERT INTO segments_fts (segments_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO facts_fts (facts_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO turns_fts (turns_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO session_blocks_fts (session_blocks_fts) VALUES ('optimize')")
        return self.db.checkpoint()

    def delete_segments(self, conn: sqlite3.Connection, episode_ids: Sequence[int]) -> int:
        """Delete the segments (and full-text rows) of these episodes, and their turn documents
        (rebuilding the session blocks that held them, ``_drop_turns``); returns how many segments."""
        self._drop_turns(conn, episode_ids)
        marks = ",".join("?" * len(episode_ids))
        conn.execute(f"DELETE FROM segments_fts WHERE rowid IN (SELECT id FROM segments WHERE episode_id IN "
                     f"({marks}))", list(episode_ids))
        return int(conn.execute(f"DELETE FROM segments WHERE episode_id IN ({marks})", list(episode_ids)).rowcount)

    def _drop_turns(self, conn: sqlite3.Connection, episode_ids: Sequence[int]) -> None:
        """Delete these episodes' turn documents and rebuild the blocks that held them from the
        turns left (a block left empty is deleted): no deleted word stays in a block. The turns
        left in those blocks' sessions lose their context (``store.turns``)."""
        self.write_block_text(conn)  # text appended in this transaction first: the rebuild reads it
        blocks: set[int] = set()
        for start in range(0, len(episode_ids), 500):
            chunk = list(episode_ids[start:start + 500])
            marks = ",".join("?" * len(chunk))
            blocks.update(r[0] for r in conn.execute(
                f"SELECT DISTINCT block_id FROM session_block_turns WHERE episode_id IN ({marks})", chunk))
            conn.execute(f"DELETE FROM session_block_turns WHERE episode_id IN ({marks})", chunk)
            conn.execute(f"DELETE FROM turns_fts WHERE rowid IN ({marks})", chunk)
        sessions = {tuple(r) for r in conn.execute(
            f"SELECT org_id, project_id, user_id, agent_id, session_id FROM session_blocks "
            f"WHERE id IN ({','.join('?' * len(blocks))})", sorted(blocks))} if blocks else set()
        for org, project, user, agent, session in sorted(sessions, key=str):
            for turn, terms in conn.execute(
                    "SELECT t.rowid, t.terms FROM session_blocks b JOIN session_block_turns m ON m.block_id = b.id "
                    "JOIN turns_fts t ON t.rowid = m.episode_id WHERE b.org_id = ? AND b.project_id = ? "
                    "AND b.user_id IS ? AND b.agent_id IS ? AND b.session_id = ?",
                    (org, project, user, agent, session)).fetchall():
                if own_terms(terms) != terms:
                    conn.execute("UPDATE turns_fts SET terms = ? WHERE rowid = ?", (own_terms(terms), turn))
        for block in sorted(blocks):
            rows = conn.execute(
                "SELECT t.terms, e.expires_at FROM session_block_turns m JOIN turns_fts t ON t.rowid = m.episode_id "
                "JOIN episodes e ON e.id = m.episode_id WHERE m.block_id = ? ORDER BY m.episode_id",
                (block,)).fetchall()
            if rows:
                conn.execute("UPDATE session_blocks SET turns = ?, expires_at = ? WHERE id = ?",
                             (len(rows), to_db(earliest([from_db(r[1]) for r in rows])), block))
                conn.execute("UPDATE session_blocks_fts SET terms = ? WHERE rowid = ?",
                             (" ".join(own_terms(r[0]) for r in rows), block))
            else:
                conn.execute("DELETE FROM session_blocks_fts WHERE rowid = ?", (block,))
                conn.execute("DELETE FROM session_blocks WHERE id = ?", (block,))

    def delete_facts(self, conn: sqlite3.Connection, ids: Sequence[int]) -> int:
        """Remove facts, their index rows, citations and events; returns how many."""
        if not ids:
            return 0
        for start in range(0, len(ids), 500):
            chunk = list(ids[start:start + 500])
            marks = ",".join("?" * len(chunk))
            conn.execute(f"DELETE FROM facts_fts WHERE rowid IN ({marks})", chunk)
            conn.execute(f"DELETE FROM memory_events WHERE fact_id IN ({marks})", chunk)
            conn.execute(f"DELETE FROM facts WHERE id IN ({marks})", chunk)
        self.bump(conn, "facts_version")
        return len(ids)

    def scrub_events(self, conn: sqlite3.Connection, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
        """Remove what ``facts``/``episodes`` (about to be deleted) said from the events of the
        facts that stay (``store.event_scrub``); ``secure_delete`` zeroes the old row bytes."""
        return scrub_sql(conn, self.dialect, facts=facts, episodes=episodes)

    def keep_forgotten(self, conn: sqlite3.Connection, table: str, ids: Sequence[int], now: datetime) -> None:
        """Before the rows ``ids`` of ``table`` are forgotten: record their ids (``store.forgotten``)."""
        forgotten.keep(conn, self.dialect, table, ids, now)

    def keep_suppressed(self, conn: sqlite3.Connection, facts: Sequence[int], now: datetime, *,
                        going: Sequence[int] = ()) -> int:
        """Before ``facts`` are forgotten: suppress their keys in the messages that stay, and their
        lines in a Markdown projection (``store.suppressed``)."""
        suppressed.keep_fact_lines(conn, self.dialect, facts, now, self.cipher)
        return suppressed.keep(conn, self.dialect, facts, now, going=going)

    def suppressed_among(self, conn: sqlite3.Connection, scope: Scope, episodes: Sequence[int], key: str) -> set[int]:
        """Of ``episodes``, those whose facts under ``key`` were forgotten (``store.suppressed``)."""
        return suppressed.among(conn, self.dialect, scope, episodes, key)

    def keep_outdated_marks(self, conn: sqlite3.Connection, facts: Sequence[int]) -> int:
        """Before ``facts`` are deleted: mark where their values were stated, superseded or current
        (``store.outdated_marks``); returns how many marks."""
        return outdated_marks.keep(conn, self.dialect, self.cipher, facts)

    @staticmethod
    def import_fact(conn: sqlite3.Connection, row: dict[str, object], terms: str) -> None:
        """Insert an exported fact with its own id (``row``: column → value, as ``dialect`` gives
        them; names from the importer, never user text) and its full-text terms."""
        row = {**row, "encrypted": int(bool(row.get("encrypted")))}
        conn.execute(f"INSERT INTO facts ({', '.join(row)}) VALUES ({','.join('?' * len(row))})", list(row.values()))
        conn.execute("INSERT INTO facts_fts (rowid, terms) VALUES (?, ?)", (row["id"], terms))

    @staticmethod
    def after_explicit_ids(conn: sqlite3.Connection) -> None:
        """Nothing to do: ``AUTOINCREMENT`` continues above explicitly inserted ids."""

    @staticmethod
    def scrub_posture() -> str:
        """What a forget removes from the file, in one line (``purge_deleted``)."""
        return ("secure_delete zeroes freed pages; full-text indexes rewritten and WAL checkpointed at each "
                "forget")

    def reclaim_space(self) -> tuple[bool, str | None]:
        """``VACUUM`` when free pages are a large share of the file (``VACUUM_FREE_SHARE`` and
        ``VACUUM_MIN_BYTES``; ``lifecycle.maintain`` calls it); returns whether it ran and a note for
        the report (``None``: not worthwhile)."""
        conn = self.db.conn
        pages, free, size = (conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "freelist_count",
                                                                                   "page_size"))
        if free * size < VACUUM_MIN_BYTES or free < VACUUM_FREE_SHARE * max(1, pages):
            return False, None
        try:
            self.db.vacuum()
        except StoreError as exc:  # another process is writing: next time
            return False, f"VACUUM skipped: {exc}"
        self.vectors.clear()
        return True, f"VACUUM: {free} of {pages} pages were free ({free * size / 1e6:.1f} MB)"

    @staticmethod
    def fact_event_count(conn: sqlite3.Connection, fact_id: int) -> int:
        """Audit events held for one fact (the receipt of its deletion counts them)."""
        return int(conn.execute("SELECT count(*) FROM memory_events WHERE fact_id = ?", (fact_id,)).fetchone()[0])

    @staticmethod
    def owner_active_facts(conn: sqlite3.Connection, scope: Scope, *,
                           over: int = 0) -> list[tuple[int, datetime, float, float, int]]:
        """``(id, observed_at, confidence, importance, access_count)`` of the active facts of
        ``scope``'s owner (user and agent exactly), for the per-user cap; ``[]`` when there are
        ``over`` or fewer (counted first, so a write under the cap loads nothing)."""
        owner = ("WHERE org_id = ? AND project_id = ? AND user_id IS ? AND agent_id IS ? AND status = 'active'",
                 (scope.org_id, scope.project_id, scope.user_id, scope.agent_id))
        if conn.execute(f"SELECT count(*) FROM facts {owner[0]}", owner[1]).fetchone()[0] <= over:
            return []
        rows = conn.execute(f"SELECT id, observed_at, confidence, importance, access_count FROM facts {owner[0]}",
                            owner[1]).fetchall()
        return [(int(r[0]), from_db(r[1]), float(r[2]), float(r[3]), int(r[4])) for r in rows]  # type: ignore[misc]
