"""Moving a whole SQLite database to PostgreSQL (a fresh-user trial, T2: the README gave no
route, ``export`` was per user): ``export_all`` of every tenant, user and agent, then
``import_records`` into an empty PostgreSQL schema gives back the same records, and the moved
memory works (search, supersede on top of the moved history). Real SQLite file, real server."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import InvalidInput, Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.types import Fact

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _stock(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery", user_id="alice", created_at=T0)
    memory.add("Actually, make it FedEx", user_id="alice", created_at=T0 + timedelta(days=1))
    memory.add("我对花生过敏", user_id="bob", session_id="s1", created_at=T0)
    memory.add("I like tea", user_id="carol", agent_id="helper", org_id="acme", project_id="p1", created_at=T0)


def _canonical(records: list[dict[str, object]]) -> list[str]:
    # ``ingested_at`` / ``updated_at`` are when the row was written here, not part of the memory.
    return sorted(json.dumps({k: v for k, v in r.items() if k not in ("ingested_at", "updated_at")},
                             sort_keys=True, ensure_ascii=False) for r in records)


def test_a_whole_sqlite_database_moves_to_postgres(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    embedder = HashingEmbedder(dim=64)
    with Memory(tmp_path / "m.db", embedder=embedder) as source:
        _stock(source)
        records = list(source.export_all())
    assert {(r["scope"]["org_id"], r["scope"]["user_id"]) for r in records  # type: ignore[index]
            if r["type"] == "episode"} == {("default", "alice"), ("default", "bob"), ("acme", "carol")}
    with Memory(pg_url(), embedder=embedder) as target:
        counts = target.import_records(records)
        assert counts == {"episodes": 4, "facts": 4, "events": 5}
        assert _canonical(list(target.export_all())) == _canonical(records)
        assert [f.value for f in target.list(user_id="alice") if isinstance(f, Fact)] == ["FedEx"]
        assert [h.text for h in target.search("过敏", user_id="bob", kinds=("fact",))] != []
        # the moved history carries on: a new value supersedes the moved one
        [change] = target.add("I prefer DHL for delivery", user_id="alice").facts
        assert [p.value for p in change.previous] == ["FedEx"]


def test_restoring_over_another_databases_ids_names_the_way_out(tmp_path: Path) -> None:
    embedder = HashingEmbedder(dim=64)
    with Memory(tmp_path / "a.db", embedder=embedder) as source:
        _stock(source)
        records = list(source.export_all())
    with Memory(tmp_path / "b.db", embedder=embedder) as other:
        other.add("I live in Berlin", user_id="dave")
        with pytest.raises(InvalidInput, match="into an empty database"):
            other.import_records(records)
        assert [f.value for f in other.list(user_id="dave") if isinstance(f, Fact)] == ["Berlin"]
        assert other.list(user_id="alice") == []  # nothing of the refused batch was written
