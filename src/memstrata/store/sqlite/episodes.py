"""Episode writes of ``SQLiteStore``: an episode (deduplicated within its scope), its segments
with their vectors and full-text rows, and its turn document with the session block it joins
(``store.turns``), all inside the caller's one ``Database.write()``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from memstrata.clock import from_db, to_db
from memstrata.store.records import NewSegment, episode_hash
from memstrata.store.sqlite.base import SQLiteBase, scope_tokens
from memstrata.store.sqlite.rows import row_scope, scope_predicate
from memstrata.store.turns import SESSION_BLOCK_TURNS, earliest, turn_document
from memstrata.store.vectors import encode_vector
from memstrata.types import Scope


class EpisodeWrites(SQLiteBase):
    """What ingest writes for each message (a mixin of ``SQLiteStore``)."""

    def insert_episode(
        self, conn: sqlite3.Connection, *, scope: Scope, role: str, content: str,
        created_at: datetime, producer_id: str | None, produced_for_id: str | None,
        content_type: str, metadata: dict[str, Any], now: datetime, expires_at: datetime | None = None,
        utc_offset_minutes: int | None = None,
    ) -> tuple[int, bool]:
        """Insert an episode; returns ``(id, created)``. An identical episode already in the
        scope (same role, speaker, UTC instant and content) is returned with ``created=False``."""
        digest = episode_hash(role, producer_id, created_at, content)
        existing = conn.execute(
            "SELECT id FROM episodes WHERE org_id = ? AND project_id = ? AND ifnull(user_id, '') = ? "
            "AND ifnull(agent_id, '') = ? AND ifnull(session_id, '') = ? AND content_hash = ?",
            (scope.org_id, scope.project_id, scope.user_id or "", scope.agent_id or "",
             scope.session_id or "", digest),
        ).fetchone()
        if existing is not None:
            return int(existing[0]), False
        where, params = scope_predicate(scope)
        seq = conn.execute(f"SELECT ifnull(max(sequence_num), 0) + 1 FROM episodes WHERE {where}",
                           params).fetchone()[0]
        cur = conn.execute(
            "INSERT INTO episodes (org_id, project_id, user_id, agent_id, session_id, role, "
            "producer_id, produced_for_id, content, content_type, created_at, sequence_num, "
            "metadata, content_hash, ingested_at, expires_at, utc_offset_minutes) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, role,
             producer_id, produced_for_id, content, content_type, to_db(created_at), seq,
             json.dumps(metadata, ensure_ascii=False), digest, to_db(now), to_db(expires_at), utc_offset_minutes),
        )
        return int(cur.lastrowid or 0), True

    def insert_segments(self, conn: sqlite3.Connection, *, episode_id: int, scope: Scope,
                        segments: Sequence[NewSegment], expires_at: datetime | None = None) -> list[int]:
        """Insert an episode's segments with their vectors and full-text rows; returns ids."""
        ids = []
        tokens = " ".join(scope_tokens(scope))
        for idx, seg in enumerate(segments):
            blob = None if seg.embedding is None else encode_vector(seg.embedding)
            cur = conn.execute(
                "INSERT INTO segments (episode_id, idx, text, derivative, org_id, project_id, "
                "user_id, agent_id, session_id, embedding, expires_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (episode_id, idx, seg.text, seg.derivative, scope.org_id, scope.project_id,
                 scope.user_id, scope.agent_id, scope.session_id, blob, to_db(expires_at)),
            )
            seg_id = int(cur.lastrowid or 0)
            conn.execute("INSERT INTO segments_fts (rowid, terms, scope) VALUES (?, ?, ?)",
                         (seg_id, seg.index_terms, tokens))
            ids.append(seg_id)
        return ids

    # -- turn documents and session blocks (``store.turns``) ---------------------------------
    def insert_turn(self, conn: sqlite3.Connection, *, episode_id: int, scope: Scope, terms: str,
                    expires_at: datetime | None = None, context: str = "") -> None:
        """Index an episode's whole text (``terms``: ``store.turns.turn_terms``; ``context``: the
        previous turn's, ``store.turns.turn_document``) as its turn document and, when it has a
        session, append its own terms to the session's last block (a new block when that one
        holds ``SESSION_BLOCK_TURNS``; the block's text is written before the commit,
        ``write_block_text``). Inside an open write."""
        tokens = " ".join(scope_tokens(scope))
        conn.execute("INSERT INTO turns_fts (rowid, terms, scope) VALUES (?, ?, ?)",
                     (episode_id, turn_document(terms, context), tokens))
        if scope.session_id is None:
            return
        last = conn.execute(
            "SELECT id, turns, expires_at FROM session_blocks WHERE org_id = ? AND project_id = ? AND session_id = ? "
            "AND user_id IS ? AND agent_id IS ? ORDER BY id DESC LIMIT 1",
            (scope.org_id, scope.project_id, scope.session_id, scope.user_id, scope.agent_id)).fetchone()
        if last is not None and last["turns"] < SESSION_BLOCK_TURNS:
            block = int(last["id"])
            conn.execute("UPDATE session_blocks SET turns = turns + 1, expires_at = ? WHERE id = ?",
                         (to_db(earliest([from_db(last["expires_at"]), expires_at])), block))
            self.block_text.setdefault(block, (None, []))[1].append(terms)
        else:
            block = int(conn.execute(
                "INSERT INTO session_blocks (org_id, project_id, user_id, agent_id, session_id, turns, expires_at) "
                "VALUES (?,?,?,?,?,1,?)", (scope.org_id, scope.project_id, scope.user_id, scope.agent_id,
                                          scope.session_id, to_db(expires_at))).lastrowid or 0)
            self.block_text[block] = (tokens, [terms])
        conn.execute("INSERT INTO session_block_turns (episode_id, block_id) VALUES (?, ?)", (episode_id, block))

    def write_block_text(self, conn: sqlite3.Connection) -> None:
        """Write the text ``insert_turn`` appended to session blocks in this transaction: each block
        once, in rowid order (``Database.before_commit``; ``_drop_turns`` before it rebuilds blocks).

        The text is the one a write per turn gave (the block's, then each turn's terms, space
        separated). Each write per turn was an FTS5 delete and insert of a row just inserted, which
        makes FTS5 flush its pending terms as a new b-tree: a batch of 30 turns left 10 b-trees in the
        blocks' index (one a turn, merged four at a time), and the bench's 10,000 messages 22 (the
        sentences' index 4), which every query walks: now 1 and 7. A block costs one write a
        transaction, its text tokenized once instead of once per turn it holds; the same rows, the
        same statistics, so every search ranks as before."""
        pending, self.block_text = self.block_text, {}
        for block in sorted(pending):
            tokens, added = pending[block]
            text = " ".join(added)
            if tokens is not None:  # a block begun in this transaction
                conn.execute("INSERT INTO session_blocks_fts (rowid, terms, scope) VALUES (?, ?, ?)",
                             (block, text, tokens))
                continue
            old = conn.execute("SELECT terms FROM session_blocks_fts WHERE rowid = ?", (block,)).fetchone()[0]
            conn.execute("UPDATE session_blocks_fts SET terms = ? WHERE rowid = ?", (f"{old} {text}", block))

    def backfill_turns(self, conn: sqlite3.Connection, version: int,
                       fn: Callable[[str | None, str], str]) -> int | None:
        """If meta ``turn_docs_version`` is below ``version`` (or unset): index every episode
        without a turn document (``fn(speaker, content)`` → terms), in session order, and record
        ``version``. Returns the episodes indexed, or ``None`` if already current."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'turn_docs_version'").fetchone()
        if row is not None and int(row[0]) >= version:
            return None
        rows = conn.execute(
            "SELECT id, org_id, project_id, user_id, agent_id, session_id, producer_id, role, content, expires_at "
            "FROM episodes WHERE id NOT IN (SELECT rowid FROM turns_fts) ORDER BY id").fetchall()
        for r in rows:
            self.insert_turn(conn, episode_id=int(r["id"]), scope=row_scope(r),
                             terms=fn(r["producer_id"] or r["role"], r["content"]), expires_at=from_db(r["expires_at"]))
        self.set_meta(conn, "turn_docs_version", str(version))
        return len(rows)
