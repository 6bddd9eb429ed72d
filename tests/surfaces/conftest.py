"""Fixtures: real ``memstrata serve`` processes (see ``serverproc``): the keyed server one per test
module, the open one per test process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from serverproc import ADMIN_KEY, Server, start_server


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that requires API keys (admin key from the environment)."""
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
