"""Store safety on SQLite and PostgreSQL: PostgreSQL takes every search ``limit`` SQLite takes,
time travel applies a TTL as it stood then, and a closed ``Memory`` raises memstrata's own error."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.errors import MemoryClosed, StoreError
from memstrata.memory import MAX_LIMIT

OpenAt = Callable[[], Memory]


@pytest.fixture(params=["sqlite", "postgres"])
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OpenAt]:
    """``fresh()``: a new, empty database of user alice on the parametrized backend."""
    opened: list[Memory] = []

    def make() -> Memory:
        where = request.getfixturevalue("pg_url")() if request.param == "postgres" else tmp_path / f"{len(opened)}.db"
        opened.append(Memory(where, embedder=HashingEmbedder(dim=64), user_id="alice"))
        return opened[-1]
    yield make
    for memory in opened:
        memory.close()


def test_every_limit_sqlite_takes_is_taken(fresh: OpenAt) -> None:
    memory = fresh()
    for text in ("I'm allergic to peanuts", "Peanut butter is my weakness", "I live in Norway."):
        memory.add(text)
    for limit in (333, 334, 400, MAX_LIMIT):  # 334 x 3 candidates was hnsw.ef_search 1002 on PostgreSQL
        hits = memory.search("peanuts", limit=limit)
        assert 2 <= len(hits) <= limit and "peanut" in hits[0].text.lower(), (limit, hits)


def test_time_travel_applies_a_ttl_as_it_stood_then(fresh: OpenAt) -> None:
    source = fresh()
    source.add("Meet me at the Oslo office this month", ttl=3600)
    records = [r for r in source.export() if r["type"] == "episode"]
    for record in records:  # said on 10 January 2026, to be forgotten on 1 March 2099 (a restore skips
        # a record already expired: it is forgotten, as after the sweep)
        record.update(created_at="2026-01-10T09:00:00.000000Z", expires_at="2099-03-01T00:00:00.000000Z")
    memory = fresh()
    memory.import_records(records)

    def found(as_of: datetime | None, now: datetime | None = None) -> list[str]:
        return [h.text for h in memory.search("Oslo office", kinds=["episode"], as_of=as_of, now=now)]

    said = ["Meet me at the Oslo office this month"]
    assert found(datetime(2026, 2, 1, tzinfo=UTC)) == said
    assert found(datetime(2099, 3, 2, tzinfo=UTC), now=datetime(2099, 3, 3, tzinfo=UTC)) == []  # expired by then
    assert found(datetime(2099, 2, 1, tzinfo=UTC), now=datetime(2099, 3, 3, tzinfo=UTC)) == said  # not yet then
    assert found(datetime(2026, 1, 9, tzinfo=UTC)) == []  # not said yet
    assert found(None) == said
    assert found(None, now=datetime(2099, 3, 2, tzinfo=UTC)) == []


def test_a_closed_memory_raises_memory_closed(fresh: OpenAt) -> None:
    memory = fresh()
    memory.add("I like tea")
    memory.close()
    for use in (lambda: memory.add("I like coffee"), lambda: memory.search("tea"),
                lambda: memory.list(), lambda: memory.forget(user_id="alice")):
        with pytest.raises(MemoryClosed) as closed:
            use()
        assert isinstance(closed.value, StoreError) and closed.value.code == "memory_closed"
        assert "closed" in str(closed.value)
    memory.close()  # closing twice is harmless
