"""A search on a store declaring ``Capabilities.parallel_reads`` (PostgreSQL) runs its vector
look-ups in the thread beside the caller (``recall.beside.VECTORS``) while the caller runs the full-text
lists: the same hits as run in order, the vector thread's errors raised in the caller, and a search
that finds the thread taken runs its look-ups itself. Checked on a real SQLite store with the
capability switched on (SQLite itself declares it off: one thread per search won on a busy machine);
real model."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from memstrata import Memory
from memstrata.errors import StoreError
from memstrata.recall import beside
from memstrata.recall.search import Query, Retriever

NOW = datetime(2024, 6, 1, tzinfo=UTC)
QUESTIONS = ["who fixed the bike?", "what did we cook on Friday", "我们买了什么？", "any restaurant tips"]


def fill(memory: Memory) -> None:
    memory.store.capabilities = replace(memory.store.capabilities, parallel_reads=True)  # type: ignore[misc]
    said = ["My sister fixed the old bike yesterday.", "We cooked a sushi dinner on Friday.",
            "我们买了一台二手相机。", "The new bakery downtown is a great restaurant tip.",
            "I prefer FedEx for delivery.", "I like jasmine tea."]
    for i, text in enumerate(said * 3):
        memory.add(f"{text} ({i})", session_id=f"s{i // 4}", created_at=datetime(2024, 5, 1 + i, tzinfo=UTC))


def threads_of(memory: Memory) -> list[str]:
    """Wrap the store's vector look-ups (the real ones still run) to note the thread each ran in."""
    seen: list[str] = []
    for name in ("nearest_segments", "nearest_scope_facts"):
        real: Callable[..., Any] = getattr(memory.store, name)

        def noted(*args: Any, _real: Callable[..., Any] = real, **kwargs: Any) -> Any:
            seen.append(threading.current_thread().name)
            return _real(*args, **kwargs)
        setattr(memory.store, name, noted)
    return seen


def hits(memory: Memory, question: str) -> list[tuple[str, int, float]]:
    # The Retriever, not Memory.search: a search counts its facts' recalls, which moves later scores.
    found = Retriever(memory.store, memory.embedder, memory.settings).search(Query(question, memory.scope), now=NOW)
    return [(h.kind, h.id, h.score) for h in found]


def test_vector_lookups_run_beside_the_caller_with_the_same_hits(memory: Memory) -> None:
    fill(memory)
    seen = threads_of(memory)
    beside = [hits(memory, q) for q in QUESTIONS]
    assert len(seen) == 2 * len(QUESTIONS) and all(t.startswith("memstrata-vectors") for t in seen)
    memory.store.capabilities = replace(memory.store.capabilities, parallel_reads=False)  # type: ignore[misc]
    seen.clear()
    in_order = [hits(memory, q) for q in QUESTIONS]
    assert seen == [threading.current_thread().name] * (2 * len(QUESTIONS))
    assert beside == in_order and all(found for found in beside)


def test_a_search_finding_the_vector_thread_taken_runs_its_lookups_itself(memory: Memory) -> None:
    fill(memory)
    seen = threads_of(memory)
    expected = hits(memory, QUESTIONS[0])
    assert beside.VECTORS_FREE.acquire(timeout=5)  # another search holds the thread
    try:
        seen.clear()
        assert hits(memory, QUESTIONS[0]) == expected
        assert seen == [threading.current_thread().name] * 2
    finally:
        beside.VECTORS_FREE.release()


def test_an_error_in_the_vector_thread_is_raised_in_the_caller(memory: Memory) -> None:
    fill(memory)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise StoreError("vector copy unreadable")
    real = memory.store.nearest_segments
    memory.store.nearest_segments = broken  # type: ignore[method-assign]
    with pytest.raises(StoreError, match="vector copy unreadable"):
        memory.search(QUESTIONS[0])
    memory.store.nearest_segments = real  # type: ignore[method-assign]
    assert memory.search(QUESTIONS[0])  # the thread was given back
    assert beside.VECTORS_FREE.acquire(blocking=False)
    beside.VECTORS_FREE.release()


def test_sqlite_searches_in_the_calling_thread_alone(memory: Memory) -> None:
    fill(memory)
    memory.store.capabilities = type(memory.store).capabilities  # type: ignore[misc]  # SQLite's own declaration
    seen = threads_of(memory)
    assert hits(memory, QUESTIONS[0])
    assert seen == [threading.current_thread().name] * 2
