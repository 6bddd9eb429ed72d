"""The SQLite store's full-text indexes merge their segments once four share a level (migration 21).

Every add is its own transaction, so each wrote a small new FTS5 segment, and FTS5's own merging
(a new level once sixteen segments share one) left a store of messages added one at a time with
12-17 segments an index, each query term looked up in every one. The setting changes how the
index is laid out, never what a search finds."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder

TABLES = ("segments_fts", "facts_fts", "turns_fts", "session_blocks_fts")
MESSAGES = [
    "I live in Berlin and work as a nurse",
    "我以后都用顺丰发货",
    "My sister Anna moved to Lisbon last spring",
    "I'm allergic to peanuts",
    "我喜欢在周末去公园跑步",
    "We adopted a cat named Miso",
]


def _merge_setting(conn: sqlite3.Connection, table: str) -> object:
    row = conn.execute(f"SELECT v FROM {table}_config WHERE k = 'crisismerge'").fetchone()
    return None if row is None else row[0]


def _hits(memory: Memory, query: str, now: datetime) -> list[tuple[str, int, float]]:
    return [(h.kind, h.id, h.score) for h in memory.search(query, limit=10, now=now)]


def _intact(conn: sqlite3.Connection, table: str) -> None:
    conn.execute(f"INSERT INTO {table} ({table}) VALUES ('integrity-check')")  # raises if corrupt


def test_a_new_store_merges_each_full_text_index_at_four_segments(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        for i in range(8):
            for n, text in enumerate(MESSAGES):
                memory.add(f"{text} ({i})", session_id=f"s{n}")
        conn = memory.store.db.conn
        assert {t: _merge_setting(conn, t) for t in TABLES} == dict.fromkeys(TABLES, 4)
        for table in TABLES:
            _intact(conn, table)
        assert any("Lisbon" in h.text for h in memory.search("Where did my sister move?", limit=5))
        assert any("顺丰" in h.text for h in memory.search("我怎么发货？", limit=5))


def test_an_older_file_gets_the_setting_and_finds_the_same_hits(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    now = datetime.now(UTC) + timedelta(days=1)  # one clock for both reads: recency is part of a score
    questions = ["Where did Anna move?", "我周末做什么？", "what am I allergic to", "我怎么发货"]
    with Memory(path, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        for n, text in enumerate(MESSAGES):
            memory.add(text, session_id=f"s{n}")
        conn = memory.store.db.conn
        for table in TABLES:  # as a file of schema 20 holds them: FTS5's defaults
            conn.execute(f"DELETE FROM {table}_config WHERE k = 'crisismerge'")
        conn.execute("DELETE FROM schema_migrations WHERE version >= 21")
        conn.commit()
        before = {q: _hits(memory, q, now) for q in questions}
        assert {t: _merge_setting(conn, t) for t in TABLES} == dict.fromkeys(TABLES)
    with Memory(path, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        conn = memory.store.db.conn
        assert {t: _merge_setting(conn, t) for t in TABLES} == dict.fromkeys(TABLES, 4)
        assert {q: _hits(memory, q, now) for q in questions} == before
        memory.add("I moved from Berlin to Hamburg")  # the next writes merge under the setting
        for table in TABLES:
            _intact(conn, table)
        assert any("Hamburg" in h.text for h in memory.search("Where do I live now?", limit=5))
