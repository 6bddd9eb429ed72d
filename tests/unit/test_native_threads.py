"""The native BLAS pool is limited as configured while memstrata embeds and searches, from every
thread, and ``doctor`` reports it (``memstrata.embed.threads``)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from threadpoolctl import ThreadpoolController

from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.embed.threads import limit_native_threads, pool_sizes
from memstrata.errors import InvalidInput


def _blas(sizes: dict[str, int]) -> set[int]:
    return {n for pool, n in sizes.items() if pool.startswith("blas:")}


class _PoolWatchingEmbedder:
    """The real model, noting the native pools' sizes each time it is asked to embed."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.seen: list[dict[str, int]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.seen.append(pool_sizes())
        return np.asarray(self.inner.embed(texts))


def _open(tmp_path: Path, watching: _PoolWatchingEmbedder, threads: int | None) -> Memory:
    settings = Settings(db_path=tmp_path / "m.db", embed_threads=threads)  # type: ignore[arg-type]
    return Memory(tmp_path / "m.db", settings=settings, embedder=watching, user_id="u1")


def _set_pool_elsewhere(threads: int) -> None:
    """Set the BLAS pool from a thread that then ends, so no live thread owns it (as at start-up)."""
    setter = threading.Thread(target=lambda: ThreadpoolController().limit(limits=threads, user_api="blas"))
    setter.start()
    setter.join()


def test_embedding_and_search_run_under_the_configured_limit(tmp_path: Path) -> None:
    _set_pool_elsewhere(2)  # what OpenBLAS starts with on 2 cores
    limit_native_threads(2)
    samples: list[set[int]] = []
    stop = threading.Event()

    def sample() -> None:  # the pool is one value for the process: any thread reads what a product uses
        while not stop.is_set():
            samples.append(_blas(pool_sizes()))
            time.sleep(0.002)

    settings = Settings(db_path=tmp_path / "m.db", embed_threads=1)
    with Memory(tmp_path / "m.db", settings=settings, user_id="u1") as memory:  # the default model
        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            memory.add_many([memory.message(f"note {i}: I shipped parcel {i} with UPS to Lisbon") for i in range(100)])
            memory.search("which carrier did I use for the parcels?")
        finally:
            stop.set()
            sampler.join()
        report = memory.doctor()["native_threads"]
    assert len(samples) >= 10 and all(seen == {1} for seen in samples)
    assert report["limit"] == 1 and _blas(report["pools"]) == {1}


def test_the_limit_holds_in_other_threads_and_leaves_no_thread_owning_the_pool() -> None:
    limit_native_threads(1)
    seen: list[set[int]] = []
    worker = threading.Thread(target=lambda: seen.append(_blas(pool_sizes())))
    worker.start()
    worker.join()
    assert seen == [{1}]
    # Another thread can still change the pool afterwards (threadpoolctl ignores changes from a
    # thread while another live thread owns it): the application keeps control of its own process.
    changed: list[set[int]] = []

    def change() -> None:
        ThreadpoolController().limit(limits=2, user_api="blas")
        changed.append(_blas(pool_sizes()))

    other = threading.Thread(target=change)
    other.start()
    other.join()
    assert changed == [{2}]
    limit_native_threads(1)  # the value memstrata applied last is not re-applied blindly...
    assert _blas(pool_sizes()) == {2}  # ...so an application's later change stands


def test_no_limit_leaves_the_pools_alone(tmp_path: Path, embedder: EmbeddingCache) -> None:
    before = pool_sizes()
    with _open(tmp_path, _PoolWatchingEmbedder(embedder.inner), None) as memory:
        memory.add("我以后都用顺丰")
        assert memory.doctor()["native_threads"] == {"limit": None, "pools": before}
    assert pool_sizes() == before


def test_the_environment_sets_the_limit_and_refuses_nonsense() -> None:
    assert Settings.from_env({"MEMSTRATA_EMBED_THREADS": "2"}).embed_threads == 2
    assert Settings.from_env({"MEMSTRATA_EMBED_THREADS": "none"}).embed_threads is None
    assert Settings.from_env({}).embed_threads == 1
    for bad in ("0", "two", "-1"):
        with pytest.raises(InvalidInput, match="MEMSTRATA_EMBED_THREADS"):
            Settings.from_env({"MEMSTRATA_EMBED_THREADS": bad})
