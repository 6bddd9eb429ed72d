"""Moving a whole SQLite database to PostgreSQL (docs/postgresql.md): ``export_all`` of every
tenant, user and agent, then ``import_records`` into an empty PostgreSQL schema gives back the
same records, and the moved memory works (search, supersede on top of the moved history). Real
SQLite file, real server."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import InvalidInput, Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.store.keys import stored_keys
from memstrata.store.protocol import KeyStore
from memstrata.types import Fact

START = datetime(2026, 1, 1, tzinfo=UTC)


def _stock(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery", user_id="alice", created_at=START)
    memory.add("Actually, make it FedEx", user_id="alice", created_at=START + timedelta(days=1))
    memory.add("我对花生过敏", user_id="bob", session_id="s1", created_at=START)
    memory.add("I like tea", user_id="carol", agent_id="helper", org_id="acme", project_id="p1", created_at=START)


def api_keys(memory: Memory) -> KeyStore:
    keys = stored_keys(memory.store)
    assert keys is not None
    return keys


def _canonical(records: list[dict[str, object]]) -> list[str]:
    # ``ingested_at`` / ``updated_at`` are when the row was written here, not part of the memory.
    return sorted(json.dumps({k: v for k, v in r.items() if k not in ("ingested_at", "updated_at")},
                             sort_keys=True, ensure_ascii=False) for r in records)


def test_a_whole_sqlite_database_moves_to_postgres(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    embedder = HashingEmbedder(dim=64)
    with Memory(tmp_path / "m.db", embedder=embedder) as source:
        _stock(source)
        keys = api_keys(source)
        _, tenant_secret = keys.create(org_id="acme", project_id="p1", name="mig")
        _, user_secret = keys.create(org_id="default", project_id="default", user_id="alice")
        gone, gone_secret = keys.create(org_id="acme", project_id="p1", name="old")
        keys.revoke(gone.key_id)
        records = list(source.export_all())
    assert {(r["scope"]["org_id"], r["scope"]["user_id"]) for r in records  # type: ignore[index]
            if r["type"] == "episode"} == {("default", "alice"), ("default", "bob"), ("acme", "carol")}
    # the keys travel as stored: hashes, never a secret (REST clients got 401 after the move)
    moved_keys = [r for r in records if r["type"] == "api_key"]
    assert len(moved_keys) == 3 and not any(s in json.dumps(records) for s in (tenant_secret, user_secret))
    with Memory(pg_url(), embedder=embedder) as target:
        counts = target.import_records(records)
        assert counts == {"episodes": 4, "facts": 4, "events": 5, "api_keys": 3, "skipped": []}
        assert _canonical(list(target.export_all())) == _canonical(records)
        moved = api_keys(target)
        tenant_key, user_key = moved.verify(tenant_secret), moved.verify(user_secret)
        assert tenant_key is not None and (tenant_key.org_id, tenant_key.project_id, tenant_key.name) == (
            "acme", "p1", "mig")
        assert user_key is not None and user_key.user_id == "alice"
        assert moved.verify(gone_secret) is None  # revoked there, revoked here
        assert target.import_records(records) == {"episodes": 0, "facts": 0, "events": 0, "api_keys": 0,
                                                  "skipped": []}
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
