"""Turn documents and session blocks (``store.turns``) of a database written before them are
built once, when it is opened; export + import and the terms upgrade keep them in step."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from memstrata import Memory
from memstrata.store.postgres.schema import MIGRATIONS as PG_MIGRATIONS
from memstrata.store.turns import SESSION_BLOCK_TURNS, TURN_DOCS_VERSION
from memstrata.text.tokens import fts_match_expression
from memstrata.types import Scope

START = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _execute(location: str | Path, *sql: str) -> list[Any]:
    """Run statements on the raw database (outside memstrata); returns the last one's rows."""
    if isinstance(location, Path):
        import sqlite3

        conn = sqlite3.connect(location)
        try:
            with conn:
                rows = [conn.execute(s).fetchall() for s in sql]
        finally:
            conn.close()
        return rows[-1]
    with psycopg.connect(location, autocommit=True) as pg:
        out = [pg.execute(s) for s in sql]
        return out[-1].fetchall() if out[-1].description else []


def _forget_turn_docs(location: str | Path) -> None:
    """Make the database look as migration 7 leaves one written before it: no turn documents,
    no blocks, no ``turn_docs_version``."""
    if isinstance(location, Path):
        _execute(location, "DELETE FROM session_block_turns", "DELETE FROM session_blocks_fts",
                 "DELETE FROM session_blocks", "DELETE FROM turns_fts",
                 "DELETE FROM meta WHERE key = 'turn_docs_version'")
    else:
        _execute(location, "DELETE FROM turns", "DELETE FROM session_blocks",
                 "DELETE FROM meta WHERE key = 'turn_docs_version'")


def _count_blocks(location: str | Path) -> int:
    return int(_execute(location, "SELECT count(*) FROM session_blocks")[0][0])


def test_an_older_database_is_backfilled_once_on_open(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        for i in range(SESSION_BLOCK_TURNS + 2):
            memory.add(f"ordinary chat line {i}", session_id="s1", created_at=START + timedelta(minutes=i))
        target = memory.add("We sailed to the island. The lighthouse was red.", session_id="s2", created_at=START)
    assert _count_blocks(location) == 3  # s1 in two bounded blocks, s2 in one
    _forget_turn_docs(location)
    with Memory(location, embedder=None, user_id="alice") as memory:
        assert memory.store.get_meta("turn_docs_version") == str(TURN_DOCS_VERSION)
        match = fts_match_expression("island lighthouse")
        assert match is not None
        found = memory.store.fts_turns(Scope(user_id="alice"), match, 5)
        first = memory.store.segments_with_episodes([found[0][0]])[found[0][0]]
        assert first[1].id == target.episode_id and first[0].index == 0
        sessions = memory.store.fts_sessions(Scope(user_id="alice"), match, 5)
        assert [s.session_id for s, _ in sessions] == ["s2"]
    assert _count_blocks(location) == 3
    with Memory(location, embedder=None, user_id="alice"):
        pass  # a second open indexes nothing twice
    assert _count_blocks(location) == 3


def test_export_and_import_rebuild_turns_and_blocks(location: str | Path, tmp_path: Path) -> None:
    with Memory(tmp_path / "source.db", embedder=None, user_id="alice") as source:
        source.add("The violin recital is on Sunday", session_id="s1", created_at=START)
        source.add("Bring the sheet music", session_id="s1", created_at=START + timedelta(minutes=1))
        records = list(source.export())
    with Memory(location, embedder=None, user_id="alice") as memory:
        memory.import_records(records)
        match = fts_match_expression("violin sheet")
        assert match is not None
        assert len(memory.store.fts_turns(Scope(user_id="alice"), match, 5)) == 2
        assert [s.session_id for s, _ in memory.store.fts_sessions(Scope(user_id="alice"), match, 5)] == ["s1"]
    assert _count_blocks(location) == 1


def _pg_sessions(url: str) -> dict[tuple[Any, ...], list[tuple[Any, ...]]]:
    """Per session scope, its blocks in id order: ``(turns, expires_at, terms, [episode ids])``;
    plus the turns without a session under the key ``("no session",)``."""
    blocks = _execute(url, "SELECT b.org_id, b.project_id, b.session_id, b.user_id, b.agent_id, b.turns, "
                           "b.expires_at, b.terms, array_agg(t.id ORDER BY t.id) FROM session_blocks b "
                           "JOIN turns t ON t.block_id = b.id GROUP BY b.id ORDER BY b.id")
    out: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for *key, turns, expires_at, terms, ids in blocks:
        out.setdefault(tuple(key), []).append((turns, expires_at, terms, ids))
    out[("no session",)] = _execute(url, "SELECT id, terms, expires_at FROM turns WHERE block_id IS NULL ORDER BY id")
    return out


def test_postgres_database_written_at_schema_6_is_backfilled_set_based(pg_url: Any) -> None:
    """A database at schema 6 (no turns, no session blocks: migration 7 not applied) opened by
    this code gets migration 7 and the same turns and blocks, turn for turn, as writing its
    episodes one by one gives; and episodes without a turn document are appended to the room
    left in their session's last existing block first."""
    url = pg_url()
    with Memory(url, embedder=None, user_id="alice") as memory:
        for i in range(2 * SESSION_BLOCK_TURNS + 5):  # sessions interleaved, so their ids interleave
            memory.add(f"long session line {i} about the harbour", session_id="s1",
                       created_at=START + timedelta(minutes=i), ttl=86400.0 * 365 if i % 7 == 3 else None)
            if i % 3 == 0:
                memory.add(f"agent line {i} 我们去了公园", session_id="s2", agent_id="a1", created_at=START)
                memory.add(f"bob's line {i}", session_id="s1", user_id="bob", created_at=START)
            if i % 10 == 0:
                memory.add(f"no session line {i}", created_at=START)
    written = _pg_sessions(url)
    assert [len(blocks) for blocks in written.values()] == [3, 1, 1, 4]
    assert sum(b[0] for b in written[("default", "default", "s1", "alice", None)]) == 2 * SESSION_BLOCK_TURNS + 5
    assert any(b[1] is not None for b in written[("default", "default", "s1", "alice", None)])
    # Back to what schema 6 was: migration 7 only added these two tables and the version (8
    # changes column settings only; 9 adds columns and triggers to turns, and its two trigger
    # functions, dropped here with the triggers on episodes; both run again; 10 and 11 index
    # the tables again, 11 keeping the segments index it finds).
    _execute(url, "DROP FUNCTION memstrata_turn_episode_fields, memstrata_episode_fields_to_turns CASCADE",
             "DROP TABLE turns", "DROP TABLE session_blocks", "DELETE FROM schema_migrations WHERE version > 6",
             "DELETE FROM meta WHERE key = 'turn_docs_version'")
    assert _execute(url, "SELECT max(version) FROM schema_migrations")[0][0] == 6
    with Memory(url, embedder=None, user_id="alice") as memory:
        assert memory.store.db.schema_version() == PG_MIGRATIONS[-1].version
        assert memory.store.get_meta("turn_docs_version") == str(TURN_DOCS_VERSION)
    assert _pg_sessions(url) == written
    # The backfilled turns carry their episodes' filterable fields (migration 9's trigger).
    assert _execute(url, "SELECT count(*) FILTER (WHERE (t.role, t.created_at, t.metadata, t.sequence_num) "
                         "IS DISTINCT FROM (e.role, e.created_at, e.metadata, e.sequence_num)), count(*) "
                         "FROM turns t JOIN episodes e ON e.id = t.id")[0] == _execute(
                             url, "SELECT 0::bigint, count(*) FROM episodes")[0]

    # The last 7 turns of alice's s1 lose their documents (its last block, 5 turns, goes; the one
    # before keeps 14): the backfill fills the room of that block, then starts a new one.
    with Memory(url, embedder=None, user_id="alice") as memory:
        blocks = [ids for *_, ids in written[("default", "default", "s1", "alice", None)]]
        with memory.store.db.write() as conn:
            memory.store._drop_turns(conn, blocks[-2][-2:] + blocks[-1])  # type: ignore[attr-defined]
            conn.execute("DELETE FROM meta WHERE key = 'turn_docs_version'")
    assert [b[0] for b in _pg_sessions(url)[("default", "default", "s1", "alice", None)]] == [16, 14]
    with Memory(url, embedder=None, user_id="alice"):
        pass
    assert _pg_sessions(url) == written
