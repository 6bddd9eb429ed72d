"""A SQLite write transaction writes each session block's full-text row once, before its commit
(``EpisodeWrites.write_block_text``): the text a write per turn gave, in fewer FTS5 b-trees, and
nothing of a transaction that rolled back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.store.turns import SESSION_BLOCK_TURNS, own_terms
from memstrata.text.tokens import fts_match_expression
from memstrata.types import Scope

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _store(memory: Memory) -> SQLiteStore:
    assert isinstance(memory.store, SQLiteStore)
    return memory.store


def _block_texts(store: SQLiteStore) -> dict[int, str]:
    with store.db.read() as conn:
        return dict(conn.execute("SELECT rowid, terms FROM session_blocks_fts ORDER BY rowid").fetchall())


def _texts_of_their_turns(store: SQLiteStore) -> dict[int, str]:
    """Each block's text as the rebuild after a forget makes it: its turns' own terms in order."""
    with store.db.read() as conn:
        rows = conn.execute("SELECT m.block_id, t.terms FROM session_block_turns m JOIN turns_fts t "
                            "ON t.rowid = m.episode_id ORDER BY m.block_id, m.episode_id").fetchall()
    out: dict[int, list[str]] = {}
    for block, terms in rows:
        out.setdefault(block, []).append(own_terms(terms))
    return {block: " ".join(terms) for block, terms in out.items()}


def _btrees(store: SQLiteStore) -> int:
    with store.db.read() as conn:
        return int(conn.execute("SELECT count(DISTINCT segid) FROM session_blocks_fts_idx").fetchone()[0])


def test_batches_of_interleaved_sessions_write_each_block_once(tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "blocks.db", user_id="ann", embedder=embedder) as memory:
        store = _store(memory)
        at = iter(START + timedelta(minutes=i) for i in range(1000))
        sessions = ("trip", "garden", "work")
        # 1.25 blocks a session over two batches: blocks begun, filled and continued across them.
        each = SESSION_BLOCK_TURNS * 5 // 4
        turns = [memory.message(f"note {i} on the {s} with word{i % 7}", session_id=s, created_at=next(at))
                 for i in range(each) for s in sessions]
        half = len(turns) // 2
        memory.add_many(turns[:half], batch_size=half)
        after_one = _btrees(store)
        memory.add_many(turns[half:], batch_size=len(turns) - half)
        texts = _block_texts(store)
        assert len(texts) == 3 * -(-each // SESSION_BLOCK_TURNS)
        assert texts == _texts_of_their_turns(store)
        # One b-tree a transaction: a write per turn flushed FTS5's pending terms each time (one
        # b-tree a turn, merged four at a time).
        assert after_one == 1 and _btrees(store) <= 2
        ranked = store.fts_sessions(Scope(user_id="ann"), fts_match_expression("garden word3") or "", 10)
        assert ranked[0][0].session_id == "garden"


def test_a_rolled_back_write_leaves_no_text_in_its_blocks(tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "rollback.db", user_id="ann", embedder=embedder) as memory:
        store = _store(memory)
        scope = Scope(user_id="ann", session_id="s1")
        with store.db.write() as conn:
            store.insert_turn(conn, episode_id=1, scope=scope, terms="alpha")
        with pytest.raises(RuntimeError), store.db.write() as conn:
            store.insert_turn(conn, episode_id=2, scope=scope, terms="beta")
            raise RuntimeError("the batch failed")
        with store.db.write() as conn:
            store.insert_turn(conn, episode_id=3, scope=scope, terms="gamma")
        assert list(_block_texts(store).values()) == ["alpha gamma"]
        assert _block_texts(store) == _texts_of_their_turns(store)
