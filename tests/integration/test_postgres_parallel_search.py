"""A search on PostgreSQL runs its vector look-ups in the thread beside the caller
(``recall.beside.VECTORS``, ``Capabilities.parallel_reads``) on a pooled connection of their own,
the facts' one in a third thread (``recall.beside.FACT_VECTORS``, ``Capabilities.split_vector_reads``),
while the caller runs the full-text lists in its snapshot: the same hits as run in order,
filtered or not. Real server, real model."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from memstrata import Memory
from memstrata.filter import parse
from memstrata.recall.search import Query, Retriever
from memstrata.store.postgres.store import PostgresStore

NOW = datetime(2024, 6, 1, tzinfo=UTC)
QUESTIONS = ["who fixed the bike?", "what did we cook on Friday", "我们买了什么？", "any restaurant tips"]


def _hits(memory: Memory, question: str, where: str | None = None) -> list[tuple[str, int, float]]:
    # The Retriever, not Memory.search: a search counts its facts' recalls, which moves later scores.
    query = Query(question, memory.scope, filter=None if where is None else parse(where))
    found = Retriever(memory.store, memory.embedder, memory.settings).search(query, now=NOW)
    return [(h.kind, h.id, h.score) for h in found]


def test_postgres_vector_lookups_run_beside_the_caller_with_the_same_hits(
        pg_url: Callable[[], str], embedder: Any) -> None:
    said = ["My sister fixed the old bike yesterday.", "We cooked a sushi dinner on Friday.",
            "我们买了一台二手相机。", "The new bakery downtown is a great restaurant tip.",
            "I prefer FedEx for delivery.", "I like jasmine tea."]
    with Memory(pg_url(), embedder=embedder, user_id="ann") as memory:
        for i, text in enumerate(said * 3):
            memory.add(f"{text} ({i})", session_id=f"s{i // 4}", created_at=datetime(2024, 5, 1 + i, tzinfo=UTC),
                       metadata={"n": i % 2})
        store = memory.store
        assert isinstance(store, PostgresStore) and store.capabilities.parallel_reads
        assert store.capabilities.split_vector_reads
        seen: list[tuple[str, str]] = []
        for name in ("nearest_segments", "nearest_scope_facts"):
            real: Callable[..., Any] = getattr(store, name)

            def noted(*args: Any, _real: Callable[..., Any] = real, _name: str = name, **kwargs: Any) -> Any:
                seen.append((_name, threading.current_thread().name.split("_")[0]))
                return _real(*args, **kwargs)
            setattr(store, name, noted)
        asked = [(q, where) for q in QUESTIONS for where in (None, "metadata.n = 1")]
        split = [_hits(memory, q, where) for q, where in asked]
        assert sorted(set(seen)) == [("nearest_scope_facts", "memstrata-fact-vectors"),
                                     ("nearest_segments", "memstrata-vectors")]
        assert len(seen) == 2 * len(asked)
        store.capabilities = replace(store.capabilities, split_vector_reads=False)
        seen.clear()
        beside = [_hits(memory, q, where) for q, where in asked]
        assert len(seen) == 2 * len(asked) and {t for _, t in seen} == {"memstrata-vectors"}
        store.capabilities = replace(store.capabilities, parallel_reads=False)
        seen.clear()
        in_order = [_hits(memory, q, where) for q, where in asked]
        assert {t for _, t in seen} == {threading.current_thread().name}
        assert split == beside == in_order and all(found for found in beside)
