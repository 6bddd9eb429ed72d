"""A database whose full-text terms predate stemming is upgraded once, when it is opened."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from memstrata import HashingEmbedder, Memory
from memstrata.store.reference import ReferenceStore
from memstrata.text.tokens import TERMS_VERSION, index_text, words

START = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _make_old(path: Path) -> int:
    """A file as version 1 wrote it: unstemmed terms, no ``terms_version`` in meta."""
    with Memory(path, embedder=None, user_id="alice") as memory:
        episode = memory.add("I adopted two puppies from the shelter", created_at=START).episode_id
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE segments_fts SET terms = ?", (" ".join(words("I adopted two puppies from the shelter")),))
        conn.execute("UPDATE turns_fts SET terms = ?", (" ".join(words("user: I adopted two puppies")),))
        conn.execute("DELETE FROM meta WHERE key = 'terms_version'")
    conn.close()
    return episode


def test_old_terms_are_stemmed_once_on_open(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    episode = _make_old(path)
    with Memory(path, embedder=None, user_id="alice") as memory:
        assert memory.store.get_meta("terms_version") == str(TERMS_VERSION)
        # 'adoption' and 'puppy' share no word with the text, only stems
        assert [h.id for h in memory.search("puppy adoption", kinds=("episode",))] == [episode]
    with Memory(path, embedder=None, user_id="alice"):
        pass  # a second open must not stem the stems again
    conn = sqlite3.connect(path)
    stored = conn.execute("SELECT terms FROM segments_fts").fetchone()[0]
    turn = conn.execute("SELECT terms FROM turns_fts").fetchone()[0]
    conn.close()
    assert turn == "user i adopt two puppi"  # the whole-turn document (store.turns) too
    assert stored == index_text("I adopted two puppies from the shelter") == "i adopt two puppi from the shelter"


def test_new_store_records_the_current_version() -> None:
    store = ReferenceStore()
    with Memory(store=store, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        memory.add("dogs", created_at=START)
        assert memory.store.get_meta("terms_version") == str(TERMS_VERSION)
        assert store.upgrade_terms(store.db.state, TERMS_VERSION, str.upper) is None  # already current
