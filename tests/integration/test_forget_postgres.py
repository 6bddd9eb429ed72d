"""What forgetting leaves on a PostgreSQL server's disk: byte scans of the data directory
(``store.postgres.scrub`` documents the same findings)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from memstrata import InvalidInput, Memory, Settings

#: English and Chinese canaries: in an episode, in a fact (and its event), in another session.
#: Each test has its own (the server and its files are shared by every test of the run).
CANARIES = ("Zanzibarquokka", "蓝鲸咖啡馆暗号", "Quillfeatherbrook")
FACT_CANARY = "Pumpernickelwombat"
DEFERRED_CANARY = "Marmaladetrombone"


def _needles(*canaries: str) -> list[bytes]:
    return [n for c in canaries or CANARIES for n in (c.encode(), c.lower().encode())]


def _files_holding(root: Path, needles: list[bytes]) -> list[str]:
    hits = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            try:
                data = path.read_bytes()
            except OSError:  # a file removed while we walk (WAL recycling, temp files)
                continue
            if any(n in data for n in needles):
                hits.append(str(path.relative_to(root)))
    return hits


@pytest.fixture
def wal_recycle_off(pg_server: Any) -> Iterator[Path]:
    """The session's server with ``wal_recycle = off`` for one test (reset after); yields
    its data directory."""
    uri = pg_server.get_uri()
    with psycopg.connect(uri, autocommit=True) as conn:
        row = conn.execute("SHOW data_directory").fetchone()
        assert row is not None
        conn.execute("ALTER SYSTEM SET wal_recycle = off")
        conn.execute("SELECT pg_reload_conf()")
    try:
        yield Path(row[0])
    finally:
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("ALTER SYSTEM RESET wal_recycle")
            conn.execute("SELECT pg_reload_conf()")


def test_forgotten_text_leaves_the_table_files_and_with_wal_recycle_off_the_wal(
        pg_url: Callable[[], str], wal_recycle_off: Path) -> None:
    url = pg_url()
    with Memory(url, embedder=None, user_id="u1") as memory:
        memory.add(f"My cat is called {CANARIES[0]} and I love him")
        memory.add(f"我们的{CANARIES[1]}是什么？我喜欢{CANARIES[1]}")
        memory.add(f"I like {CANARIES[2]} music", session_id="s9")  # a fact, with create event
        memory.add("A note that stays", user_id="u2")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")  # the canaries are in the table files, not only in the WAL
        assert {h.split("/")[0] for h in _files_holding(wal_recycle_off, _needles())} >= {"base", "pg_wal"}

        assert "at each forget; wal_recycle = off: checkpointed pg_wal segments are unlinked" in \
            memory.doctor()["forget_scrub"]
        receipt = memory.forget(user_id="u1")
        assert receipt["episodes"] == 3 and receipt["facts"] >= 1
        assert receipt.wal_checkpointed is True  # VACUUM FULL of every content table, WAL switched, CHECKPOINT
        assert [e.content for e in memory.list(kind="episode", user_id="u2")] == ["A note that stays"]
    assert _files_holding(wal_recycle_off, _needles()) == []


def _fact_files(url: str, data: Path) -> list[Path]:
    """Files of the ``facts``, ``active_fact_search`` (the trigger's copy) and ``memory_events``
    tables, their TOAST tables and indexes."""
    tables = "('facts'::regclass, 'active_fact_search'::regclass, 'memory_events'::regclass)"
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            f"SELECT pg_relation_filepath(c.oid) FROM pg_class c WHERE c.relfilenode != 0 AND (c.oid IN {tables} "
            f"OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN {tables}) OR c.oid IN "
            f"(SELECT reltoastrelid FROM pg_class WHERE oid IN {tables}))").fetchall()
    return [data / r[0] for r in rows if r[0]]


def test_deleting_one_fact_scrubs_it_from_the_fact_tables(pg_url: Callable[[], str], wal_recycle_off: Path) -> None:
    url = pg_url()
    with Memory(url, embedder=None, user_id="u1") as memory:
        fact = memory.add(f"I like {FACT_CANARY} music").facts[0].fact
        memory.add("I like tea")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")
        needle = FACT_CANARY.encode()
        assert any(needle in p.read_bytes() for p in _fact_files(url, wal_recycle_off))
        receipt = memory.forget(fact_id=fact.id)
        assert receipt["facts"] == 1 and receipt.wal_checkpointed is True
        assert not any(needle in p.read_bytes() for p in _fact_files(url, wal_recycle_off) if p.exists())
        # The episode that said it is not forgotten: only the fact (value, statement, events) went.
        assert FACT_CANARY in memory.list(kind="episode")[-1].content


def test_a_deferred_scrub_runs_at_the_next_maintain(pg_url: Callable[[], str], wal_recycle_off: Path) -> None:
    settings = Settings.from_env({"MEMSTRATA_FORGET_SCRUB": "maintain"})
    url = pg_url()
    with Memory(url, settings=settings, embedder=None, user_id="u1") as memory:
        memory.add(f"My cat is called {DEFERRED_CANARY} and I love him")
        assert memory.doctor()["forget_scrub"].startswith("VACUUM FULL, WAL switch and CHECKPOINT at the next maintain")
        receipt = memory.forget(user_id="u1")
        assert receipt["episodes"] == 1 and receipt.wal_checkpointed is False  # not yet off the disk
        assert memory.list(kind="episode") == []  # but gone for every reader
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")
        assert any(h.startswith("base") for h in _files_holding(wal_recycle_off, _needles(DEFERRED_CANARY)))
        report = memory.maintain()
        notes = " ".join(report.notes)
        assert report.vacuumed and "VACUUM FULL of " in notes and " episodes, " in notes, report
        assert _files_holding(wal_recycle_off, _needles(DEFERRED_CANARY)) == []
        assert not memory.maintain().changed
    with pytest.raises(InvalidInput, match="MEMSTRATA_FORGET_SCRUB"):
        Settings.from_env({"MEMSTRATA_FORGET_SCRUB": "later"})


def test_a_forgotten_turn_leaves_no_bytes_in_its_rebuilt_session_block(
        pg_url: Callable[[], str], wal_recycle_off: Path) -> None:
    """The session block (``store.turns``) that held a forgotten turn is rewritten without it;
    after the scrub no table file nor WAL segment holds the turn's words or their stems."""
    from datetime import UTC, datetime

    from memstrata.text.tokens import stem_term

    canary = "Wobblequackfiddles"
    stem = stem_term(canary.lower())
    assert stem != canary.lower()
    url = pg_url()
    with Memory(url, embedder=None, user_id="u1") as memory:
        memory.add(f"My parrot is called {canary}", session_id="s1", created_at=datetime(2020, 1, 1, tzinfo=UTC))
        memory.add("Then we talked about the weather", session_id="s1", created_at=datetime(2022, 1, 1, tzinfo=UTC))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")
            blocks = conn.execute("SELECT terms FROM session_blocks").fetchall()
        assert len(blocks) == 1 and stem in blocks[0][0]
        assert _files_holding(wal_recycle_off, _needles(canary, stem))
        receipt = memory.forget(user_id="u1", before=datetime(2021, 1, 1, tzinfo=UTC))
        assert receipt["episodes"] == 1 and receipt.wal_checkpointed is True
        with psycopg.connect(url, autocommit=True) as conn:
            assert conn.execute("SELECT terms FROM session_blocks").fetchall() == [
                ("user then we talk about the weather",)]
    assert _files_holding(wal_recycle_off, _needles(canary, stem)) == []


def test_a_hand_set_value_leaves_the_event_files_of_the_fact_it_replaced(
        pg_url: Callable[[], str], wal_recycle_off: Path) -> None:
    # The supersede event of the replaced fact quoted the deleted value. The event
    # row is rewritten without it, and VACUUM FULL drops the old row version from the files.
    canary = "Hornswogglepost"
    url = pg_url()
    with Memory(url, embedder=None, user_id="u1") as memory:
        old = memory.add("I prefer UPS for delivery").facts[0].fact
        new = memory.update(old.id, value=canary)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")
        needle = canary.encode()
        assert any(needle in p.read_bytes() for p in _fact_files(url, wal_recycle_off))
        receipt = memory.forget(fact_id=new.id)
        assert receipt.wal_checkpointed is True and [r.fact_id for r in receipt.replaced] == [old.id]
        assert not any(needle in p.read_bytes() for p in _fact_files(url, wal_recycle_off) if p.exists())
