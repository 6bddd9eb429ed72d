"""Fixtures: real ``memstrata serve`` processes (see ``serverproc``): the keyed server, the open one
and the one without a model, each started once per test process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from serverproc import ADMIN_KEY, Server, start_server


@pytest.fixture(scope="session")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that requires API keys (admin key from the environment).

    One per test process, shared by the modules that use it, as ``open_server`` is (a start and a
    model load cost ~1.5 s of CPU, and nine modules started one each): each module writes to users
    (or tenants, with keys of its own) of its own and asserts on those alone."""
    server = start_server(tmp_path_factory.mktemp("keyed"), MEMSTRATA_ADMIN_KEY=ADMIN_KEY)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no keys configured (loopback only), two uvicorn workers on one SQLite file.

    One per test process, shared by the modules that use it (three processes and two model loads
    each time it starts): each module writes to users of its own and asserts on those alone."""
    server = start_server(tmp_path_factory.mktemp("open"), workers=2)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def modelless_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no keys configured and no embedding model (``MEMSTRATA_EMBEDDING_MODEL=none``:
    full-text search alone), one per test process, shared by the modules that use it, as
    ``open_server`` is: each module writes to users of its own and asserts on those alone."""
    server = start_server(tmp_path_factory.mktemp("modelless"), MEMSTRATA_EMBEDDING_MODEL="none")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def hashing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no keys configured and the 64-dimension hashing model (``hashing-64``: what the
    SDK's ``HashingEmbedder(dim=64)`` opens the same file with), one per test process, shared by the
    modules that use it, as ``open_server`` is: each module writes to users of its own and asserts
    on those alone. Four modules started one each (~2.4 s of CPU a start)."""
    server = start_server(tmp_path_factory.mktemp("hashing"), MEMSTRATA_EMBEDDING_MODEL="hashing-64")
    yield server
    server.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give each schemathesis operation test its ``[METHOD /path]`` id back.

    Under pytest 9 schemathesis's parametrized tests (``tests/surfaces/test_openapi_fuzz.py``) all share one node
    id, and pytest-xdist, which sends tests to its workers by id, ran only the first operation of 31: the fuzz
    test checked POST /v1/messages alone on every ``-n 2`` run. With the operation's label as the id's parameter
    each operation is a test of its own again (31 ids, each run)."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if label is not None and item._id.params is None:  # type: ignore[attr-defined]
            item._id = item._id.with_params(label)  # type: ignore[attr-defined]
