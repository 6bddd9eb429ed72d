"""Shared fixtures: real SQLite files in a temporary directory, the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fakes.openai_server import FakeLLMServer
from memstrata import Memory
from memstrata.config import LLMSettings
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
