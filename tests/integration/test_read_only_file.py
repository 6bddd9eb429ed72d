"""A database file the process may read but not write answers writes with a clear ``store_error``.

A memory file of mode 444 (or another user's) in a writable folder: searches worked, while ``add``
and ``forget`` raised a raw ``sqlite3.OperationalError: attempt to write a readonly database`` with
no ``code``, and ``memstrata remember`` said ``error[internal]``. The store's one write path
(``store.sqlite.connection.Database.write``) now names the file and that it is read-only, and the
file holds what it held. Run as root, the writes are made by a forked process that dropped to the
unprivileged ``nobody`` (root writes any file, whatever its mode)."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clirun import cli
from memstrata import HashingEmbedder, Memory
from memstrata.errors import MemstrataError

NOBODY = 65534
MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def _answer(call: Callable[[], Any]) -> tuple[str, str | None, str]:
    """What ``call`` raised: its class, its ``code`` (``None`` for a raw driver error) and message."""
    try:
        call()
    except Exception as exc:  # any class: the test shows which, a raw sqlite3 error included
        return type(exc).__name__, getattr(exc, "code", None) if isinstance(exc, MemstrataError) else None, str(exc)
    return "stored", None, ""


def _writes(db: str, answers: Any) -> None:
    """In the child: drop root if held, then try each door's write on ``db``; what it saw, or why not."""
    try:
        if os.geteuid() == 0:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        with Memory(db, user_id="u", embedder=HashingEmbedder(dim=64)) as memory:
            found = [h.text for h in memory.search("Paris")]
            got = [_answer(lambda: memory.add("I like green tea")), _answer(lambda: memory.forget(user_id="u")),
                   _answer(lambda: memory.forget(fact_id=1))]
        run = cli("remember", "I like green tea", "--user", "u", "--db", db, env=MODEL)
        answers.put((found, got, run.code, run.err))
    except BaseException as exc:  # the parent shows it instead of waiting for an answer
        answers.put(repr(exc))


def _counts(db: Path) -> tuple[int, ...]:
    with sqlite3.connect(db) as conn:
        return tuple(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                     for t in ("episodes", "facts", "forget_jobs", "memory_events"))


def test_writes_to_a_read_only_file_are_a_store_error_naming_it_and_store_nothing() -> None:
    # a folder anyone may write (SQLite makes its -wal and -shm files there), outside pytest's own
    # temporary folders, which only their owner may enter
    with tempfile.TemporaryDirectory(prefix="memstrata-read-only-") as name:
        folder = Path(name)
        folder.chmod(0o777)
        _check_read_only(folder / "memory.db")


def _check_read_only(db: Path) -> None:
    with Memory(db, user_id="u", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I live in Paris")
    before = _counts(db)
    db.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    ctx = multiprocessing.get_context("fork")
    answers = ctx.Queue()
    child = ctx.Process(target=_writes, args=(str(db), answers))
    child.start()
    answer = answers.get(timeout=120)
    child.join(30)
    assert not isinstance(answer, str), answer
    found, got, code, err = answer
    assert found, "a read-only file is still searched"
    for kind, error_code, message in got:
        assert (kind, error_code) == ("StoreError", "store_error"), (kind, message)
        assert str(db) in message and "read-only" in message, message
    assert code != 0 and "error[store_error]" in err and "read-only" in err, err
    assert _counts(db) == before  # nothing half written


def _reads(folder: str, answers: Any) -> None:
    """In the child: drop root if held, then open each file of the read-only ``folder``; what it saw."""
    try:
        if os.geteuid() == 0:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        with Memory(Path(folder, "memory.db"), user_id="u", embedder=HashingEmbedder(dim=64)) as memory:
            seen = ([h.text for h in memory.search("Paris")], _answer(lambda: memory.add("I like green tea")))
        opened = [_answer(lambda name=name: Memory(Path(folder, name), user_id="u", embedder=HashingEmbedder(dim=64)))
                  for name in ("logged.db", "older.db", "new.db")]
        answers.put((seen, opened))
    except BaseException as exc:  # the parent shows it instead of waiting for an answer
        answers.put(repr(exc))


def _with_unfolded_log(db: Path, copy: Path) -> None:
    """``copy``: ``db`` with a write-ahead log holding a commit not yet in the file (copied while open)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("PRAGMA user_version = 7")
    for suffix in ("", "-wal"):
        copy.with_name(copy.name + suffix).write_bytes(db.with_name(db.name + suffix).read_bytes())
    conn.close()


def test_a_read_only_folder_holding_a_read_only_file_is_searched_and_says_what_it_cannot_do() -> None:
    # SQLite makes a WAL file's -shm index beside it: in a folder it may not write (a read-only mount,
    # mode 555) opening failed with 'attempt to write a readonly database' before any search
    with tempfile.TemporaryDirectory(prefix="memstrata-read-only-folder-") as name:
        folder = Path(name)
        with Memory(folder / "memory.db", user_id="u", embedder=HashingEmbedder(dim=64)) as memory:
            memory.add("I live in Paris")
        _with_unfolded_log(folder / "memory.db", folder / "logged.db")
        older = folder / "older.db"
        older.write_bytes((folder / "memory.db").read_bytes())
        with sqlite3.connect(older) as conn:  # a file one migration behind this memstrata
            conn.execute("DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)")
        for db in folder.iterdir():
            db.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
        folder.chmod(0o555)
        try:
            ctx = multiprocessing.get_context("fork")
            answers = ctx.Queue()
            child = ctx.Process(target=_reads, args=(name, answers))
            child.start()
            answer = answers.get(timeout=120)
            child.join(30)
        finally:
            folder.chmod(0o755)
    assert not isinstance(answer, str), answer
    (found, (kind, code, message)), (logged, older_answer, new) = answer
    assert "I live in Paris" in found, found
    assert (kind, code) == ("StoreError", "store_error") and "read-only" in message and name in message, message
    assert logged[:2] == ("StoreError", "store_error") and "logged.db-wal" in logged[2], logged
    assert older_answer[:2] == ("StoreError", "store_error") and "migrated" in older_answer[2], older_answer
    assert new[:2] == ("StoreError", "store_error") and f"its folder {name} cannot be written" in new[2], new
