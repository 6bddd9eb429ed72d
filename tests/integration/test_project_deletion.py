"""Deleting a project, on SQLite and PostgreSQL: every row of it goes from every table and index
(each table's row count equals that of a twin database that only ever held the other project,
but for the deletion's own content-free receipt, tombstone, forgotten ids and message digests), its words leave the
stored bytes as a user forget's do, and messages written while it runs are either deleted whole
(before its cut) or survive whole (after it), never half."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.errors import NotFound
from memstrata.memory import MAX_LIMIT
from memstrata.store.postgres.scrub import CONTENT_TABLES

#: What a deletion leaves, content-free: its receipt (forget_jobs), its tombstone (memory_events),
#: the forgotten ids, each deleted message's identity digest (suppressed_facts: a re-import of the
#: project's logs must not bring them back, as after any forget), the key revocations, and
#: bookkeeping (meta, id sequences, FTS b-tree pages).
LEFT_BY_DELETION = {"forget_jobs", "memory_events", "forgotten_ids", "suppressed_facts", "api_keys", "meta",
                    "sqlite_sequence", "schema_migrations"}
CANARY = "Zanzibarquux"
#: Most messages the racing writer sends while the deletion runs (a slow machine must not make
#: the search below need more than one page).
MAX_RACING = 200

Where = Callable[[], Any]


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    """``where()``: a new, empty database location on the parametrized backend."""
    counter = iter(range(10**6))
    if request.param == "postgres":
        make: Callable[[], str] = request.getfixturevalue("pg_url")
        return make
    return lambda: tmp_path / f"{next(counter)}.db"


def _open(at: Any, project: str = "p") -> Memory:
    return Memory(at, embedder=HashingEmbedder(dim=64), org_id="o", project_id=project, user_id="alice")


def _fill(memory: Memory, project: str, words: str) -> None:
    for user in ("alice", "bob"):
        memory.add(f"I live in {words}.", project_id=project, user_id=user, session_id="s1", idempotency_key=user)
        memory.add("I'm allergic to peanuts", project_id=project, user_id=user, agent_id="bot")
        memory.add("Actually I moved to Oslo", project_id=project, user_id=user, session_id="s2", ttl=3600)


def _table_rows(memory: Memory) -> dict[str, int]:
    store: Any = memory.store
    with store.db.read() as conn:
        if store.dialect.name == "sqlite":
            names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            skip = ("_data", "_idx", "_config")  # FTS5 b-tree pages: their count follows merges, not rows
            names = [n for n in names if not n.endswith(skip)]
        else:
            names = [r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE "
                                                "table_schema = current_schema() AND table_type = 'BASE TABLE'")]
        return {n: int(conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]) for n in names}


def _raw_text(memory: Memory) -> str:
    """What the store holds: the SQLite files' bytes (WAL included), or PostgreSQL's content rows."""
    store: Any = memory.store
    if store.dialect.name == "sqlite":
        path = Path(store.location)
        return b"".join(p.read_bytes() for p in path.parent.iterdir() if p.name.startswith(path.name)).decode(
            "utf-8", "replace")
    with store.db.read() as conn:
        return " ".join(str(r[0]) for t in (*CONTENT_TABLES, "forget_jobs")
                        for r in conn.execute(f"SELECT t::text FROM {t} t").fetchall())


def test_every_row_of_the_project_goes_and_its_words_leave_the_store(where: Where) -> None:
    memory, twin = _open(where()), _open(where())
    _fill(memory, "p", CANARY)
    _fill(memory, "q", "Bergen")
    _fill(twin, "q", "Bergen")
    assert CANARY in _raw_text(memory)

    receipt = memory.delete_project("p", org_id="o")

    assert receipt.status == "done" and receipt["episodes"] == 6 and receipt.counts["idempotency_keys"] == 2
    assert len(receipt.ids_sha256) == 64 and receipt.nonce
    after, alone = _table_rows(memory), _table_rows(twin)
    differ = {t: (after.get(t), alone.get(t)) for t in set(after) | set(alone)
              if after.get(t) != alone.get(t) and t not in LEFT_BY_DELETION}
    assert differ == {}, differ
    assert CANARY.lower() not in _raw_text(memory).lower()
    assert memory.list(kind="episode", project_id="p") == []
    assert len(memory.list(kind="episode", project_id="q")) == 3
    memory.close()
    twin.close()


def test_writes_racing_a_project_deletion_land_whole_before_or_after(where: Where) -> None:
    at = where()
    memory = _open(at)
    _fill(memory, "p", "Tromso")
    written: list[int] = []
    done = threading.Event()

    def writer() -> None:
        with _open(at) as own:
            n = 0
            while not done.is_set() and n < MAX_RACING:
                written.append(own.add(f"racing message number {n} about Lofoten").episode_id)
                n += 1
                done.wait(0.005)  # let the deletion's chunks in between
            for k in range(2):  # and some once it is over
                written.append(own.add(f"racing message number {n + k} about Lofoten").episode_id)

    thread = threading.Thread(target=writer)
    thread.start()
    while len(written) < 3:
        threading.Event().wait(0.01)
    receipt = memory.delete_project("p", org_id="o")
    done.set()
    thread.join(timeout=120)

    survived, gone = [], []
    for episode_id in written:
        try:
            memory.get(episode_id=episode_id)
            survived.append(episode_id)
        except NotFound:
            gone.append(episode_id)
    assert gone and survived, (gone, survived)
    assert max(gone) < min(survived)  # one cut: everything before it went, everything after it stayed
    assert receipt["episodes"] == 6 + len(gone)
    counts = memory.store.counts()
    assert counts["episodes"] == len(survived) == counts["segments"] == counts["embedded_segments"]
    found = {h.id for h in memory.search("racing message Lofoten", kinds=["episode"], limit=MAX_LIMIT)}
    assert found == set(survived)
    memory.close()
