"""The durable extraction queue on a real SQLite file and a real PostgreSQL database: flush
policy, backoff, leases, stale claims, and a batch that kills its workers ending up 'failed'
instead of looping."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from memstrata.clock import utcnow
from memstrata.config import SemanticSettings
from memstrata.store.queue import StaleClaim
from memstrata.store.semantic_store import SemanticStore
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.types import Scope

SESSION = Scope("default", "default", "u1", None, "s1")
OpenStore = Callable[[], SemanticStore]


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OpenStore]:
    """``open_store()``: another connection to one fresh database of the parametrized backend."""
    opened: list[SemanticStore] = []
    url = request.getfixturevalue("pg_url")() if request.param == "postgres" else None

    def make() -> SemanticStore:
        if url is not None:
            from memstrata.store.postgres.store import PostgresStore

            store: SemanticStore = PostgresStore(url)
        else:
            store = SQLiteStore(tmp_path / "memory.db")
        opened.append(store)
        return store
    yield make
    for store in opened:
        store.close()


def _store_with_episodes(open_store: OpenStore, n: int, policy: SemanticSettings,
                         scope: Scope = SESSION) -> tuple[SemanticStore, list[int]]:
    store = open_store()
    queue = store.extraction_queue(policy)
    ids = []
    now = utcnow()
    with store.db.write() as conn:
        for i in range(n):
            eid, _ = store.insert_episode(conn, scope=scope, role="user", content=f"message {i}", created_at=now,
                                          producer_id=None, produced_for_id=None, content_type="message",
                                          metadata={}, now=now)
            queue.enqueue(conn, episode_id=eid, scope=scope, now=now)
            queue.enqueue(conn, episode_id=eid, scope=scope, now=now)  # idempotent per episode
            ids.append(eid)
    return store, ids


def test_backoff_lease_and_stale_claim(open_store: OpenStore) -> None:
    policy = SemanticSettings(flush_every=2, retry_backoff_s=10, lease_s=60, max_attempts=3)
    store, ids = _store_with_episodes(open_store, 2, policy)
    queue = store.extraction_queue(policy)
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
        queue.finish(conn, again, now=now)
    with store.db.write() as conn:
        queue.finish(conn, takeover, now=now)
    status = queue.status()
    assert (status.done, status.pending, status.running) == (2, 0, 0)
    assert status.last_error is None  # cleared on success


def test_a_batch_that_kills_its_workers_ends_failed(open_store: OpenStore) -> None:
    policy = SemanticSettings(flush_every=1, lease_s=1, max_attempts=3)
    store, _ = _store_with_episodes(open_store, 1, policy)
    queue = store.extraction_queue(policy)
    t = utcnow()
    for n in range(3):  # three workers claim it and die (the lease runs out each time)
        assert queue.claim(now=t + timedelta(seconds=2 * n)) is not None
    assert queue.claim(now=t + timedelta(seconds=10)) is None
    status = queue.status()
    assert status.failed == 1 and status.last_error is not None and "never finished" in status.last_error
    assert queue.retry_failed() == 1 and queue.claim(now=t + timedelta(seconds=11)) is not None


def test_flush_request_makes_a_small_session_ready(open_store: OpenStore) -> None:
    policy = SemanticSettings(flush_every=5, flush_idle_s=3600)
    store, _ = _store_with_episodes(open_store, 1, policy)
    queue = store.extraction_queue(policy)
    assert queue.claim(now=utcnow()) is None
    assert queue.request_flush(SESSION) == 1
    assert queue.claim(now=utcnow()) is not None


def test_claims_from_two_connections_never_share_an_item(open_store: OpenStore) -> None:
    """Two stores (two pools on PostgreSQL, two connections to the file on SQLite) claiming in
    turn get disjoint batches, one session each, until the queue is empty."""
    policy = SemanticSettings(flush_every=1)
    sessions = [Scope("default", "default", "u1", None, f"s{n}") for n in range(6)]
    first = open_store()
    for scope in sessions:
        _store_with_episodes(lambda: first, 3, policy, scope)
    queues = [first.extraction_queue(policy), open_store().extraction_queue(policy)]
    claimed: list[Any] = []
    while (batch := queues[len(claimed) % 2].claim(now=utcnow())) is not None:
        claimed.append(batch)
    assert sorted(b.scope.session_id for b in claimed) == sorted(s.session_id for s in sessions)
    items = [i for b in claimed for i in b.item_ids]
    assert len(items) == len(set(items)) == 18


def test_postgres_claim_skips_rows_another_transaction_holds(pg_url: Callable[[], str]) -> None:
    """A claim meets rows locked by a transaction still in flight (another worker's claim or
    finish): it skips them without waiting (``SKIP LOCKED``) and takes the next ready session."""
    import threading

    import psycopg

    from memstrata.store.postgres.store import PostgresStore

    url = pg_url()
    policy = SemanticSettings(flush_every=1)
    store = PostgresStore(url)
    try:
        for session in ("s1", "s2"):
            _store_with_episodes(lambda: store, 2, policy, Scope("default", "default", "u1", None, session))
        queue = store.extraction_queue(policy)
        with psycopg.connect(url) as holder:  # a transaction holding s1's rows, as a claim in flight would
            holder.execute("SELECT id FROM extraction_queue WHERE session_id = 's1' FOR UPDATE")
            result: list[Any] = []
            claimer = threading.Thread(target=lambda: result.append(queue.claim(now=utcnow())))
            claimer.start()
            claimer.join(30)
            assert not claimer.is_alive(), "the claim waited for the locked rows instead of skipping them"
            assert result[0] is not None and result[0].scope.session_id == "s2"
            assert queue.claim(now=utcnow()) is None  # s1 still locked, s2 taken
            holder.rollback()
        after = queue.claim(now=utcnow())
        assert after is not None and after.scope.session_id == "s1" and len(after.item_ids) == 2
    finally:
        store.close()
