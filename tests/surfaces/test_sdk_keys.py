"""The SDK manages the REST server's API keys as ``memstrata keys`` does: ``Memory.keys.create``,
``list`` and ``revoke`` (``lifecycle.keys``), on the database the server serves. A key made in
Python opens the real server over HTTP for its tenant only, and revoking it in Python shuts the
next request out. A blank key id is refused naming ``key_id`` and revokes nothing; a store that
keeps no keys says so. Before, the SDK had no documented key call (only the server's raw
``api_keys`` table, ``None`` on the reference store), while the CLI and REST managed keys.

Real SQLite files, a real ``memstrata serve`` process over HTTP, the CLI in process."""

from __future__ import annotations

from pathlib import Path
from typing import get_type_hints

import pytest
from serverproc import start_server

from clirun import cli
from memstrata import HashingEmbedder, InvalidInput, Memory
from memstrata.errors import NotFound, StoreError
from memstrata.lifecycle.keys import ApiKeyAdmin
from memstrata.server.state import keys_of
from memstrata.store.reference import ReferenceStore

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def test_a_key_made_in_python_opens_the_server_and_revoking_it_shuts_it(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"  # the file start_server serves
    with Memory(db, embedder=HashingEmbedder(dim=64)) as memory:
        key, secret = memory.keys.create(org_id="acme", project_id="support", name="embedded")
        assert (key.org_id, key.project_id, key.user_id, key.name, key.active) == ("acme", "support", None,
                                                                                  "embedded", True)
        assert [k.key_id for k in memory.keys.list()] == [key.key_id]
    listed = cli("keys", "list", "--db", db, "--json", env=MODEL)
    assert [k["key_id"] for k in listed.json()] == [key.key_id]  # the CLI sees the same key
    server = start_server(tmp_path, **MODEL)
    try:
        owner = {"org_id": "acme", "project_id": "support", "user_id": "u1"}
        with server.client(secret) as client:
            stored = client.post("/v1/messages", json={**owner, "messages": [{"content": "I prefer UPS"}]})
            assert stored.status_code == 200, stored.text
            other = client.get("/v1/facts", params={**owner, "project_id": "sales"})
            assert other.status_code == 403 and other.json()["error"]["code"] == "scope_forbidden"
        with server.client() as anonymous:
            assert anonymous.get("/v1/facts", params=owner).status_code == 401
        with Memory(db, embedder=HashingEmbedder(dim=64)) as memory:
            revoked = memory.keys.revoke(key.key_id)
            assert revoked.revoked_at is not None and not revoked.active
        with server.client(secret) as client:
            shut = client.get("/v1/facts", params=owner)
            assert shut.status_code == 401 and shut.json()["error"]["code"] == "invalid_api_key", shut.text
    finally:
        server.stop()


def test_a_blank_or_unknown_key_id_revokes_nothing(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64)) as memory:
        memory.keys.create(org_id="acme", project_id="support")
        for blank in ("", "   "):
            with pytest.raises(InvalidInput) as refused:
                memory.keys.revoke(blank)
            assert refused.value.details() == {"field": "key_id"}
            assert str(refused.value).startswith("Memory.keys.revoke: key_id is ")
        with pytest.raises(InvalidInput) as typed:
            memory.keys.revoke(12)  # type: ignore[arg-type]
        assert typed.value.details() == {"field": "key_id"}
        with pytest.raises(NotFound, match="no API key 'nope'"):
            memory.keys.revoke("nope")
        assert [k.active for k in memory.keys.list()] == [True]
        with pytest.raises(InvalidInput, match="project_id"):
            memory.keys.create(org_id="acme", project_id=" ")
        assert len(memory.keys.list()) == 1


def test_a_store_without_keys_says_so() -> None:
    with Memory(store=ReferenceStore(), embedder=HashingEmbedder(dim=64)) as memory:
        for call in (memory.keys.list, lambda: memory.keys.create(org_id="a", project_id="b")):
            with pytest.raises(StoreError, match=r"keeps no API keys .* MEMSTRATA_ADMIN_KEY"):
                call()


def test_rest_key_routes_share_memory_keys(tmp_path: Path) -> None:
    """``/v1/keys`` creates, lists and revokes through ``Memory.keys`` (the door's one path,
    ``server.state.keys_of``), and what it does is what ``Memory.keys`` then reads in the file."""
    assert get_type_hints(keys_of)["return"] is ApiKeyAdmin
    admin_key = "admin-key-for-the-keys-routes-0123"
    server = start_server(tmp_path, MEMSTRATA_ADMIN_KEY=admin_key, **MODEL)
    try:
        with server.client(admin_key) as client:
            made = client.post("/v1/keys", json={"org_id": "acme", "project_id": "support", "name": "rest"})
            assert made.status_code == 200, made.text
            key_id = made.json()["key"]["key_id"]
            assert [k["key_id"] for k in client.get("/v1/keys").json()["keys"]] == [key_id]
            blank = client.delete("/v1/keys/%20")
            assert blank.status_code == 422 and blank.json()["error"]["details"] == {"field": "key_id"}
            assert client.delete(f"/v1/keys/{key_id}").json()["revoked_at"] is not None
    finally:
        server.stop()
    with Memory(tmp_path / "memory.db", embedder=HashingEmbedder(dim=64)) as memory:
        assert [(k.key_id, k.name, k.active) for k in memory.keys.list()] == [(key_id, "rest", False)]
