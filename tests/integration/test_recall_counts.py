"""A SQLite file's recall counts: searches count their facts in memory, off the search's path, and
the counts reach the file every ``FLUSH_EVERY`` searches, on close, before ``maintain`` and any
read outside a search; a forget still removes everything (``store.sqlite.recalls``).

Each test reads the file through a second, plain connection: what another process would see.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from memstrata import Fact, Memory
from memstrata.lifecycle.maintain import BOOST_EVERY
from memstrata.store.sqlite.recalls import FLUSH_EVERY

USER = "alice"


def _stored(path: Path) -> list[tuple[int, int, str | None]]:
    """``(id, access_count, last_accessed_at)`` of every fact row in the file, as another process reads it."""
    with closing(sqlite3.connect(path)) as conn:
        return [tuple(r) for r in conn.execute("SELECT id, access_count, last_accessed_at FROM facts ORDER BY id")]


def _allergy(path: Path) -> Memory:
    memory = Memory(path, embedder=None, user_id=USER)
    memory.add("I'm allergic to peanuts")
    return memory


def _search(memory: Memory, times: int) -> int:
    """Search ``times`` for the allergy; the id of the fact found (the same each time)."""
    found = {memory.search("peanut allergy", kinds=("fact",))[0].id for _ in range(times)}
    assert len(found) == 1
    return found.pop()


def test_searches_write_their_counts_every_flush_every_searches_and_on_close(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    memory = _allergy(path)
    fid = _search(memory, FLUSH_EVERY - 1)
    assert _stored(path) == [(fid, 0, None)]  # no write on a search's path
    _search(memory, 1)
    [(_, count, at)] = _stored(path)
    assert count == FLUSH_EVERY and at is not None
    _search(memory, 3)
    assert _stored(path)[0][1] == FLUSH_EVERY
    memory.close()
    [(_, count, last)] = _stored(path)
    assert count == FLUSH_EVERY + 3 and last is not None and last > at


def test_a_read_outside_a_search_sees_every_count(tmp_path: Path) -> None:
    with _allergy(tmp_path / "memory.db") as memory:
        fid = _search(memory, 2)
        fact = memory.get(fid)
        assert isinstance(fact, Fact) and fact.access_count == 2 and fact.last_accessed_at is not None
        _search(memory, 1)
        assert [f.access_count for f in memory.list(filter="access_count >= 3")] == [3]


def test_maintain_boosts_a_fact_by_the_recalls_not_yet_written(tmp_path: Path) -> None:
    assert BOOST_EVERY < FLUSH_EVERY
    with _allergy(tmp_path / "memory.db") as memory:
        fid = _search(memory, BOOST_EVERY)
        before = memory.get(fid)
        assert isinstance(before, Fact)
        assert memory.maintain().boosted == 1
        after = memory.get(fid)
        assert isinstance(after, Fact) and after.importance > before.importance


def test_counts_wait_for_a_locked_file_and_reads_do_not(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    with _allergy(path) as memory:
        fid = _search(memory, 1)
        with closing(sqlite3.connect(path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
            fact = memory.get(fid)  # served at once; the counts could not be written
            assert isinstance(fact, Fact) and fact.access_count == 0
            other.execute("ROLLBACK")
        fact = memory.get(fid)
        assert isinstance(fact, Fact) and fact.access_count == 1


def test_forget_removes_a_fact_with_counts_not_yet_written(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    memory = _allergy(path)
    fid = _search(memory, 3)
    assert memory.forget(fact_id=fid)
    assert memory.search("peanut allergy", kinds=("fact",)) == []
    memory.close()
    assert _stored(path) == []
    with Memory(path, embedder=None, user_id=USER) as again:
        assert again.list(status="all") == [] and again.search("peanut allergy", kinds=("fact",)) == []


def test_forgetting_the_user_leaves_no_fact_for_the_counts(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    memory = _allergy(path)
    _search(memory, FLUSH_EVERY + 5)  # some written, five still in memory
    memory.forget(user_id=USER)
    memory.close()
    assert _stored(path) == []
