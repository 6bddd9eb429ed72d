"""One fixture, every store: each contract test runs against each backend in ``BACKENDS``.

Memories use the deterministic ``HashingEmbedder`` (exact, reproducible vectors: the
contract is about storage, not model quality) and the real rule extractor.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.store.reference import ReferenceStore

#: sqlite: a real file; postgres: a real server (one database per memory); memory: the
#: in-memory ReferenceStore, the oracle.
BACKENDS = ["sqlite", "postgres", "memory"]
DIM = 64

OpenMemory = Callable[..., Memory]


def _opener(backend: str, root: Path, request: pytest.FixtureRequest) -> OpenMemory:
    """Memories on ``backend``; on PostgreSQL each a new migrated database (``pg_database`` in a
    test, dropped after it; a module-scoped fixture's from the session's ``pg_databases``); on
    SQLite each a new copy of the migrated empty file (``migrated_sqlite``)."""
    counter = iter(range(10**6))
    pg_url: Callable[[], str] | None = None
    template: Path | None = None
    if backend == "postgres":
        pg_url = (request.getfixturevalue("pg_database") if request.scope == "function"
                  else request.getfixturevalue("pg_databases").new)
    elif backend == "sqlite":
        template = request.getfixturevalue("migrated_sqlite")

    def open_memory(**kw: Any) -> Memory:
        kw.setdefault("embedder", HashingEmbedder(dim=DIM))
        if pg_url is not None:
            return Memory(pg_url(), **kw)
        if template is None:
            return Memory(store=ReferenceStore(), **kw)
        path = root / f"m{next(counter)}.db"
        shutil.copyfile(template, path)
        return Memory(path, **kw)
    return open_memory


@pytest.fixture(params=BACKENDS)
def open_memory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OpenMemory]:
    """``open_memory(**Memory kwargs)``: a fresh, empty memory on the parametrized backend."""
    opened: list[Memory] = []
    make = _opener(request.param, tmp_path, request)

    def tracked(**kw: Any) -> Memory:
        memory = make(**kw)
        opened.append(memory)
        return memory
    yield tracked
    for memory in opened:
        memory.close()


START = datetime(2026, 1, 1, tzinfo=UTC)

#: (user, session, role, speaker, hour, content, metadata)
CORPUS: list[tuple[str, str, str, str | None, int, str, dict[str, Any]]] = [
    ("alice", "s1", "user", "alice", 0, "I like coffee", {"lang": "en", "n": 3, "flag": True, "tags": ["a"]}),
    ("alice", "s1", "assistant", None, 1, "Noted, coffee it is.", {"lang": "en", "n": 2.5, "flag": False}),
    ("alice", "s1", "user", "alice", 2, "我以后都用顺丰", {"lang": "zh", "n": "3", "nested": {"a": 1, "b": "x"}}),
    ("alice", "s2", "user", "alice", 30, "算了，以后用京东", {"lang": None, "nested": {"a": 2}}),
    ("alice", "s2", "user", "alice", 31, "I am allergic to peanuts", {}),
    ("alice", "s2", "assistant", None, 32, "I will remember the peanut allergy.", {"flag": True, "n": -1}),
    ("alice", "t1", "user", "alice", 60, "I have a dog named Rex", {"lang": "en", "n": 10**12}),
    ("alice", "t1", "tool", None, 61, "weather: sunny in Berlin", {"lang": "en", "tags": "a\"b'c\\d"}),
    # bob's metadata holds alice's values in another JSON type or number kind: 3.0, 1, "true", "2.5";
    # and integers past 2**53, where a float is a whole number that its shortest text does not name
    ("bob", "s1", "user", "bob", 3, "I like tea", {"lang": "en", "n": 3.0, "flag": 1, "tags": 2**60}),
    ("bob", "s1", "user", "bob", 4, "I live in Berlin", {"lang": "de", "n": "2.5", "flag": "true", "tags": 2**60 + 4,
                                                         "nested": {"a": 1.0, "b": None}}),
]


def populate(memory: Memory) -> None:
    """Store ``CORPUS`` (with the facts the rule extractor draws from it)."""
    for user, session, role, speaker, hour, content, metadata in CORPUS:
        memory.add(content, role=role, speaker=speaker, user_id=user, session_id=session,
                   created_at=START.replace(day=1 + hour // 24, hour=hour % 24), metadata=metadata)


#: The episode fields PostgreSQL copies onto segments (migration 6) and turns (migration 9):
#: every episode field a filter can name, scope included.
COPIED_EPISODE_FIELDS = ("org_id", "project_id", "user_id", "agent_id", "session_id", "role", "content_type",
                         "producer_id", "produced_for_id", "created_at", "sequence_num", "metadata")


def copy_mismatches(store: Any, table: str, episode_column: str) -> tuple[int, int]:
    """``(rows of table, rows whose copied fields differ from their episode's)`` on PostgreSQL."""
    differs = " OR ".join(f"t.{c} IS DISTINCT FROM e.{c}" for c in COPIED_EPISODE_FIELDS)
    with store.db.read() as conn:
        row = conn.execute(f"SELECT count(*), count(*) FILTER (WHERE {differs}) FROM {table} t "
                           f"JOIN episodes e ON e.id = t.{episode_column}").fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def apply_postgres_migrations(conn: Any, migrations: Any) -> None:
    """Leave a PostgreSQL database as memstrata left it after ``migrations`` (a prefix of
    ``store.postgres.schema.MIGRATIONS``): their SQL run and recorded in ``schema_migrations``."""
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                 "applied_at TIMESTAMPTZ NOT NULL)")
    for migration in migrations:
        conn.execute(migration.sql)
        conn.execute("INSERT INTO schema_migrations VALUES (%s, %s, now())", (migration.version, migration.name))
