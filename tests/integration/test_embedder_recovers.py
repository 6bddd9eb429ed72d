"""An embedding failure is not for the life of a ``Memory`` (SQLite and PostgreSQL): messages stored
while the model failed get their vectors when it answers again (found by ``doctor``'s probe, the
retry after the backoff, or the next open), and ``doctor`` says what is true now. The backoff
schedule itself is checked with time passed as a value."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.embed.health import FIRST_BACKOFF_S, MAX_BACKOFF_S, ModelHealth
from memstrata.errors import EmbeddingError


class FlakyModel:
    """The deterministic hashing model, failing while ``broken`` is set (as a model whose native
    library runs out of memory does, then recovers)."""

    def __init__(self) -> None:
        self.model = HashingEmbedder(dim=64)
        self.name, self.dim = self.model.name, self.model.dim
        self.broken = False

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if self.broken:
            raise EmbeddingError("out of memory in the model's native library")
        return self.model.embed(texts)


Opener = Callable[..., Memory]


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """``opener(model)``: the same database (a SQLite file or a PostgreSQL schema) opened again."""
    where: Any = request.getfixturevalue("pg_url")() if request.param == "postgres" else tmp_path / "m.db"
    opened: list[Memory] = []

    def make(model: FlakyModel) -> Memory:
        opened.append(Memory(where, embedder=model, user_id="alice"))
        return opened[-1]
    yield make
    for memory in opened:
        memory.close()


def _unembedded(memory: Memory) -> int:
    counts = memory.store.counts()
    return int(counts["segments"] - counts["embedded_segments"])


def test_messages_stored_while_the_model_failed_are_embedded_when_it_answers(opener: Opener) -> None:
    model = FlakyModel()
    memory = opener(model)
    memory.add("I like tea")
    model.broken = True
    stored = memory.add("I live in Norway.")
    assert stored.created and _unembedded(memory) == 1
    assert memory.doctor()["embedding_status"].startswith("unavailable: out of memory")

    model.broken = False
    report = memory.doctor()

    assert report["embedding_status"] == "ok" and report["embedding_model"] == "hashing-64"
    assert _unembedded(memory) == 0
    memory.add("I'm allergic to peanuts")  # vectors again for what comes next
    assert _unembedded(memory) == 0


def test_the_next_open_embeds_what_was_stored_without_vectors(opener: Opener) -> None:
    model = FlakyModel()
    first = opener(model)
    model.broken = True
    first.add("I live in Norway.")
    assert _unembedded(first) == 1
    first.close()

    model.broken = False
    again = opener(model)

    assert _unembedded(again) == 0 and again.embedding_status == "ok"


def test_a_failed_model_is_retried_after_a_growing_backoff() -> None:
    now = [0.0]
    model = FlakyModel()
    health = ModelHealth(model, clock=lambda: now[0])
    model.broken = True
    health.failed("out of memory")
    assert health.down and not health.due()
    now[0] = FIRST_BACKOFF_S
    assert health.due() and not health.probe()  # still failing: the next wait is twice as long
    now[0] += FIRST_BACKOFF_S
    assert not health.due()
    now[0] += FIRST_BACKOFF_S
    assert health.due()
    model.broken = False
    assert health.probe() and not health.down and health.status == "ok"
    for _ in range(20):
        health.failed("again")
    assert f"retrying in {MAX_BACKOFF_S:.0f} s" in health.status
