"""The durable extraction queue on a real SQLite file: flush policy, backoff, leases, stale
claims, and a batch that kills its workers ending up 'failed' instead of looping."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memstrata.clock import utcnow
from memstrata.config import SemanticSettings
from memstrata.store.sqlite.queue import ExtractionQueue, StaleClaim
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.types import Scope

SESSION = Scope("default", "default", "u1", None, "s1")


def _store_with_episodes(path: Path, n: int) -> tuple[SQLiteStore, list[int]]:
    store = SQLiteStore(path)
    ids = []
    now = utcnow()
    with store.db.write() as conn:
        for i in range(n):
            eid, _ = store.insert_episode(conn, scope=SESSION, role="user", content=f"message {i}", created_at=now,
                                          producer_id=None, produced_for_id=None, content_type="message",
                                          metadata={}, now=now)
            ExtractionQueue.enqueue(conn, episode_id=eid, scope=SESSION, now=now)
            ExtractionQueue.enqueue(conn, episode_id=eid, scope=SESSION, now=now)  # idempotent per episode
            ids.append(eid)
    return store, ids


def test_backoff_lease_and_stale_claim(db_path: Path) -> None:
    policy = SemanticSettings(flush_every=2, retry_backoff_s=10, lease_s=60, max_attempts=3)
    store, ids = _store_with_episodes(db_path, 2)
    queue = ExtractionQueue(store.db, policy)
    now = utcnow()
    batch = queue.claim(now=now)
    assert batch is not None and batch.episode_ids == tuple(ids) and batch.attempts == 1
    assert queue.claim(now=now) is None  # claimed: nobody else gets it while the lease holds
    assert queue.fail(batch, "LLMError: boom", now=now) == "pending"
    assert queue.claim(now=now + timedelta(seconds=9)) is None  # backoff 10 s * 2**0
    again = queue.claim(now=now + timedelta(seconds=11))
    assert again is not None and again.attempts == 2
    # the worker holding `again` stalls past its lease; another takes the items over
    takeover = queue.claim(now=now + timedelta(seconds=11 + 61))
    assert takeover is not None and takeover.attempts == 3
    with pytest.raises(StaleClaim), store.db.write() as conn:
        ExtractionQueue.finish(conn, again, now=now)
    with store.db.write() as conn:
        ExtractionQueue.finish(conn, takeover, now=now)
    status = queue.status()
    assert (status.done, status.pending, status.running) == (2, 0, 0)
    assert status.last_error is None  # cleared on success
    store.close()


def test_a_batch_that_kills_its_workers_ends_failed(db_path: Path) -> None:
    policy = SemanticSettings(flush_every=1, lease_s=1, max_attempts=3)
    store, _ = _store_with_episodes(db_path, 1)
    queue = ExtractionQueue(store.db, policy)
    t = utcnow()
    for n in range(3):  # three workers claim it and die (the lease runs out each time)
        assert queue.claim(now=t + timedelta(seconds=2 * n)) is not None
    assert queue.claim(now=t + timedelta(seconds=10)) is None
    status = queue.status()
    assert status.failed == 1 and status.last_error is not None and "never finished" in status.last_error
    assert queue.retry_failed() == 1 and queue.claim(now=t + timedelta(seconds=11)) is not None
    store.close()


def test_flush_request_makes_a_small_session_ready(db_path: Path) -> None:
    store, _ = _store_with_episodes(db_path, 1)
    queue = ExtractionQueue(store.db, SemanticSettings(flush_every=5, flush_idle_s=3600))
    assert queue.claim(now=utcnow()) is None
    assert queue.request_flush(SESSION) == 1
    assert queue.claim(now=utcnow()) is not None
    store.close()
