"""Episode writes of ``PostgresStore``: an episode (deduplicated within its scope, numbered under
its scope's advisory lock), its segments with their vectors and full-text terms, many of them in
one exchange with the server (``BatchInsertStore``), and turn documents with the session blocks
they join (``store.turns``), all inside the caller's one write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from memstrata.store.postgres import search
from memstrata.store.postgres.base import PgBase
from memstrata.store.postgres.rows import Conn, scope_predicate
from memstrata.store.records import NewEpisode, NewSegment, episode_hash
from memstrata.store.turns import SESSION_BLOCK_TURNS, turn_document
from memstrata.types import Scope


class EpisodeWrites(PgBase):
    """What ingest writes for each message (a mixin of ``PostgresStore``)."""

    def insert_episode(
        self, conn: Conn, *, scope: Scope, role: str, content: str, created_at: datetime,
        producer_id: str | None, produced_for_id: str | None, content_type: str,
        metadata: dict[str, Any], now: datetime, expires_at: datetime | None = None,
        utc_offset_minutes: int | None = None,
    ) -> tuple[int, bool]:
        """Insert an episode; returns ``(id, created)`` (``created=False``: already stored).

        One exchange with the server (pipeline): the scope's advisory lock, then one statement
        that finds the identical stored episode or inserts this one with the scope's next
        ``sequence_num`` (under the lock, so concurrent writers never share a number)."""
        episode = NewEpisode(scope=scope, role=role, content=content, created_at=created_at,
                             producer_id=producer_id, produced_for_id=produced_for_id, content_type=content_type,
                             metadata=metadata, expires_at=expires_at, segments=(),
                             utc_offset_minutes=utc_offset_minutes)
        sql, args = self._episode_statement(episode, now)
        with conn.pipeline():
            self.lock_scopes(conn, [scope])
            cur = conn.execute(sql, args)
        row = cur.fetchone()
        assert row is not None
        return int(row[0]), bool(row[1])

    def insert_episodes(self, conn: Conn, episodes: Sequence[NewEpisode], *,
                        now: datetime) -> list[tuple[int, bool, list[int]]]:
        """Insert many episodes with their segments in one exchange with the server; returns
        ``(episode_id, created, segment_ids)`` per episode, in order (``created=False``: an
        identical episode was already stored, or came earlier in ``episodes``; no segments then).

        One statement per episode inserts it and its segments together (the segments take the
        new id inside the statement), so nothing waits for a reply between episodes: all the
        statements go out in one pipeline and are answered together. Same rows, numbers and
        locks as ``insert_episode`` + ``insert_segments`` one by one (measured with ``memstrata
        bench perf --backend postgres``: two round trips per message were most of ingest)."""
        if not episodes:
            return []
        with conn.pipeline() as pipe:
            self.lock_scopes(conn, [e.scope for e in episodes])
            cursors = []
            for ep in episodes:
                sql, args = self._episode_statement(ep, now)
                cur = conn.cursor()
                cur.execute(sql, args)
                cursors.append(cur)
            pipe.sync()
            out = []
            for cur in cursors:
                row = cur.fetchone()
                assert row is not None
                out.append((int(row[0]), bool(row[1]), [int(i) for i in row[2] or ()]))
        return out

    @staticmethod
    def _episode_statement(ep: NewEpisode, now: datetime) -> tuple[str, list[object]]:
        """SQL and parameters inserting ``ep`` and its segments unless an identical episode exists;
        one row: ``(id, created, segment ids in order)``."""
        scope = ep.scope
        digest = episode_hash(ep.role, ep.producer_id, ep.created_at, ep.content)
        where, params = scope_predicate(scope)
        segs = ""
        seg_args: list[object] = []
        if ep.segments:
            values = ", ".join(["(%s::int, %s, %s, %s, %s::vector)"] * len(ep.segments))
            segs = (", segs AS (INSERT INTO segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                    "agent_id, session_id, terms, embedding, expires_at) SELECT a.id, v.idx, v.text, v.derivative, "
                    "%s, %s, %s, %s, %s, v.terms, v.embedding, %s FROM added a CROSS JOIN (VALUES "
                    f"{values}) v (idx, text, derivative, terms, embedding) RETURNING id, idx)")
            seg_args = [scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id,
                        ep.expires_at]
            for idx, seg in enumerate(ep.segments):
                seg_args += [idx, seg.text, seg.derivative, seg.index_terms,
                             None if seg.embedding is None else search.stored_vector(seg.embedding)]
        ids = "ARRAY(SELECT id FROM segs ORDER BY idx)" if ep.segments else "ARRAY[]::bigint[]"
        sql = ("WITH found AS (SELECT id FROM episodes WHERE org_id = %s AND project_id = %s "
               "AND coalesce(user_id, '') = %s AND coalesce(agent_id, '') = %s AND coalesce(session_id, '') = %s "
               "AND content_hash = %s), "
               "added AS (INSERT INTO episodes (org_id, project_id, user_id, agent_id, session_id, role, producer_id, "
               "produced_for_id, content, content_type, created_at, sequence_num, metadata, content_hash, "
               "ingested_at, expires_at, utc_offset_minutes) SELECT %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
               f"(SELECT coalesce(max(sequence_num), 0) + 1 FROM episodes WHERE {where}), %s, %s, %s, %s, %s "
               f"WHERE NOT EXISTS (SELECT 1 FROM found) RETURNING id){segs} "
               f"SELECT id, TRUE, {ids} FROM added UNION ALL SELECT id, FALSE, NULL FROM found")
        args = [scope.org_id, scope.project_id, scope.user_id or "", scope.agent_id or "", scope.session_id or "",
                digest, scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, ep.role,
                ep.producer_id, ep.produced_for_id, ep.content, ep.content_type, ep.created_at, *params,
                Jsonb(ep.metadata), digest, now, ep.expires_at, ep.utc_offset_minutes, *seg_args]
        return sql, args

    def insert_segments(self, conn: Conn, *, episode_id: int, scope: Scope,
                        segments: Sequence[NewSegment], expires_at: datetime | None = None) -> list[int]:
        """Insert an episode's segments with vectors and full-text terms; returns ids in order."""
        if not segments:
            return []
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO segments (episode_id, idx, text, derivative, org_id, project_id, user_id, agent_id, "
                "session_id, terms, embedding, expires_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
                "RETURNING id",
                [(episode_id, idx, seg.text, seg.derivative, scope.org_id, scope.project_id, scope.user_id,
                  scope.agent_id, scope.session_id, seg.index_terms,
                  None if seg.embedding is None else search.stored_vector(seg.embedding), expires_at)
                 for idx, seg in enumerate(segments)],
                returning=True)
            ids = []
            while True:
                row = cur.fetchone()
                assert row is not None
                ids.append(int(row[0]))
                if not cur.nextset():
                    break
        return ids

    # -- turn documents and session blocks (``store.turns``) ---------------------------------
    def insert_turn(self, conn: Conn, *, episode_id: int, scope: Scope, terms: str,
                    expires_at: datetime | None = None, context: str = "") -> None:
        """Index an episode's whole text (``terms``: ``store.turns.turn_terms``; ``context``: the
        previous turn's, ``store.turns.turn_document``) as its turn document and, when it has a
        session, append its own terms to the session's last block (a new block when that one
        holds ``SESSION_BLOCK_TURNS``; the last block is row-locked, so concurrent writers of one
        session append in turn). Inside an open write; one statement."""
        conn.execute(*self.turn_statement(episode_id, scope, terms, expires_at, context))

    def insert_turns(self, conn: Conn, turns: Sequence[tuple[int, Scope, str, datetime | None, str]]) -> None:
        """``insert_turn`` for many ``(episode_id, scope, terms, expires_at, context)``, in order, in
        one pipeline (no reply awaited between them, like ``insert_episodes``)."""
        if not turns:
            return
        with conn.pipeline():
            for episode_id, scope, terms, expires_at, context in turns:
                conn.execute(*self.turn_statement(episode_id, scope, terms, expires_at, context))

    @staticmethod
    def turn_statement(episode_id: int, scope: Scope, terms: str,
                       expires_at: datetime | None, context: str = "") -> tuple[str, list[object]]:
        """SQL and parameters of ``insert_turn``: the turn row, and for a session the block append
        (the last block updated if it holds fewer than ``SESSION_BLOCK_TURNS``, else a new one)."""
        turn = ("INSERT INTO turns (id, org_id, project_id, user_id, agent_id, session_id, terms, expires_at, "
                "block_id) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, ")
        args: list[object] = [episode_id, scope.org_id, scope.project_id, scope.user_id, scope.agent_id,
                              scope.session_id, turn_document(terms, context), expires_at]
        if scope.session_id is None:
            return turn + "NULL)", args
        sql = ("WITH last AS (SELECT id, turns FROM session_blocks WHERE org_id = %s AND project_id = %s "
               "AND session_id = %s AND user_id IS NOT DISTINCT FROM %s AND agent_id IS NOT DISTINCT FROM %s "
               "ORDER BY id DESC LIMIT 1 FOR UPDATE), "
               "grown AS (UPDATE session_blocks b SET turns = b.turns + 1, terms = b.terms || ' ' || %s, "
               "expires_at = CASE WHEN b.expires_at IS NULL THEN %s::timestamptz WHEN %s::timestamptz IS NULL "
               "THEN b.expires_at ELSE least(b.expires_at, %s::timestamptz) END "
               "FROM last WHERE b.id = last.id AND last.turns < %s RETURNING b.id), "
               "started AS (INSERT INTO session_blocks (org_id, project_id, user_id, agent_id, session_id, turns, "
               "expires_at, terms) SELECT %s, %s, %s, %s, %s, 1, %s, %s WHERE NOT EXISTS (SELECT 1 FROM grown) "
               "RETURNING id) "
               + turn + "(SELECT id FROM grown UNION ALL SELECT id FROM started))")
        block_args: list[object] = [
            scope.org_id, scope.project_id, scope.session_id, scope.user_id, scope.agent_id,
            terms, expires_at, expires_at, expires_at, SESSION_BLOCK_TURNS,
            scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id, expires_at, terms]
        return sql, block_args + args

    #: Advisory lock key of the turn-document backfill (any constant no other lock uses).
    TURNS_LOCK = 0x6D656D7475726E73

    #: Episodes read (and their terms computed in Python) per batch of the backfill.
    BACKFILL_BATCH = 10_000

    def backfill_turns(self, conn: Conn, version: int, fn: Callable[[str | None, str], str]) -> int | None:
        """If meta ``turn_docs_version`` is below ``version`` (or unset): index every episode
        without a turn document (``fn(speaker, content)`` → terms) and record ``version``; an
        advisory lock makes concurrent openers do it once. Returns the episodes indexed, or
        ``None`` if already current.

        Set-based (a million episodes in minutes, not one statement per episode): the terms are
        computed in batches of ``BACKFILL_BATCH`` episodes and copied into a temporary table,
        then a few statements place every turn in its session's blocks as ``insert_turn`` would
        one by one in id order (a session's last existing block is filled up to
        ``SESSION_BLOCK_TURNS`` first, then new blocks of that many turns each, their ids
        ascending in turn order) and insert the turns and blocks."""
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (self.TURNS_LOCK,))
        row = conn.execute("SELECT value FROM meta WHERE key = 'turn_docs_version'").fetchone()
        if row is not None and int(row[0]) >= version:
            return None
        conn.execute("CREATE TEMP TABLE backfill_terms (id BIGINT PRIMARY KEY, terms TEXT NOT NULL) ON COMMIT DROP")
        last, total = 0, 0
        while True:
            batch = conn.execute(
                "SELECT id, producer_id, role, content FROM episodes e WHERE id > %s "
                "AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = e.id) ORDER BY id LIMIT %s",
                (last, self.BACKFILL_BATCH)).fetchall()
            if not batch:
                break
            with conn.cursor().copy("COPY backfill_terms (id, terms) FROM STDIN") as copy:
                for r in batch:
                    copy.write_row((r[0], fn(r[1] or r[2], r[3])))
            last, total = int(batch[-1][0]), total + len(batch)
        if total:
            self._place_backfilled_turns(conn)
        self.set_meta(conn, "turn_docs_version", str(version))
        return total

    @staticmethod
    def _place_backfilled_turns(conn: Conn) -> None:
        """Insert the turns of ``backfill_terms`` and their session blocks (``backfill_turns``)."""
        cols = ("org_id", "project_id", "session_id", "user_id", "agent_id")
        key, e_key = ", ".join(cols), ", ".join(f"e.{c}" for c in cols)
        # A session's key as one hashable value that tells NULL from '' (as IS NOT DISTINCT FROM
        # does), so the joins below are hash joins, not nested loops over every block.
        k = f"jsonb_build_array({key})"
        # Each new turn: its rank r within its session (id order), and either the session's last
        # existing block (while that has room) or the number of the new block it starts or joins.
        conn.execute(
            "CREATE TEMP TABLE backfill_slots ON COMMIT DROP AS "
            f"WITH n AS (SELECT e.id, {e_key}, b.terms, e.expires_at, jsonb_build_array({e_key}) AS k, "
            f"row_number() OVER (PARTITION BY {e_key} ORDER BY e.id) - 1 AS r "
            "FROM backfill_terms b JOIN episodes e ON e.id = b.id), "
            f"l AS (SELECT DISTINCT ON ({key}) id, {k} AS k, greatest(%s - turns, 0) AS room FROM session_blocks "
            f"ORDER BY {key}, id DESC) "
            "SELECT n.*, CASE WHEN n.session_id IS NOT NULL AND n.r < coalesce(l.room, 0) THEN l.id END AS old_block, "
            "CASE WHEN n.session_id IS NOT NULL AND n.r >= coalesce(l.room, 0) "
            "THEN (n.r - coalesce(l.room, 0)) / %s END AS slot "
            "FROM n LEFT JOIN l ON n.session_id IS NOT NULL AND n.k = l.k",
            (SESSION_BLOCK_TURNS, SESSION_BLOCK_TURNS))
        # New blocks, numbered in the order of their first turn (as one-by-one appends create them).
        conn.execute(
            "CREATE TEMP TABLE backfill_blocks ON COMMIT DROP AS "
            f"SELECT k, {key}, slot, count(*)::int AS turns, min(expires_at) AS expires_at, "
            "string_agg(terms, ' ' ORDER BY id) AS terms, row_number() OVER (ORDER BY min(id)) AS rn, "
            "NULL::bigint AS id "
            f"FROM backfill_slots WHERE slot IS NOT NULL GROUP BY k, {key}, slot")
        conn.execute(
            "WITH ids AS (SELECT row_number() OVER (ORDER BY v) AS rn, v FROM (SELECT nextval("
            "pg_get_serial_sequence('session_blocks', 'id')) AS v "
            "FROM generate_series(1, (SELECT count(*) FROM backfill_blocks))) s) "
            "UPDATE backfill_blocks b SET id = ids.v FROM ids WHERE ids.rn = b.rn")
        conn.execute(
            f"INSERT INTO session_blocks (id, {key}, turns, expires_at, terms) OVERRIDING SYSTEM VALUE "
            f"SELECT id, {key}, turns, expires_at, terms FROM backfill_blocks ORDER BY id")
        # least() ignores NULLs: a block's expiry is the earliest of its turns' that expire.
        conn.execute(
            "UPDATE session_blocks b SET turns = b.turns + x.n, terms = b.terms || ' ' || x.terms, "
            "expires_at = least(b.expires_at, x.expires_at) FROM (SELECT old_block, count(*)::int AS n, "
            "string_agg(terms, ' ' ORDER BY id) AS terms, min(expires_at) AS expires_at FROM backfill_slots "
            "WHERE old_block IS NOT NULL GROUP BY old_block) x WHERE b.id = x.old_block")
        conn.execute(
            f"INSERT INTO turns (id, {key}, terms, expires_at, block_id) "
            "SELECT s.id, s.org_id, s.project_id, s.session_id, s.user_id, s.agent_id, s.terms, s.expires_at, "
            "coalesce(s.old_block, b.id) FROM backfill_slots s LEFT JOIN backfill_blocks b "
            "ON s.k = b.k AND s.slot = b.slot ORDER BY s.id")
