"""Shared fixtures: real SQLite files in a temporary directory, the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.embed.use import UseEmbedder


@pytest.fixture(scope="session")
def embedder() -> EmbeddingCache:
    """The default model (USE multilingual v3 from its PyPI package), loaded once per run."""
    return EmbeddingCache(UseEmbedder(threads=2))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture
def memory(db_path: Path, embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh embedded memory with the real model and the rule extractor."""
    with Memory(db_path, embedder=embedder.inner, user_id="u1") as mem:
        yield mem
