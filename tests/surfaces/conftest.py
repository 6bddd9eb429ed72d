"""Fixtures: real ``memstrata serve`` processes (see ``serverproc``), one per test module."""

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


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no keys configured (loopback only), two uvicorn workers on one SQLite file."""
    server = start_server(tmp_path_factory.mktemp("open"), workers=2)
    yield server
    server.stop()
