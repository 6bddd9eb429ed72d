"""Idempotency keys on the stores that keep them (SQLite file, real PostgreSQL): a retried
write without ``created_at`` (stamped anew each time) is stored once and answered with the first
result, also after the database is reopened and when twins race from several connections; a
key reused for other messages is refused; one user's key never answers another user
(without a key a retried POST is stored twice)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from conftest import DIM, OpenMemory
from memstrata import HashingEmbedder, InvalidInput, Memory, StoreError
from memstrata.write.idempotency import IdempotencyKeyReused
from memstrata.write.ingest import AddResult


def _episodes(memory: Memory, user: str) -> list[str]:
    return [e.content for e in memory.list(kind="episode", user_id=user, limit=100)]  # type: ignore[union-attr]


def test_a_retry_with_the_key_returns_the_first_result_and_stores_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    if memory.store.capabilities.maintenance is False:  # the in-memory reference store keeps no keys
        with pytest.raises(StoreError, match="idempotency keys"):
            memory.add("I prefer UPS for delivery", idempotency_key="k1")
        return
    first = memory.add("I prefer UPS for delivery", idempotency_key="k1")
    again = memory.add("I prefer UPS for delivery", idempotency_key="k1")
    assert first.created and not first.replayed and again.replayed
    assert (again.episode_id, again.created, again.segments) == (first.episode_id, True, first.segments)
    assert [(c.action, c.fact.id, c.fact.value) for c in again.facts] == [
        (c.action, c.fact.id, c.fact.value) for c in first.facts]
    assert _episodes(memory, "u") == ["I prefer UPS for delivery"]
    # without a key the same text is a new message (its time is now), as before
    assert memory.add("I prefer UPS for delivery").created
    # the same key for other messages is refused; for another user it is that user's own key
    with pytest.raises(IdempotencyKeyReused, match="different request"):
        memory.add("I prefer DHL for delivery", idempotency_key="k1")
    other = memory.add("I prefer UPS for delivery", idempotency_key="k1", user_id="v")
    assert other.created and not other.replayed and other.episode_id != first.episode_id
    # a batch is one request: replayed whole
    batch = [memory.message("I like tea"), memory.message("I live in Berlin")]
    stored = memory.add_many(batch, idempotency_key="batch-1")
    retried = memory.add_many([memory.message("I like tea"), memory.message("I live in Berlin")],
                              idempotency_key="batch-1")
    assert [r.episode_id for r in retried] == [r.episode_id for r in stored] and all(r.replayed for r in retried)
    assert sorted(_episodes(memory, "u")) == sorted(["I prefer UPS for delivery"] * 2 + ["I like tea",
                                                                                          "I live in Berlin"])
    for bad in ("", "x" * 256, "naïve", "tab\there"):
        with pytest.raises(InvalidInput, match="idempotency_key"):
            memory.add("I like tea", idempotency_key=bad)


def _race(location: str, twins: int = 4) -> list[AddResult]:
    """``twins`` connections send one request with one key at the same moment."""
    gate = threading.Barrier(twins)
    results: list[AddResult] = []
    errors: list[BaseException] = []

    def send() -> None:
        try:
            with Memory(location, embedder=HashingEmbedder(dim=DIM), user_id="w") as twin:
                message = twin.message("I prefer FedEx for delivery")
                gate.wait()
                results.append(twin.add_many([message], idempotency_key="race")[0])
        except BaseException as exc:  # pragma: no cover - reported by the assertion below
            errors.append(exc)
    threads = [threading.Thread(target=send) for _ in range(twins)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_key_survives_reopening_and_racing_twins(backend: str, tmp_path: Path,
                                                      request: pytest.FixtureRequest) -> None:
    location = str(tmp_path / "m.db") if backend == "sqlite" else request.getfixturevalue("pg_url")()
    with Memory(location, embedder=HashingEmbedder(dim=DIM), user_id="u") as memory:
        first = memory.add("I am allergic to peanuts", idempotency_key="req-7")
    with Memory(location, embedder=HashingEmbedder(dim=DIM), user_id="u") as reopened:
        again = reopened.add("I am allergic to peanuts", idempotency_key="req-7")
        assert again.replayed and again.episode_id == first.episode_id
        assert _episodes(reopened, "u") == ["I am allergic to peanuts"]
    # one stores it (the key commits with the messages), the others are rolled back and answer alike
    results = _race(location)
    assert len({r.episode_id for r in results}) == 1 and sum(not r.replayed for r in results) == 1
    with Memory(location, embedder=HashingEmbedder(dim=DIM), user_id="w") as check:
        assert _episodes(check, "w") == ["I prefer FedEx for delivery"]
        assert [f.value for f in check.list()] == ["FedEx"]  # type: ignore[union-attr]
