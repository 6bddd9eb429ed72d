"""A search on SQLite reads from one transaction (``SQLiteStore.snapshot``): every store call
inside it sees the same state of the file, whatever another connection commits meanwhile."""

from __future__ import annotations

from pathlib import Path

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.store.sqlite.store import SQLiteStore


def test_reads_inside_a_snapshot_share_one_view(memory: Memory, db_path: Path, embedder: EmbeddingCache) -> None:
    memory.add("The boiler was serviced on Monday.", user_id="u1")
    store = memory.store
    assert isinstance(store, SQLiteStore)
    with Memory(db_path, embedder=embedder) as other:  # another connection to the same file
        with store.snapshot():
            assert store.counts()["episodes"] == 1
            other.add("The plumber comes on Friday.", user_id="u1")  # committed while the snapshot is open
            assert store.counts()["episodes"] == 1  # the snapshot's view
            assert "The plumber comes on Friday." not in [h.text for h in memory.search("plumber", user_id="u1")]
        assert store.counts()["episodes"] == 2
        assert "The plumber comes on Friday." in [h.text for h in memory.search("plumber", user_id="u1")]
