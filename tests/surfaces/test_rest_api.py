"""The REST API over real HTTP: a ``memstrata serve`` process, a real SQLite file, the real model.

Keys: the admin key (from the environment) creates key A (org1/projA), key B (org1/projB),
key AU (org1/projA, user alice only) and key C (org1/projC). Key A stores alice's and bob's
memories; then every route is called with key B (and AU) aiming at them, and must not
read, list, search, export, change or delete any of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from serverproc import ADMIN_KEY, Server

from clirun import cli

ALICE_MESSAGES = ["From now on ship with FedEx", "我以后都希望用顺丰，别放门口", "I'm allergic to peanuts"]


@dataclass
class World:
    server: Server
    keys: dict[str, str]
    key_ids: dict[str, str]
    fact_id: int
    bob_fact_id: int
    episode_id: int
    snapshot: dict[str, Any]
    event_id: int = 0


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def _error(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    assert "Traceback" not in response.text
    if code is not None:
        assert body["error"]["code"] == code, body
    return body["error"]  # type: ignore[no-any-return]


def _snapshot(server: Server, key: str) -> dict[str, Any]:
    with server.client(key) as c:
        return {
            "alice_facts": sorted(f["id"] for f in _ok(c.get("/v1/facts", params={
                "user_id": "alice", "status": "all"}))["items"]),
            "alice_episodes": sorted(e["id"] for e in _ok(c.get("/v1/episodes", params={"user_id": "alice"}))["items"]),
            "bob_facts": sorted(f["id"] for f in _ok(c.get("/v1/facts", params={"user_id": "bob"}))["items"]),
            "export_lines": len(c.get("/v1/export", params={"user_id": "alice"}).text.splitlines()),
        }


@pytest.fixture(scope="module")
def world(keyed_server: Server) -> World:
    keys, key_ids = {}, {}
    with keyed_server.client(ADMIN_KEY) as admin:
        for name, body in {"A": {"org_id": "org1", "project_id": "projA"},
                           "B": {"org_id": "org1", "project_id": "projB"},
                           "AU": {"org_id": "org1", "project_id": "projA", "user_id": "alice"},
                           "C": {"org_id": "org1", "project_id": "projC"}}.items():
            created = _ok(admin.post("/v1/keys", json={**body, "name": name}))
            keys[name], key_ids[name] = created["secret"], created["key"]["key_id"]
    with keyed_server.client(keys["A"]) as a:
        added = _ok(a.post("/v1/messages", json={"user_id": "alice", "session_id": "s1",
                                                 "messages": [{"content": m} for m in ALICE_MESSAGES]}))
        bob = _ok(a.post("/v1/messages", json={"messages": [{"content": "I live in Berlin", "user_id": "bob"}]}))
    results = added["results"]
    carrier = [c["fact"] for r in results for c in r["facts"] if c["fact"]["key"] == "shipping.carrier"]
    fact_id = max(f["id"] for f in carrier)  # 顺丰 superseded FedEx: the newest is active
    bob_fact = bob["results"][0]["facts"][0]["fact"]["id"]
    with keyed_server.client(keys["A"]) as a:
        timeline = _ok(a.get(f"/v1/facts/{fact_id}/history", params={"user_id": "alice"}))["timeline"]
    supersede = next(ev["id"] for entry in timeline for ev in entry["events"] if ev["action"] == "supersede")
    return World(keyed_server, keys, key_ids, fact_id, bob_fact, results[0]["episode_id"],
                 _snapshot(keyed_server, keys["A"]), supersede)


def test_key_a_sees_its_own_memories(world: World) -> None:
    with world.server.client(world.keys["A"]) as a:
        hits = _ok(a.post("/v1/search", json={"user_id": "alice", "query": "配送偏好", "limit": 5}))["hits"]
        fact = _ok(a.get(f"/v1/facts/{world.fact_id}", params={"user_id": "alice"}))
    assert hits and hits[0]["scope"]["project_id"] == "projA"
    assert any(h["kind"] == "fact" and h["id"] == world.fact_id for h in hits)
    assert fact["value"] == "顺丰" and fact["scope"] == {"org_id": "org1", "project_id": "projA", "user_id": "alice",
                                                        "agent_id": None, "session_id": None}
    assert world.snapshot["alice_facts"] and world.snapshot["alice_episodes"] and world.snapshot["bob_facts"]


def _routes(w: World) -> list[tuple[str, str, str, dict[str, Any], int, str | None]]:
    """(name, method, path, request kwargs, expected status, expected error code) aimed at projA's data."""
    f, e = w.fact_id, w.episode_id
    alice = {"user_id": "alice"}
    return [
        ("add into projA", "POST", "/v1/messages",
         {"json": {"project_id": "projA", "user_id": "alice", "messages": [{"content": "hi"}]}}, 403,
         "scope_forbidden"),
        ("add into org2", "POST", "/v1/messages",
         {"json": {"org_id": "org2", "user_id": "alice", "messages": [{"content": "hi"}]}}, 403, "scope_forbidden"),
        ("search own scope", "POST", "/v1/search", {"json": {**alice, "query": "配送偏好 FedEx 顺丰"}}, 200, None),
        ("search projA", "POST", "/v1/search", {"json": {**alice, "project_id": "projA", "query": "x"}}, 403,
         "scope_forbidden"),
        ("list facts", "GET", "/v1/facts", {"params": {**alice, "status": "all"}}, 200, None),
        ("list facts projA", "GET", "/v1/facts", {"params": {**alice, "project_id": "projA"}}, 403, "scope_forbidden"),
        ("get fact", "GET", f"/v1/facts/{f}", {"params": alice}, 404, "not_found"),
        ("get fact projA", "GET", f"/v1/facts/{f}", {"params": {**alice, "project_id": "projA"}}, 403,
         "scope_forbidden"),
        ("update fact", "PATCH", f"/v1/facts/{f}", {"json": {**alice, "value": "UPS"}}, 404, "not_found"),
        ("delete fact", "DELETE", f"/v1/facts/{f}", {"params": alice}, 404, "not_found"),
        ("history", "GET", f"/v1/facts/{f}/history", {"params": alice}, 404, "not_found"),
        ("restore fact", "POST", f"/v1/facts/{f}/restore", {"json": alice}, 404, "not_found"),
        ("rollback event", "POST", f"/v1/events/{w.event_id}/rollback", {"json": alice}, 404, "not_found"),
        ("list episodes", "GET", "/v1/episodes", {"params": alice}, 200, None),
        ("get episode", "GET", f"/v1/episodes/{e}", {"params": alice}, 404, "not_found"),
        ("forget user", "POST", "/v1/forget", {"json": alice}, 200, None),
        ("forget session of all users", "POST", "/v1/forget",
         {"json": {"session_id": "s1", "all_users": True, "org_id": "org1", "project_id": "projB"}}, 200, None),
        ("forget all users of projA", "POST", "/v1/forget",
         {"json": {"all_users": True, "org_id": "org1", "project_id": "projA"}}, 403, "scope_forbidden"),
        ("forget all users of the key's project", "POST", "/v1/forget", {"json": {"all_users": True}}, 422,
         "invalid_input"),
        ("forget fact", "POST", "/v1/forget", {"json": {**alice, "fact_id": f}}, 404, "not_found"),
        ("forget projA", "POST", "/v1/forget", {"json": {**alice, "project_id": "projA"}}, 403, "scope_forbidden"),
        ("export", "GET", "/v1/export", {"params": alice}, 200, None),
        ("export projA", "GET", "/v1/export", {"params": {**alice, "project_id": "projA"}}, 403, "scope_forbidden"),
        ("import into projA", "POST", "/v1/import",
         {"json": {"project_id": "projA", "records": [{"content": "x", "user_id": "alice"}]}}, 403, "scope_forbidden"),
        ("create key", "POST", "/v1/keys", {"json": {"org_id": "org1", "project_id": "projA"}}, 403, "admin_required"),
        ("list keys", "GET", "/v1/keys", {}, 403, "admin_required"),
        ("revoke key A", "DELETE", f"/v1/keys/{w.key_ids['A']}", {}, 403, "admin_required"),
    ]


ROUTE_NAMES = [r[0] for r in _routes(World(None, {}, {"A": "x"}, 1, 1, 1, {}))]  # type: ignore[arg-type]


@pytest.mark.parametrize("route", ROUTE_NAMES)
def test_key_for_project_b_reaches_nothing_of_project_a(world: World, route: str) -> None:
    _, method, path, kwargs, status, code = next(r for r in _routes(world) if r[0] == route)
    with world.server.client(world.keys["B"]) as b:
        response = b.request(method, path, **kwargs)
    if status != 200:
        _error(response, status, code)
        return
    if path == "/v1/export" and response.status_code == 404:
        # alice has nothing in project B (unless the forget route ran first and left its receipt)
        assert "nothing is stored for org1/projB user=alice" in _error(response, 404, "not_found")["message"]
        return
    assert response.status_code == 200, response.text
    if path == "/v1/search":
        assert response.json()["hits"] == []
    elif path in ("/v1/facts", "/v1/episodes"):
        assert response.json()["items"] == []
    elif path == "/v1/export":
        # Only project B's own audit trail (the tombstone and receipt of its forget of alice, when
        # the forget route ran first): nothing of project A, no content.
        records = [json.loads(line) for line in response.text.splitlines()]
        assert {r["type"] for r in records} <= {"tombstone", "forget_receipt"}
        assert all(r["scope"]["project_id"] == "projB" for r in records)
    elif path == "/v1/forget":
        counts = response.json()["counts"]
        assert counts["episodes"] == counts["facts"] == counts["segments"] == 0


@pytest.mark.parametrize("method,path,kwargs", [
    ("POST", "/v1/search", {"json": {"user_id": "bob", "query": "Berlin"}}),
    ("GET", "/v1/facts", {"params": {"user_id": "bob"}}),
    ("GET", "/v1/episodes", {"params": {"user_id": "bob"}}),
    ("GET", "/v1/export", {"params": {"user_id": "bob"}}),
    ("POST", "/v1/forget", {"json": {"user_id": "bob"}}),
    ("POST", "/v1/messages", {"json": {"messages": [{"content": "hi", "user_id": "bob"}]}}),
    ("POST", "/v1/import", {"json": {"records": [{"content": "hi", "user_id": "bob"}]}}),
    # The request names the key's own user and a record another: a permission error, not a 422.
    ("POST", "/v1/import", {"json": {"user_id": "alice", "records": [{"content": "hi", "user_id": "bob"}]}}),
])
def test_user_bound_key_cannot_name_another_user(world: World, method: str, path: str, kwargs: dict[str, Any]) -> None:
    with world.server.client(world.keys["AU"]) as au:
        _error(au.request(method, path, **kwargs), 403, "scope_forbidden")


def test_user_bound_key_is_forced_to_its_user(world: World) -> None:
    with world.server.client(world.keys["AU"]) as au:
        facts = _ok(au.get("/v1/facts", params={"status": "all"}))["items"]
        _error(au.get(f"/v1/facts/{world.bob_fact_id}"), 404, "not_found")
        _error(au.post("/v1/forget", json={"session_id": "s1", "all_users": True}), 403, "scope_forbidden")
    assert sorted(f["id"] for f in facts) == world.snapshot["alice_facts"]
    assert {f["scope"]["user_id"] for f in facts} == {"alice"}


def test_project_a_is_intact_after_every_attempt(world: World) -> None:
    assert _snapshot(world.server, world.keys["A"]) == world.snapshot


def test_requests_without_a_valid_key_are_refused(world: World) -> None:
    with world.server.client() as anonymous:
        err = _error(anonymous.post("/v1/search", json={"user_id": "alice", "query": "x"}), 401, "missing_api_key")
        assert anonymous.get("/healthz").status_code == 200
    assert "memstrata keys create" in err["message"]
    with world.server.client("msk_0123456789abcdef_forged") as forged:
        _error(forged.get("/v1/facts", params={"user_id": "alice"}), 401, "invalid_api_key")
    with httpx.Client(base_url=world.server.url, headers={"X-API-Key": world.keys["A"]}) as header_key:
        assert header_key.get("/v1/facts", params={"user_id": "alice"}).status_code == 200


def test_update_supersedes_and_history_shows_both(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "carol", "messages": [
            {"content": "From now on ship with FedEx"}]}))
        old = added["results"][0]["facts"][0]["fact"]
        new = _ok(c.patch(f"/v1/facts/{old['id']}", json={"user_id": "carol", "value": "UPS"}))
        timeline = _ok(c.get(f"/v1/facts/{new['id']}/history", params={"user_id": "carol"}))["timeline"]
        again = c.patch(f"/v1/facts/{old['id']}", json={"user_id": "carol", "value": "DHL"})
        scores = _ok(c.patch(f"/v1/facts/{new['id']}", json={"user_id": "carol", "importance": 0.3}))
        empty = c.patch(f"/v1/facts/{new['id']}", json={"user_id": "carol"})
    assert new["value"] == "UPS" and new["status"] == "active" and new["id"] != old["id"]
    assert [(e["fact"]["value"], e["fact"]["status"]) for e in timeline] == [("FedEx", "superseded"), ("UPS", "active")]
    assert [ev["action"] for ev in timeline[0]["events"]] == ["create", "supersede"]
    assert timeline[0]["events"][-1]["detail"]["new_value"] == "UPS"
    assert timeline[0]["events"][-1]["actor"] == f"api:key:{world.key_ids['C']}"
    _error(again, 409, "conflict")
    assert scores["id"] == new["id"] and scores["importance"] == 0.3
    _error(empty, 422, "invalid_input")


def test_rollback_of_an_update_brings_the_old_value_back(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "erin", "messages": [
            {"content": "From now on ship with FedEx"}]}))
        old = added["results"][0]["facts"][0]["fact"]
        new = _ok(c.patch(f"/v1/facts/{old['id']}", json={"user_id": "erin", "value": "UPS"}))
        events = _ok(c.get(f"/v1/facts/{old['id']}/history", params={"user_id": "erin"}))["timeline"][0]["events"]
        supersede = next(ev["id"] for ev in events if ev["action"] == "supersede")
        changed = _ok(c.post(f"/v1/events/{supersede}/rollback", json={"user_id": "erin"}))["facts"]
        now_old = _ok(c.get(f"/v1/facts/{old['id']}", params={"user_id": "erin"}))
        now_new = _ok(c.get(f"/v1/facts/{new['id']}", params={"user_id": "erin"}))
    assert old["id"] in [f["id"] for f in changed]
    assert now_old["status"] == "active" and now_new["status"] != "active"


def test_fact_routes_take_the_scope_in_the_query_like_get_and_delete(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "gus", "messages": [{"content": "I live in Rome"}]}))
        fact_id = added["results"][0]["facts"][0]["fact"]["id"]
        changed = _ok(c.patch(f"/v1/facts/{fact_id}", params={"user_id": "gus"}, json={"value": "Milan"}))
        assert changed["value"] == "Milan" and changed["scope"]["user_id"] == "gus"
        supersede = next(e for entry in _ok(c.get(f"/v1/facts/{fact_id}/history", params={"user_id": "gus"}))[
            "timeline"] for e in entry["events"] if e["action"] == "supersede")
        rolled = _ok(c.post(f"/v1/events/{supersede['id']}/rollback", params={"user_id": "gus"}))
        assert fact_id in [f["id"] for f in rolled["facts"]]
        unscoped = _error(c.patch(f"/v1/facts/{fact_id}", json={"value": "Turin"}), 422, "invalid_input")
        assert "REST: \"user_id\"" in unscoped["message"]


def test_an_open_server_refuses_to_create_the_key_that_would_lock_out_its_clients(modelless_server: Server) -> None:
    with modelless_server.client() as c:
        refused = _error(c.post("/v1/keys", json={"org_id": "o", "project_id": "p"}), 403, "admin_required")
        assert "MEMSTRATA_ADMIN_KEY" in refused["message"]
        assert c.get("/v1/facts", params={"user_id": "u"}).status_code == 200  # still open


def test_delete_removes_the_fact(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "dave", "messages": [{"content": "I live in Paris"}]}))
        fact_id, said = added["results"][0]["facts"][0]["fact"]["id"], added["results"][0]["episode_id"]
        deleted = _ok(c.delete(f"/v1/facts/{fact_id}", params={"user_id": "dave"}))
        assert {k: deleted[k] for k in ("deleted", "replaced", "sources_kept")} == {
            "deleted": fact_id, "replaced": [], "sources_kept": [said]}  # it replaced nothing; its message stays
        assert f"episode #{said}" in deleted["note"] and f'{{"episode_id": {said}}}' in deleted["note"]
        _error(c.get(f"/v1/facts/{fact_id}", params={"user_id": "dave"}), 404, "not_found")
        assert _ok(c.post("/v1/forget", json={"user_id": "dave", "episode_id": said}))["counts"]["episodes"] == 1
        _error(c.get(f"/v1/episodes/{said}", params={"user_id": "dave"}), 404, "not_found")


def test_delete_with_sources_forgets_the_messages_that_stated_the_fact(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "frank-f10", "messages": [
            {"content": "I'm allergic to peanuts"}, {"content": "I live in Rome"}]}))
        fact_id, said = added["results"][0]["facts"][0]["fact"]["id"], added["results"][0]["episode_id"]
        deleted = _ok(c.delete(f"/v1/facts/{fact_id}", params={"user_id": "frank-f10", "sources": "true"}))
        assert deleted["sources_kept"] == [] and deleted["note"] is None
        _error(c.get(f"/v1/episodes/{said}", params={"user_id": "frank-f10"}), 404, "not_found")
        hits = _ok(c.post("/v1/search", json={"user_id": "frank-f10", "query": "allergic to peanuts"}))["hits"]
        assert all("peanut" not in h["text"] for h in hits)
        assert [f["value"] for f in _ok(c.get("/v1/facts", params={"user_id": "frank-f10"}))["items"]] == ["Rome"]


def test_search_marks_the_episode_of_a_superseded_preference(world: World) -> None:
    # FedEx was superseded by 顺丰 (ALICE_MESSAGES): its episode is outdated, marked and ranked below.
    with world.server.client(world.keys["A"]) as a:
        query = {"user_id": "alice", "query": "ship with FedEx 顺丰", "limit": 10}
        hits = _ok(a.post("/v1/search", json=query))["hits"]
    fedex = next(h for h in hits if h["kind"] == "episode" and h["text"] == ALICE_MESSAGES[0])
    current = next(h for h in hits if h["kind"] == "fact" and h["id"] == world.fact_id)
    assert fedex["superseded"] is True and current["superseded"] is False
    assert hits.index(current) < hits.index(fedex)


def test_context_route_gives_the_sdk_block_with_outdated_labels(world: World) -> None:
    # Memory.context() has a REST route.
    with world.server.client(world.keys["A"]) as a:
        block = _ok(a.post("/v1/context", json={"user_id": "alice", "query": "ship with FedEx 顺丰",
                                                "budget_tokens": 200}))["context"]
        other = _ok(a.post("/v1/context", json={"user_id": "bob", "query": "ship with FedEx 顺丰"}))["context"]
        tiny = _ok(a.post("/v1/context", json={"user_id": "alice", "query": "顺丰", "budget_tokens": 40}))["context"]
        _error(a.post("/v1/context", json={"user_id": "alice", "query": "x", "budget_tokens": 12}), 422)
        _error(a.post("/v1/context", json={"user_id": "alice", "query": "x", "budget_tokens": 0}), 422)
        facts_only = _ok(a.post("/v1/context", json={"user_id": "alice", "query": "ship with FedEx 顺丰",
                                                     "kinds": ["fact"], "filter": 'status = "active"'}))["context"]
        _error(a.post("/v1/context", json={"user_id": "alice", "query": "x", "filter": "tag ~ 1"}), 400,
               "invalid_filter")
        vague = {"user_id": "alice", "query": "what do you know about me?"}
        profile = _ok(a.post("/v1/context", json=vague))["context"]
        silent = _ok(a.post("/v1/context", json={**vague, "profile": False}))["context"]
    assert "顺丰" in facts_only and ALICE_MESSAGES[0] not in facts_only  # no episode line, no outdated one
    assert profile.startswith("## What is known about this user") and "顺丰" in profile and "FedEx" not in profile
    assert silent == ""
    assert block.startswith("## ") and "顺丰" in block and "episode #" in block
    assert f"[outdated] {ALICE_MESSAGES[0]}" in block  # FedEx was superseded by 顺丰
    assert "顺丰" not in other and "FedEx" not in other  # bob's block holds nothing of alice's
    assert 0 < len(tiny.encode()) <= 40 * 3


def test_export_then_import_into_another_project(world: World) -> None:
    with world.server.client(world.keys["A"]) as a:
        exported = [json.loads(line) for line in a.get("/v1/export", params={"user_id": "alice"}).text.splitlines()]
    assert {r["type"] for r in exported} == {"episode", "fact", "event"}
    with world.server.client(world.keys["C"]) as c:
        first = _ok(c.post("/v1/import", json={"records": exported}))
        second = _ok(c.post("/v1/import", json={"records": exported}))
        hits = _ok(c.post("/v1/search", json={"user_id": "alice", "query": "peanuts allergy"}))["hits"]
    episodes = sum(1 for r in exported if r["type"] == "episode")
    note = first.pop("note")
    # key C's tenant wins over the tenant the records name, and the answer says so
    assert first == {"added": episodes, "duplicates": 0, "skipped": len(exported) - episodes,
                     "moved": {"org1/projA": episodes}, "forgotten": [], "forgotten_messages": 0, "replayed": False}
    assert f"{len(exported) - episodes} fact, event, audit trail and API key records were not imported" in note
    assert "memstrata import" in note
    assert f"({episodes} from 'org1/projA') were imported into 'org1/projC', the tenant of this request's API key" \
        in note
    assert second["note"] == note and second["duplicates"] == episodes
    assert hits and all(h["scope"]["project_id"] == "projC" for h in hits)
    assert any("peanuts" in h["text"] for h in hits)


def test_export_jsonl_posts_back_as_is(world: World) -> None:
    with world.server.client(world.keys["A"]) as a:
        exported = a.get("/v1/export", params={"user_id": "alice"}).text
    ndjson = {"content-type": "application/x-ndjson"}
    episodes = sum(1 for line in exported.splitlines() if json.loads(line)["type"] == "episode")
    into = {"org_id": "org1", "project_id": "projZ"}
    with world.server.client(ADMIN_KEY) as admin:
        first = _ok(admin.post("/v1/import", content=exported.encode(), headers=ndjson, params=into))
        again = _ok(admin.post("/v1/import", content=exported.encode(), headers=ndjson, params=into))
        listed = _ok(admin.get("/v1/episodes", params={**into, "user_id": "alice"}))["items"]
        # Messages in the `memstrata import` format take the user from the query.
        lines = b'{"content": "I moved to Lyon"}\n\n{"content": "I work nights now"}\n'
        messages = _ok(admin.post("/v1/import", content=lines, headers=ndjson, params={**into, "user_id": "erin"}))
        bad = _error(admin.post("/v1/import", content=b'{"content": "fine"}\n{"content": "cut', headers=ndjson,
                                params={**into, "user_id": "erin"}), 400, "malformed_json")
        erin = _ok(admin.get("/v1/episodes", params={**into, "user_id": "erin"}))["items"]
    assert first["added"] == episodes > 0 and again["added"] == 0 and again["duplicates"] == episodes
    assert len(listed) == episodes and all(e["scope"]["project_id"] == "projZ" for e in listed)
    assert messages == {"added": 2, "duplicates": 0, "skipped": 0, "moved": {}, "forgotten": [],
                        "forgotten_messages": 0, "note": None, "replayed": False}
    assert bad["details"] == {"line": 2, "column": 13}
    assert sorted(e["content"] for e in erin) == ["I moved to Lyon", "I work nights now"]  # nothing of the bad body


def test_error_shapes(world: World) -> None:
    with world.server.client(world.keys["C"]) as c:
        malformed = _error(c.post("/v1/search", content=b'{"query": ', headers={"content-type": "application/json"}),
                           400, "malformed_json")
        invalid = _error(c.post("/v1/search", json={"user_id": "u", "query": "x", "limit": "many"}), 422,
                         "validation_error")
        unknown = _error(c.post("/v1/search", json={"user_id": "u", "query": "x", "user_idd": "v"}), 422,
                         "validation_error")
        no_owner = _error(c.post("/v1/search", json={"query": "x"}), 422, "invalid_input")
        _error(c.get("/v1/nothing-here"), 404, "not_found")
        _error(c.put("/v1/search", json={}), 405, "method_not_allowed")
        _error(c.post("/v1/messages", json={"user_id": "u", "messages": [{"content": "ok"}, {"content": "  "}]}),
               422, "invalid_input")
        listed = _ok(c.get("/v1/episodes", params={"user_id": "u"}))
    # where the body stops, counted from 1 in the message and in details alike (docs/errors.md)
    assert malformed["details"] == {"position": 11, "line": 1, "column": 11}, malformed
    assert malformed["message"] == "request body is not valid JSON at character 11 (line 1, column 11): Expecting value"
    assert invalid["details"]["errors"][0]["loc"] == ["body", "limit"]
    assert "user_idd" in json.dumps(unknown["details"])
    assert "user_id" in no_owner["message"]
    assert listed["items"] == []  # the batch with a blank message stored nothing


def test_filters_narrow_and_a_malformed_one_is_400_with_its_position(world: World) -> None:
    with world.server.client(world.keys["A"]) as a:
        facts = _ok(a.get("/v1/facts", params={"user_id": "alice", "status": "all",
                                               "filter": 'key = "shipping.carrier"'}))["items"]
        hits = _ok(a.post("/v1/search", json={"user_id": "alice", "query": "配送 FedEx 顺丰 peanuts",
                                              "filter": 'tag = "shipping"', "kinds": ["fact"]}))["hits"]
        bad = _error(a.post("/v1/search", json={"user_id": "alice", "query": "x",
                                                "filter": "tag = 'shipping' AND ("}), 400, "invalid_filter")
        unknown = _error(a.get("/v1/facts", params={"user_id": "alice", "filter": "colour = 1"}), 400,
                         "invalid_filter")
    assert sorted(f["value"] for f in facts) == ["FedEx", "顺丰"]
    assert hits and {h["fact"]["tag"] for h in hits} == {"shipping"}
    # counted from 1: the end of the text is character len + 1, the first character is 1
    assert bad["details"]["position"] == len("tag = 'shipping' AND (") + 1 and bad["details"]["reason"]
    assert unknown["details"]["position"] == 1
    # which argument, as every other invalid input names it (before: position and reason alone)
    assert bad["details"]["field"] == unknown["details"]["field"] == "filter"


def test_metrics_have_phases_and_no_content_or_user_ids(world: World) -> None:
    with world.server.client(ADMIN_KEY) as admin:  # keys are required: /metrics needs the admin or metrics key
        body = admin.get("/metrics").text
    for phase in ("validation", "redaction", "segmentation", "extraction", "embedding", "storage", "indexing"):
        assert f'memstrata_phase_duration_seconds_count{{path="ingest",phase="{phase}"}}' in body
    for phase in ("embedding", "candidate_search", "fusion", "scoring"):
        assert f'memstrata_phase_duration_seconds_count{{path="query",phase="{phase}"}}' in body
    assert 'route="/v1/facts/{fact_id}"' in body
    assert 'memstrata_errors_total{code="scope_forbidden"}' in body
    assert "memstrata_queue_depth 0.0" in body
    for secret in ("alice", "bob", "carol", "FedEx", "peanuts", "projA", "org1", world.key_ids["A"]):
        assert secret not in body, secret


def test_cli_keys_on_the_live_database(world: World) -> None:
    """Keys made by `memstrata keys create` (in-process, ``clirun``) on the server's file work at once;
    `revoke` locks them out."""
    env = {"MEMSTRATA_DB": str(world.server.db)}
    created = cli("keys", "create", "--org", "org1", "--project", "projA", "--name", "cli", "--json", env=env)
    assert created.returncode == 0, created.stderr
    made = json.loads(created.stdout)
    with world.server.client(made["secret"]) as cli_key:
        facts = _ok(cli_key.get("/v1/facts", params={"user_id": "alice", "status": "all"}))["items"]
    assert sorted(f["id"] for f in facts) == world.snapshot["alice_facts"]
    listed = cli("keys", "list", "--json", env=env)
    rows = json.loads(listed.stdout)
    assert made["key"]["key_id"] in [r["key_id"] for r in rows]
    assert all("secret" not in r and "hash" not in json.dumps(r) for r in rows)
    revoked = cli("keys", "revoke", made["key"]["key_id"], env=env)
    assert revoked.returncode == 0, revoked.stderr
    with world.server.client(made["secret"]) as cli_key:
        _error(cli_key.get("/v1/facts", params={"user_id": "alice"}), 401, "invalid_api_key")
