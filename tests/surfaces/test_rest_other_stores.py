"""The REST app over a store that keeps no API keys (the in-memory ``ReferenceStore``; SQLite and
PostgreSQL keep them, see ``test_serve_postgres``): memories work, only the admin key authenticates, key management
answers 501, and nothing answers 500. In-process (``TestClient``) because the reference store
lives in one process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from memstrata import HashingEmbedder, Memory
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig
from memstrata.store.reference import ReferenceStore

ADMIN = "admin-key-for-the-reference-store-0123"


@pytest.fixture
def client() -> Iterator[TestClient]:
    memory = Memory(store=ReferenceStore(), embedder=HashingEmbedder(dim=64))
    with TestClient(create_app(ServerConfig(admin_key=ADMIN), memory=memory)) as c:
        yield c
    memory.close()


def test_admin_key_works_and_stored_keys_are_not_supported(client: TestClient) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    added = client.post("/v1/messages", headers=admin, json={"user_id": "u", "messages": [
        {"content": "From now on ship with FedEx"}]})
    assert added.status_code == 200, added.text
    hits = client.post("/v1/search", headers=admin, json={"user_id": "u", "query": "FedEx"}).json()["hits"]
    assert hits and hits[0]["scope"]["user_id"] == "u"
    assert client.get("/metrics", headers=admin).status_code == 200
    assert client.get("/metrics").json()["error"]["code"] == "missing_api_key"
    made = client.post("/v1/keys", headers=admin, json={"org_id": "o", "project_id": "p"})
    assert made.status_code == 501 and made.json()["error"]["code"] == "not_supported"
    assert client.get("/v1/facts", params={"user_id": "u"}).json()["error"]["code"] == "missing_api_key"
    forged = client.get("/v1/facts", params={"user_id": "u"},
                        headers={"Authorization": "Bearer msk_0123456789abcdef_x"})
    assert forged.status_code == 401 and forged.json()["error"]["code"] == "invalid_api_key"


def test_the_inspector_delete_page_opens_on_a_store_that_cannot_forget_messages(client: TestClient) -> None:
    # the page previews what its "also forget the messages" box takes (Memory.delete_preview), which
    # needs forget jobs: here it lists no fact instead of failing the whole page
    admin = {"Authorization": f"Bearer {ADMIN}"}
    added = client.post("/v1/messages", headers=admin, json={"user_id": "u", "wait": True, "messages": [
        {"content": "I'm allergic to peanuts and I ship with FedEx"}]})
    assert added.status_code == 200, added.text
    allergy = next(c["fact"]["id"] for c in added.json()["results"][0]["facts"]
                   if c["fact"]["key"] == "health.allergy")
    page = client.get("/ui/delete", headers=admin, params={"user": "u", "fact": allergy})
    assert page.status_code == 200, page.text[:300]
    assert 'id="confirm-delete"' in page.text and 'id="delete-also"' not in page.text
    done = client.post("/ui/delete", headers=admin, data={"user": "u", "fact": str(allergy)})
    assert done.status_code == 200, done.text[:300]
    assert [f["key"] for f in client.get("/v1/facts", headers=admin, params={"user_id": "u"}).json()["items"]] == \
        ["shipping.carrier"]
