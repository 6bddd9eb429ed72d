"""Several processes opening one new SQLite file at once all get a migrated database.

Hooks and scripts start in parallel on a first run: 4 processes opening a fresh path failed about one
open in five with ``table meta already exists``, ``duplicate column name`` or ``CorruptDatabase ... is
damaged or not a database: UNIQUE constraint failed: schema_migrations.version`` (the file was fine):
each read the schema version before taking the write lock and ran a migration another process had
just applied. The version is now read again under the lock. Real processes, real SQLite files."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

from memstrata.store.sqlite.connection import Database
from memstrata.store.sqlite.schema import SCHEMA_VERSION

PROCESSES = 4
FILES = 4


def _open(path: str, barrier: Any) -> str:
    """Open ``path`` once all processes are ready; ``ok`` or the error, named."""
    barrier.wait()
    try:
        Database(Path(path)).close()
        return "ok"
    except Exception as exc:  # the answer names any failure: the test shows it
        return f"{type(exc).__name__}: {exc}"


def test_processes_opening_a_new_file_at_once_all_get_it_migrated(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ctx.Pool(PROCESSES) as pool:
        pool.apply(str, (0,))  # every process started before the first barrier
        for n in range(FILES):
            path = tmp_path / f"new{n}.db"
            barrier = manager.Barrier(PROCESSES)
            answers = pool.starmap(_open, [(str(path), barrier)] * PROCESSES)
            assert answers == ["ok"] * PROCESSES, answers
            with sqlite3.connect(path) as conn:
                applied = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
            assert applied == list(range(1, SCHEMA_VERSION + 1))
