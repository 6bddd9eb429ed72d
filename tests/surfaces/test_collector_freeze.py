"""Who changes Python's garbage collector: never the library, only memstrata's own processes.

A full collection walks every object a process holds (~40,000 in a search process at 10k
segments: 10-19 ms of the search it falls in); ``collector.freeze_startup_objects`` moves those
held after start-up out of its walk. ``Memory`` leaves the host's collector as it found it; the
REST app freezes only when it runs as memstrata's own server process (``app_from_env``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from memstrata import HashingEmbedder, Memory
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The test process starts and ends with nothing frozen."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _collector() -> tuple[bool, tuple[int, ...], int]:
    return gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()


@pytest.mark.usefixtures("unfrozen")
def test_memory_leaves_the_hosts_collector_as_it_found_it(tmp_path: Path) -> None:
    before = _collector()
    with Memory(tmp_path / "memory.db", embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        memory.add("I'm allergic to peanuts")
        assert memory.search("peanut allergy")
        memory.maintain()
        assert _collector() == before
    assert _collector() == before


@pytest.mark.usefixtures("unfrozen")
def test_the_rest_app_freezes_only_as_its_own_servers_process(tmp_path: Path) -> None:
    memory = Memory(tmp_path / "memory.db", embedder=HashingEmbedder(dim=64))
    try:
        with TestClient(create_app(ServerConfig(), memory=memory)) as client:  # an application's app
            assert client.get("/healthz").status_code == 200
            assert gc.get_freeze_count() == 0
        with TestClient(create_app(ServerConfig(), memory=memory, freeze_collector=True)) as client:
            assert client.get("/healthz").status_code == 200
            frozen = gc.get_freeze_count()
            assert frozen > 10_000  # the modules and the open store, out of the collector's walk
            assert gc.isenabled()  # young objects are still collected
    finally:
        memory.close()
