"""Opening, validating and migrating a memstrata SQLite file; translating driver errors.

This is the one choke point where ``sqlite3`` errors become memstrata errors.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from memstrata.clock import to_db, utcnow
from memstrata.errors import CorruptDatabase, MemoryClosed, SchemaTooNew, StoreError
from memstrata.store.sqlite.recalls import FLUSH_EVERY, WRITE_SQL, RecallCounts
from memstrata.store.sqlite.schema import MIGRATIONS, SCHEMA_VERSION, Migration

T = TypeVar("T")

SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    if path.is_dir():
        raise StoreError(f"{path} is a directory; give the path of a database file inside it")
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb") as handle:
        head = handle.read(16)
    if head != SQLITE_MAGIC:
        raise CorruptDatabase(
            f"{path} is not a SQLite database (first bytes {head[:16]!r}); "
            "point MEMSTRATA_DB or --db at a memstrata database or a new path"
        )


def _folder_writable(path: Path) -> bool:
    """Whether this process may create files in ``path``'s folder (``os.access`` also answers
    ``False`` on a read-only file system)."""
    return os.access(path.parent, os.W_OK | os.X_OK)


def _refuse_unfolded_log(path: Path) -> None:
    """Refuse a snapshot that would miss changes: a write-ahead log with content beside ``path``
    holds commits not yet copied into the file, which an ``immutable`` connection does not read.

    Raises:
        StoreError: the ``-wal`` file is not empty.
    """
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise StoreError(
            f"cannot read {path}: its folder {path.parent} cannot be written (its permissions or a "
            f"read-only file system), and its write-ahead log {wal.name} holds changes not yet in the "
            "file, which SQLite cannot read without writing beside it; open it once where its folder "
            "may be written (closing memstrata copies the log into the file), or copy the file and "
            f"its {wal.name} to a folder this process may write")


#: SQLite's primary result code for a write to a read-only database (extended codes keep it in the low byte).
SQLITE_READONLY = 8


def _read_only(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite refusing a write because the database is read-only."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(exc, sqlite3.OperationalError) and (
        code & 0xFF == SQLITE_READONLY if isinstance(code, int) else "readonly database" in str(exc))


class _Closed:
    """Stands for the connection after ``close``: every use is ``MemoryClosed`` (it was a raw
    ``sqlite3.ProgrammingError: Cannot operate on a closed database``)."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def __getattr__(self, name: str) -> Any:
        raise MemoryClosed(f"the database {self._path} was closed (Memory.close(), or the end of its with "
                           "block); open a new Memory to use it")


def _split_sql(script: str) -> list[str]:
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


#: The connection's page cache, KiB (SQLite's default: 2,000). Measured quiet, the same searches
#: taking turns in one process (bench perf's queries, 300 each): 10k synthetic segments p50 / mean
#: 19.0 / 20.0 ms with the default, 18.3 / 19.1 with 16 MiB, 17.7 / 18.7 with 32 MiB; 2k segments
#: 12.1 / 12.6, 11.7 / 11.8, 11.7 / 12.0. It costs at most this much memory per open store.
PAGE_CACHE_KIB = 16_384


class Database:
    """One SQLite connection in WAL mode with ``synchronous=FULL`` (a commit is on disk
    before it returns; ``try_write(wait_for_disk=False)`` alone excepted), foreign keys on, and
    a busy timeout for concurrent writers.

    Use ``write()`` for one logical write (one ``BEGIN IMMEDIATE`` transaction) and
    ``read()`` for queries. Thread-safe through one lock.

    Raises:
        CorruptDatabase: the file is not SQLite, is damaged, or belongs to another program.
        SchemaTooNew: the file was migrated by a newer memstrata.
        StoreError: the file cannot be opened or created.
    """

    @property
    def address(self) -> str:
        """The file's path: what another thread's or process's connection opens."""
        return str(self.path)

    def __init__(self, path: Path, *, busy_timeout_s: float = 30.0) -> None:
        self.path = path
        _check_header(path)
        self._lock = threading.RLock()
        #: Whether a ``read()`` transaction is open (``snapshot``: nested reads join it).
        self._reading = False
        #: What the open read transaction already read (``snapshot_cached``); emptied when it ends.
        self._read_memo: dict[Hashable, Any] = {}
        self._busy_ms = int(busy_timeout_s * 1000)
        self.on_rollback: Callable[[], None] | None = None
        #: Runs last inside each ``write()`` before its commit (``SQLiteStore`` writes the session
        #: blocks' text there, once per block); what it raises rolls the transaction back.
        self.before_commit: Callable[[sqlite3.Connection], None] | None = None
        #: Searches' fact recalls not yet written (``count_recalls``).
        self._recalls = RecallCounts()
        #: Opened as an unchanging snapshot (SQLite's ``immutable=1``): neither the file nor its
        #: folder may be written, so the write-ahead log's index (``-shm``) cannot be made (``_open``).
        self.immutable = False
        self._open(busy_timeout_s)

    def _open(self, busy_timeout_s: float) -> None:
        """Connect and set up; a file whose folder this process may not write (a read-only mount,
        a folder of mode 555) is opened again as an unchanging snapshot, so that searches work:
        SQLite cannot read a WAL file without making its ``-shm`` index beside it."""
        try:
            self._connect_and_set_up(busy_timeout_s)
        except StoreError as exc:
            cause = exc.__cause__
            # SQLite says "attempt to write a readonly database", or "unable to open database file"
            # when a -wal file is there without its -shm
            if not (isinstance(cause, sqlite3.OperationalError) and self.path.exists()
                    and not _folder_writable(self.path)):
                raise
            _refuse_unfolded_log(self.path)
            self.immutable = True
            self._connect_and_set_up(busy_timeout_s)

    def _connect_and_set_up(self, busy_timeout_s: float) -> None:
        """Open ``self.conn`` (as a snapshot if ``self.immutable``), set it up and migrate.

        Raises:
            StoreError: the file or its folder cannot be opened or created (the cause kept).
            CorruptDatabase: the file is damaged or not a memstrata database.
        """
        path = self.path
        try:
            if not path.exists() and path.parent.is_dir() and not _folder_writable(path):
                raise StoreError(f"cannot create database {path}: its folder {path.parent} cannot be "
                                 "written (its permissions or a read-only file system); give a path in a "
                                 "folder this process may write")
            path.parent.mkdir(parents=True, exist_ok=True)
            where = f"{path.resolve().as_uri()}?immutable=1" if self.immutable else path
            self.conn = sqlite3.connect(where, isolation_level=None, check_same_thread=False,
                                        timeout=busy_timeout_s, uri=self.immutable)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open database {path}: {exc}") from exc
        try:
            self.conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
            self._refuse_foreign()  # before any PRAGMA that would change a foreign file
            self._set_up_when_free(time.monotonic() + busy_timeout_s)
        except sqlite3.OperationalError as exc:  # permissions, locks, missing directory
            self.conn.close()
            raise StoreError(f"cannot use database {path}: {exc}") from exc
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise CorruptDatabase(f"{path} is damaged or not a database: {exc}") from exc
        except Exception:
            self.conn.close()
            raise

    def close(self) -> None:
        """Write the recalls still counted in memory (if the file takes the write now), then
        close the connection (idempotent); any later use raises ``MemoryClosed``."""
        with self._lock:
            if not isinstance(self.conn, _Closed):
                with suppress(sqlite3.Error):  # best effort, as every recall count: the file stays consistent
                    self.flush_recalls()
                self.conn.close()
                self.conn = _Closed(self.path)  # type: ignore[assignment]

    def _set_up_when_free(self, deadline: float) -> None:
        """The connection's settings and the schema's migrations, tried again until ``deadline``
        (``time.monotonic()`` seconds) while another process sets up the same new file: switching
        a new file to WAL and the first ``CREATE TABLE`` take the write lock from a read, and SQLite
        answers "database is locked" at once there rather than wait (a busy handler could deadlock),
        which 4 processes opening one new file at once met about once in three runs."""
        while True:
            try:
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.execute("PRAGMA synchronous = FULL")
                self.conn.execute("PRAGMA foreign_keys = ON")
                # Deleted content is overwritten with zeros, so forgetting leaves no trace in the file.
                self.conn.execute("PRAGMA secure_delete = ON")
                # A search reads ~60 statements' worth of pages (full-text doclists, segment and episode
                # rows); with SQLite's default 2 MiB cache most came from the OS again at each search.
                self.conn.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")
                self._migrate()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _refuse_foreign(self) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "schema_migrations" not in tables:
            shown = ", ".join(sorted(tables)[:5])
            raise CorruptDatabase(
                f"{self.path} is a SQLite database but not a memstrata one (tables: {shown}); "
                "refusing to modify it"
            )

    def _migrate(self) -> None:
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        current = self.schema_version()
        if current > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"{self.path} has schema version {current}; this memstrata knows up to "
                f"{SCHEMA_VERSION}: upgrade memstrata"
            )
        for migration in MIGRATIONS:
            if migration.version <= current:
                continue
            if self.immutable:
                raise self._unmigrated(current)
            try:
                self._apply(migration)
            except StoreError as exc:
                if isinstance(exc.__cause__, sqlite3.Error) and _read_only(exc.__cause__):
                    raise self._unmigrated(current) from exc
                raise

    def _unmigrated(self, current: int) -> StoreError:
        """The error of a file this memstrata must migrate but may not write."""
        return StoreError(
            f"{self.path} has schema version {current} and this memstrata reads version {SCHEMA_VERSION}: "
            "it must be migrated once, which writes to it, and the file or its folder is read-only (its "
            "permissions, owner or file system); open it once with write access, or use the memstrata "
            "version that wrote it")

    def _apply(self, migration: Migration) -> None:
        """Run one migration in its own write, unless another process applied it meanwhile."""
        with self.write() as conn:
            # Several processes may open a new file at once (hooks, scripts on first run): each
            # saw the old version before taking the write lock, so the version is read again
            # under it, and a migration another process applied meanwhile is not run twice.
            if self.schema_version() >= migration.version:
                return
            table, column = migration.column or ("", "")
            added = bool(table) and any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))
            for statement in () if added else _split_sql(migration.sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, to_db(utcnow())),
            )

    def schema_version(self) -> int:
        """The highest applied migration version (0 for a new file)."""
        row = self.conn.execute("SELECT max(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction (``BEGIN IMMEDIATE``): committed and synced on exit, rolled back on error."""
        with self._lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._write_refused(exc, "cannot start a write on") from exc
            recalls = self._recalls.take()  # written in this transaction, before what it changes
            try:
                if recalls:
                    self.conn.executemany(WRITE_SQL, recalls)
                yield self.conn
                if self.before_commit is not None:
                    self.before_commit(self.conn)
            except BaseException as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                self._recalls.restore(recalls)
                if self.on_rollback is not None:
                    self.on_rollback()
                if _read_only(exc):  # any statement of the write: one answer, never a raw driver error
                    raise self._write_refused(exc, "cannot write") from exc
                raise
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                self._recalls.restore(recalls)
                raise self._write_refused(exc, "commit failed on") from exc

    def _write_refused(self, exc: BaseException, doing: str) -> StoreError:
        """The ``StoreError`` of a write the file refused; a read-only file (its mode, its owner, a
        read-only mount) is named as such: reads still work, nothing of this write was stored."""
        if _read_only(exc):
            return StoreError(f"{self.path} is read-only (its permissions, owner or file system"
                              f"{self._folder_note()}); searches still work, but nothing can be stored or "
                              "forgotten until the process may write the file and its folder; nothing of "
                              f"this write was stored ({exc})")
        return StoreError(f"{doing} {self.path}: {exc}")

    def _folder_note(self) -> str:
        """What a write refused on a snapshot (``immutable``) adds: why it is one."""
        return (f"; its folder {self.path.parent} cannot be written, so it was opened as an unchanging "
                "snapshot" if self.immutable else "")

    def try_write(self, sql: str, rows: Sequence[Sequence[object]], *, wait_for_disk: bool = True) -> bool:
        """Run one ``executemany`` in its own transaction if the write lock is free now.

        ``wait_for_disk=False``: commit without syncing the log (``synchronous=NORMAL`` for this
        transaction alone): a crash of the process loses nothing, a power cut may lose this
        write (never the file's consistency), and the next durable commit syncs it too. For
        best-effort statistics a read writes (a search's access counts: the sync was ~2-7 ms of
        every search). Returns ``False`` (nothing written) when the file is read-only or locked.
        """
        with self._lock:
            self.conn.execute("PRAGMA busy_timeout = 0")
            if not wait_for_disk:
                self.conn.execute("PRAGMA synchronous = NORMAL")
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                self.conn.executemany(sql, rows)
                self.conn.execute("COMMIT")
                return True
            except sqlite3.OperationalError:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                return False
            finally:
                self.conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
                self.conn.execute("PRAGMA synchronous = FULL")

    def count_recalls(self, fact_ids: Sequence[int], now: datetime) -> None:
        """Count one search's recall of ``fact_ids`` in memory; every ``recalls.FLUSH_EVERY``
        searches, write the counts (``flush_recalls``). Also written by the next ``write()`` (in
        its transaction), before the next ``read()`` outside a search's ``snapshot()``, and by
        ``close``: ``recalls`` says what a crash loses."""
        if not fact_ids:
            return
        with self._lock:
            self._recalls.add(fact_ids, str(to_db(now)))
            if self._recalls.searches >= FLUSH_EVERY:
                self.flush_recalls()

    def flush_recalls(self) -> bool:
        """Write the recalls counted in memory in one statement, best effort (``try_write`` without
        waiting for the disk); ``False`` (kept for a later attempt) when the file is read-only or
        another process holds the write lock. Inside an open transaction it waits for that one."""
        with self._lock:
            if not self._recalls:
                return True
            if self.conn.in_transaction:  # a write()'s own start writes them
                return False
            rows = self._recalls.take()
            if self.try_write(WRITE_SQL, rows, wait_for_disk=False):
                return True
            self._recalls.restore(rows)
            return False

    def checkpoint(self) -> bool:
        """Copy the WAL into the main file and truncate it; ``False`` if a reader held it back."""
        with self._lock:
            busy, _, _ = self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            return not busy

    def vacuum(self) -> None:
        """Rebuild the file without free pages (outside any transaction).

        Raises:
            StoreError: another connection is writing (busy) or the disk is full.
        """
        with self._lock:
            try:
                self.conn.execute("VACUUM")
            except sqlite3.OperationalError as exc:
                raise StoreError(f"VACUUM of {self.path} did not run: {exc}") from exc

    @contextmanager
    def read(self, *, recalls: bool = True) -> Iterator[sqlite3.Connection]:
        """A consistent read (one deferred transaction, so WAL gives a snapshot). Inside
        ``snapshot()`` (in the thread holding it) it joins that transaction. ``recalls``: first
        write the searches' recalls counted in memory, so that the counts read are current
        (``snapshot()``, a search's own reads, does not: the ranking does not weigh them)."""
        with self._lock:
            if self._reading:
                yield self.conn
                return
            if recalls and self._recalls:
                self.flush_recalls()
            self.conn.execute("BEGIN")
            self._reading = True
            try:
                yield self.conn
            finally:
                self._reading = False
                self._read_memo.clear()
                self.conn.execute("COMMIT")

    def snapshot_cached(self, key: Hashable, load: Callable[[], T]) -> T:
        """``load()``, once per read transaction: inside ``read()`` (a search's ``snapshot()``) the
        file cannot change, so what was read from it (the running forget jobs, whether any row
        expires) holds until the transaction ends; outside one (a write), loaded on every call.
        ``key`` names the value; call only while holding the connection (inside ``read()`` or
        ``write()``)."""
        if not self._reading:
            return load()
        if key not in self._read_memo:
            self._read_memo[key] = load()
        return self._read_memo[key]  # type: ignore[no-any-return]

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction for every ``read()`` inside it (a search's ~15 store calls: one
        consistent view, one BEGIN and COMMIT instead of one each). It holds the connection's lock
        throughout, so other threads' store calls wait for it; nothing inside may write."""
        with self.read(recalls=False):
            yield
