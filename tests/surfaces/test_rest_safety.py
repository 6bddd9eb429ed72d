"""REST safety over real HTTP, on SQLite and on PostgreSQL (one ``memstrata serve`` per backend
for the module): an import never answers about another tenant's forgotten ids, and an import
within the tenant still refuses them; ``/metrics`` needs the admin or the metrics key when keys
are required; the admin deletes a whole project, with a receipt, and its keys stop working."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from serverproc import ADMIN_KEY, Server, start_server

MODEL = "hashing-64"
METRICS_KEY = "metrics-only-key-0123456789abcdef"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A keyed server (admin key) on a fresh SQLite file or PostgreSQL schema."""
    url = request.getfixturevalue("pg_url")() if request.param == "postgres" else None
    started = start_server(tmp_path_factory.mktemp(f"safety-{request.param}"), database_url=url,
                           MEMSTRATA_ADMIN_KEY=ADMIN_KEY, MEMSTRATA_METRICS_KEY=METRICS_KEY,
                           MEMSTRATA_EMBEDDING_MODEL=MODEL)
    yield started
    started.stop()


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture(scope="module")
def key_for(server: Server) -> Callable[..., str]:
    """``key_for(org, project, user=None)``: a new API key bound to that tenant (and user)."""
    def make(org: str, project: str, user: str | None = None) -> str:
        with server.client(ADMIN_KEY) as admin:
            return str(_ok(admin.post("/v1/keys", json={"org_id": org, "project_id": project,
                                                        "user_id": user}))["secret"])
    return make


def _forgotten_episode(server: Server, key: str) -> dict[str, Any]:
    """alice of the key's tenant says where she lives, exports it, and forgets it: the exported record."""
    with server.client(key) as client:
        _ok(client.post("/v1/messages", json={"user_id": "alice", "messages": [{"content": "I live in Norway."}]}))
        lines = client.get("/v1/export", params={"user_id": "alice"}).text.splitlines()
        record = next(json.loads(line) for line in lines if json.loads(line)["type"] == "episode")
        _ok(client.post("/v1/forget", json={"user_id": "alice", "episode_id": record["id"]}))
    return record


def test_import_never_answers_about_another_tenants_forgotten_ids(server: Server, key_for: Callable[..., str]) -> None:
    record = _forgotten_episode(server, key_for("acme", "support"))
    with server.client(key_for("other", "p")) as probe:
        answer = _ok(probe.post("/v1/import", json={"records": [record]}))
        stored = _ok(probe.get("/v1/episodes", params={"user_id": "alice"}))["items"]
    # not "forgotten": [N] (acme's alice forgot N); the record is another tenant's export, moved in as new
    assert answer["forgotten"] == [] and "forgotten" not in (answer["note"] or ""), answer
    assert answer["added"] == 1 and answer["moved"] == {"acme/support": 1}, answer
    assert [e["content"] for e in stored] == ["I live in Norway."] and stored[0]["id"] != record["id"]


def test_import_within_the_tenant_still_refuses_its_forgotten_ids(server: Server, key_for: Callable[..., str]) -> None:
    key = key_for("acme2", "support")
    record = _forgotten_episode(server, key)
    with server.client(key) as client:
        answer = _ok(client.post("/v1/import", json={"records": [record]}))
        stored = _ok(client.get("/v1/episodes", params={"user_id": "alice"}))["items"]
    assert answer["forgotten"] == [record["id"]] and answer["added"] == 0, answer
    assert stored == []



def test_metrics_need_the_admin_or_the_metrics_key(server: Server, key_for: Callable[..., str]) -> None:
    tenant = key_for("acme3", "support")
    with server.client() as anonymous:
        missing = anonymous.get("/metrics")
    with server.client(tenant) as client:
        refused = client.get("/metrics")
    with server.client(METRICS_KEY) as scraper:
        scraped = scraper.get("/metrics")
        elsewhere = scraper.get("/v1/facts", params={"user_id": "alice"})
    with server.client(ADMIN_KEY) as admin:
        assert admin.get("/metrics").status_code == 200
    assert (missing.status_code, missing.json()["error"]["code"]) == (401, "missing_api_key")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "metrics_key_required")
    assert scraped.status_code == 200 and "memstrata_http_requests_total" in scraped.text
    assert elsewhere.status_code == 401  # the metrics key reads nothing else


def test_admin_deletes_a_project_with_a_receipt_and_its_keys_stop(server: Server, key_for: Callable[..., str]) -> None:
    doomed, kept = key_for("acme4", "gone"), key_for("acme4", "kept")
    for key in (doomed, kept):
        with server.client(key) as client:
            _ok(client.post("/v1/messages", json={"user_id": "alice", "messages": [
                {"content": "I live in Norway."}, {"content": "I'm allergic to peanuts"}]}))
    with server.client(doomed) as client:
        refused = client.delete("/v1/projects/gone")  # a tenant key may not
    with server.client(ADMIN_KEY) as admin:
        receipt = _ok(admin.delete("/v1/projects/gone", params={"org_id": "acme4"}))
        mistyped = _ok(admin.delete("/v1/projects/gnoe", params={"org_id": "acme4"}))
        left = _ok(admin.get("/v1/episodes", params={"org_id": "acme4", "project_id": "gone", "user_id": "alice"}))
        other = _ok(admin.get("/v1/episodes", params={"org_id": "acme4", "project_id": "kept", "user_id": "alice"}))
    with server.client(doomed) as client:
        after = client.get("/v1/episodes", params={"user_id": "alice"})
    assert refused.status_code == 403
    assert receipt["counts"]["episodes"] == 2 and receipt["counts"]["api_keys_revoked"] == 1, receipt
    assert receipt["status"] == "done" and len(receipt["ids_sha256"]) == 64 and receipt["nonce"]
    assert left["items"] == [] and len(other["items"]) == 2
    assert receipt["note"] is None  # a mistyped project said nothing, as if done
    assert mistyped["note"] == "nothing is stored in acme4/gnoe; check the project in the path (and org_id)"
    assert after.status_code == 401 and after.json()["error"]["code"] == "invalid_api_key"


def test_no_answer_holding_memories_may_be_kept_by_a_cache(server: Server, key_for: Callable[..., str]) -> None:
    # A browser or proxy that kept GET /v1/export or /v1/facts would show a memory again after its forget.
    key = key_for("cacheorg", "p")
    with server.client(key) as client:
        added = _ok(client.post("/v1/messages", json={"user_id": "alice", "messages": [
            {"content": "I'm allergic to peanuts"}]}))["results"][0]
        answers = [client.get("/v1/export", params={"user_id": "alice"}),
                   client.get("/v1/facts", params={"user_id": "alice"}),
                   client.get(f"/v1/episodes/{added['episode_id']}", params={"user_id": "alice"}),
                   client.post("/v1/search", json={"user_id": "alice", "query": "peanuts"}),
                   client.get("/v1/facts/999999", params={"user_id": "alice"})]  # an error answer too
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 404]
    assert [a.headers.get("cache-control") for a in answers] == ["no-store"] * len(answers)


def test_a_server_without_keys_answers_only_its_own_and_loopback_names(open_server: Server,
                                                                       keyed_server: Server) -> None:
    """A page of evil.example whose name then points at 127.0.0.1 (DNS rebinding) read users' memories
    and forgot them through ``memstrata serve`` without keys: its ``Host`` is now refused, as MCP's is."""
    port = open_server.url.rsplit(":", 1)[1]
    evil = {"Host": f"evil.example:{port}"}
    with open_server.client() as client:
        added = client.post("/v1/messages", json={"user_id": "rebound", "messages": [{"content": "I like tea"}]})
        assert added.status_code == 200, added.text
        read = client.get("/v1/facts", params={"user_id": "rebound"}, headers=evil)
        forgot = client.post("/v1/forget", json={"user_id": "rebound"}, headers=evil)
        named = {name: client.get("/v1/facts", params={"user_id": "rebound"}, headers={"Host": f"{name}:{port}"})
                 for name in ("localhost", "127.0.0.1", "[::1]")}
    for answer in (read, forgot):  # both were 200
        assert answer.status_code == 421, answer.text
        assert answer.json()["error"]["code"] == "invalid_host", answer.text
    assert {name: a.status_code for name, a in named.items()} == dict.fromkeys(named, 200)
    assert named["localhost"].json()["items"], named["localhost"].text  # nothing was forgotten
    # with keys, any name: the page has no key to send, and such a server is reached under names of its own
    with keyed_server.client() as client:
        assert client.get("/v1/facts", params={"user_id": "x"}, headers=evil).status_code == 401
    with keyed_server.client(ADMIN_KEY) as client:
        assert client.get("/v1/facts", params={"user_id": "x"}, headers=evil).status_code == 200
