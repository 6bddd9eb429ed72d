"""A pool of PostgreSQL connections, migrations, and the one place psycopg errors become ours.

psycopg 3 with ``psycopg_pool``; every connection has pgvector's types registered and
runs in UTC. ``write()`` is one transaction (committed before it returns: PostgreSQL's
default ``synchronous_commit = on`` flushes the WAL on commit); ``read()`` is one
read-only snapshot (``REPEATABLE READ``), like a SQLite read transaction.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from memstrata.clock import utcnow
from memstrata.errors import InvalidInput, MemoryClosed, SchemaTooNew, StoreError, install_hint
from memstrata.store.postgres.schema import MIGRATIONS, SCHEMA_VERSION

try:
    import psycopg
    from pgvector.psycopg import register_vector
    from psycopg_pool import ConnectionPool
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise StoreError("PostgreSQL support needs its extra: " + install_hint("postgres")) from exc

T = TypeVar("T")

#: Advisory-lock key that serialises migrations across processes ("memstrata" in ASCII, truncated).
MIGRATION_LOCK = 0x6D656D7374726174

def redact_url(url: str) -> str:
    """The URL without its password (for messages and ``doctor``)."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


@contextmanager
def translated(url: str) -> Iterator[None]:
    """Map psycopg errors to memstrata's: bad text → ``InvalidInput``, anything else → ``StoreError``."""
    try:
        yield
    except psycopg.errors.DataError as exc:
        raise InvalidInput(f"PostgreSQL rejected a value: {exc.diag.message_primary or exc}") from exc
    except psycopg.Error as exc:
        raise StoreError(f"PostgreSQL error on {redact_url(url)}: {exc}") from exc


def _configure(conn: psycopg.Connection[Any]) -> None:
    register_vector(conn)
    conn.execute("SET timezone = 'UTC'")
    conn.commit()


class _Pool(ConnectionPool[psycopg.Connection[Any]]):
    """A pool whose first connection is one already open: the one ``PgDatabase`` ran its migrations
    on. Closing it and letting the pool connect again started a second server backend for every
    database opened (~5 ms of server CPU and ~2 ms of the client's here, and a connection's
    authentication round trips)."""

    def __init__(self, url: str, first: psycopg.Connection[Any], **kwargs: Any) -> None:
        self._handed = [first]
        super().__init__(url, **kwargs)

    def _connect(self, timeout: float | None = None) -> psycopg.Connection[Any]:
        try:
            conn = self._handed.pop()
        except IndexError:  # every later connection, and the first one if it was lost
            return super()._connect(timeout)
        if conn.closed:
            return super()._connect(timeout)
        # What ``ConnectionPool._connect`` does with a connection it made (psycopg-pool 3.3).
        conn.autocommit = False
        conn._pool = self
        _configure(conn)
        self._set_connection_expiry_date(conn)
        return conn


class PgDatabase:
    """A connection pool to one database, migrated on open.

    Args:
        url: ``postgresql://user:password@host:port/dbname?options=...`` (libpq syntax).
        max_connections: pool size (each API worker process holds its own pool).

    Raises:
        StoreError: the server cannot be reached or refuses; the ``vector`` extension is missing.
        SchemaTooNew: the database was migrated by a newer memstrata.
    """

    @property
    def address(self) -> str:
        """The URL with its password: what another process's pool connects to (never shown:
        ``PostgresStore.location`` is the one without it)."""
        return self.url

    def __init__(self, url: str, *, max_connections: int = 4, connect_timeout_s: float = 10.0) -> None:
        self.url = url
        #: This thread's shared read snapshot (``snapshot()``): ``conn`` and a per-snapshot ``cache``.
        self._local = threading.local()
        with translated(url):
            first = self._bootstrap()
            try:
                # ``check``: a pooled connection is tested (an empty query) when taken, and replaced
                # if the server closed it. After a PostgreSQL restart every REST process otherwise
                # failed its next requests with 503 on stale connections.
                self.pool: ConnectionPool[psycopg.Connection[Any]] = _Pool(
                    url, first, min_size=1, max_size=max_connections, configure=_configure, open=False,
                    timeout=connect_timeout_s, kwargs={"autocommit": False}, check=ConnectionPool.check_connection)
                self.pool.open(wait=True, timeout=connect_timeout_s)
            except BaseException:
                first.close()  # not taken by the pool (closing it again is a no-op)
                raise

    def _bootstrap(self) -> psycopg.Connection[Any]:
        """Connect, create the ``vector`` extension if missing and migrate; the connection, still
        open (the pool's first: ``_Pool``)."""
        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as exc:
            raise StoreError(f"cannot connect to {redact_url(self.url)}: {exc}") from exc
        try:
            self._migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: psycopg.Connection[Any]) -> None:
        """Create the ``vector`` extension if it is missing and run the migrations not applied yet."""
        has_vector = conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone()
        if has_vector is None:
            try:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            except psycopg.Error as exc:
                raise StoreError(f"the pgvector extension is not installed in {redact_url(self.url)} "
                                 f"and cannot be created here ({exc}); run CREATE EXTENSION vector "
                                 "as a superuser") from exc
        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                     "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)")
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            current = self._version(conn)
            if current > SCHEMA_VERSION:
                raise SchemaTooNew(f"{redact_url(self.url)} has schema version {current}; this memstrata "
                                   f"knows up to {SCHEMA_VERSION}: upgrade memstrata")
            for migration in MIGRATIONS:
                if migration.version > current:
                    conn.execute(migration.sql)
                    conn.execute("INSERT INTO schema_migrations (version, name, applied_at) "
                                 "VALUES (%s, %s, %s)", (migration.version, migration.name, utcnow()))

    @staticmethod
    def _version(conn: psycopg.Connection[Any]) -> int:
        row = conn.execute("SELECT max(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0) if row else 0

    def schema_version(self) -> int:
        """The highest applied migration version."""
        with self.read() as conn:
            return self._version(conn)

    def close(self) -> None:
        """Close every pooled connection (idempotent)."""
        self.pool.close()

    def _open(self) -> None:
        """Raises ``MemoryClosed`` after ``close`` (psycopg_pool's own ``PoolClosed`` otherwise)."""
        if self.pool.closed:
            raise MemoryClosed(f"the database {redact_url(self.url)} was closed (Memory.close(), or the end of its "
                               "with block); open a new Memory to use it")

    @contextmanager
    def write(self) -> Iterator[psycopg.Connection[Any]]:
        """One transaction: committed on exit (durable before it returns), rolled back on error."""
        self._open()
        with translated(self.url), self.pool.connection() as conn:
            # Read-write at the server's level, whatever a ``read()`` left (attributes: no round trip).
            conn.isolation_level = conn.read_only = None
            with conn.transaction():
                yield conn

    @contextmanager
    def read(self) -> Iterator[psycopg.Connection[Any]]:
        """A consistent, read-only snapshot (inside ``snapshot()``: that one, shared)."""
        self._open()
        shared = getattr(self._local, "conn", None)
        if shared is not None:
            with translated(self.url):
                yield shared
            return
        with translated(self.url), self.pool.connection() as conn:
            # psycopg opens the transaction with these in its BEGIN: one round trip, not a BEGIN
            # and a SET TRANSACTION (a search opens up to four reads). Reset after, for writes.
            conn.isolation_level, conn.read_only = psycopg.IsolationLevel.REPEATABLE_READ, True
            try:
                yield conn
            finally:
                try:
                    conn.rollback()
                finally:
                    # Refused on a broken connection, which the pool then discards.
                    with suppress(psycopg.Error):
                        conn.isolation_level = conn.read_only = None

    def owns(self, conn: psycopg.Connection[Any]) -> bool:
        """Whether ``conn`` serves this thread's ``read()`` alone: not the shared snapshot's
        connection, so its transaction ends with the store call that opened it (settings made
        with ``set_config(..., true)`` cannot reach later reads)."""
        return conn is not getattr(self._local, "conn", None)

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every ``read()`` of this thread until exit shares one read-only snapshot.

        One search makes several store calls; each ``read()`` of its own costs a pool checkout,
        a ``BEGIN`` and a rollback (three round trips) and sees its own snapshot.
        Shared, the calls see one consistent state and cost one round trip per query. Nested
        ``snapshot()`` calls join the outer one."""
        if getattr(self._local, "conn", None) is not None:
            yield
            return
        with self.read() as conn:
            self._local.conn, self._local.cache = conn, {}
            try:
                yield
            finally:
                self._local.conn = self._local.cache = None

    def snapshot_cached(self, conn: psycopg.Connection[Any], key: str, load: Callable[[], T]) -> T:
        """``load()``, remembered for the rest of the shared snapshot when ``conn`` is that
        snapshot's connection (its result cannot change inside one REPEATABLE READ snapshot)."""
        if conn is not getattr(self._local, "conn", None):
            return load()
        cache: dict[str, Any] = self._local.cache
        if key not in cache:
            cache[key] = load()
        return cache[key]  # type: ignore[no-any-return]
