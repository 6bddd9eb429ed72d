"""What a store declares in its ``Capabilities`` it offers, on every store: a SQL store keeps
meta values, says how it scrubs, and its ``db.address`` opens the same data from a second
connection (the in-memory store has none); ``snapshot`` wraps reads on every store."""

from __future__ import annotations

from typing import cast

from conftest import START, OpenMemory
from memstrata.store.backends import open_store
from memstrata.store.protocol import ScrubbingStore


def test_declared_abilities_are_offered(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u1")
    store = memory.store
    caps = store.capabilities
    added = memory.add("I prefer UPS for delivery", created_at=START)
    with store.snapshot():  # every store offers it; the reads inside see the stored episode
        assert [e.id for e in store.list_episodes(memory.scope, limit=5)] == [added.episode_id]
    assert (store.db.address is None) == (not caps.sql)
    if caps.sql:
        assert cast(ScrubbingStore, store).scrub_posture()
        with store.db.write() as conn:
            store.set_meta(conn, "declared_abilities_probe", "1")
        # a second connection, as the background forgetter opens one, sees the same data
        address = store.db.address
        assert address is not None
        other = open_store(address)
        try:
            assert other.get_meta("declared_abilities_probe") == "1"
            assert [e.id for e in other.list_episodes(memory.scope, limit=5)] == [added.episode_id]
        finally:
            other.close()
