"""The bench tests' loads of the configured model handed the run's loaded USE model instead."""

from __future__ import annotations

from types import ModuleType

import pytest

from memstrata.embed.base import Embedder, EmbeddingCache


def hand_loaded_model(monkeypatch: pytest.MonkeyPatch, module: ModuleType, embedder: EmbeddingCache) -> None:
    """``module.load_default_embedder`` (USE, one thread, as ``Settings`` gives) returns the run's loaded USE
    model: the same weights behind the bench's own cache, without the ~1 s of CPU each load of them costs."""
    def loaded(name: str, *, threads: int | None = 1) -> Embedder:
        assert (name, threads) == (embedder.inner.name, 1), (name, threads)
        return embedder.inner
    monkeypatch.setattr(module, "load_default_embedder", loaded)
