"""Fixtures of the lifecycle tests that run on both real backends: a SQLite file and a
PostgreSQL database on the session's server (``tests/conftest.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.store.dialect import scalar


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's memory lives: a new migrated SQLite file (a copy of ``migrated_sqlite``), or a
    new migrated PostgreSQL database's URL."""
    if request.param == "postgres":
        make: Callable[[], str] = request.getfixturevalue("pg_database")
        return make()
    path = tmp_path / "memory.db"
    shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
    return path


@pytest.fixture
def stored_rows() -> Callable[[Memory, str, int], int]:
    """``stored_rows(memory, table, id)``: rows with that id in the table, read past every
    read predicate (expiry, forget jobs): what is physically still stored."""
    def count(memory: Memory, table: str, row_id: int) -> int:
        store = memory.store
        with store.db.read() as conn:
            return int(scalar(conn, store.dialect, f"SELECT count(*) FROM {table} WHERE id = ?",
                              (row_id,)))
    return count
