"""The LLM and session routes over REST, on a real ``memstrata serve`` process talking to the
scripted LLM server over real HTTP: ``wait`` (read-your-writes) on ``POST /v1/messages``,
flush, the queue, short-term memory, retrieval agents, consolidation and its undo."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverproc import ADMIN_KEY, Server, start_server

from fakes.openai_server import FakeLLMServer, Reply, Request


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def _profile(c: httpx.Client, user: str) -> dict[str, str]:
    items = _ok(c.get("/v1/facts", params={"user_id": user, "key": "profile"}))["items"]
    return {f["key"]: f["value"] for f in items}


@pytest.fixture(scope="module")
def llm() -> Iterator[FakeLLMServer]:
    """The scripted LLM of the module's server; each test scripts it for itself."""
    server = FakeLLMServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, llm: FakeLLMServer) -> Iterator[Server]:
    """A keyed server (admin key) with the LLM configured, shared by the module's LLM tests: the
    background worker is kept out of the way (flush only on request) so each step is the test's, and
    each test writes in a tenant of its own (default/default, org1 and org2)."""
    started = start_server(tmp_path_factory.mktemp("semantic"), MEMSTRATA_EMBEDDING_MODEL="none",
                           MEMSTRATA_LLM_PROVIDER="openai", MEMSTRATA_LLM_BASE_URL=llm.base_url,
                           MEMSTRATA_LLM_MODEL="fake-model", MEMSTRATA_FLUSH_EVERY="1000",
                           MEMSTRATA_FLUSH_IDLE_S="3600", MEMSTRATA_ADMIN_KEY=ADMIN_KEY)
    yield started
    started.stop()


def test_wait_flush_queue_short_term_agents_and_consolidation(server: Server, llm: FakeLLMServer) -> None:
    def answer(request: Request) -> Reply:
        system = request.body["messages"][0]["content"]
        last = request.body["messages"][-1]["content"]
        if "too many features" in system:  # consolidation: merge the two drinks features
            drinks = [json.loads(line) for line in last.splitlines() if line.startswith("{") and '"drinks"' in line]
            return Reply({"commands": [
                *({"command": "delete", "tag": "drinks", "feature": f["feature"], "value": f["value"]}
                  for f in drinks),
                {"command": "add", "tag": "drinks", "feature": "coffee", "value": "flat white, no sugar",
                 "cite": [f["id"] for f in drinks]}]})
        if system.startswith("You choose how to search"):  # the router picks direct
            return Reply({"agent": "direct", "reason": "one simple question"})
        commands = []
        if "bees" in last:
            commands.append({"command": "add", "tag": "hobbies", "feature": "beekeeping", "value": "keeps bees"})
        if "flat white" in last:
            commands += [{"command": "add", "tag": "drinks", "feature": "coffee", "value": "likes coffee"},
                         {"command": "add", "tag": "drinks", "feature": "coffee order", "value": "no sugar"}]
        return Reply({"commands": commands})

    llm.respond_with(answer)
    with server.client(ADMIN_KEY) as c:
        # wait=true: the answer already carries what the LLM did, and a read sees it.
        waited = _ok(c.post("/v1/messages", json={"user_id": "ann", "session_id": "s1", "wait": True,
                                                  "messages": [{"content": "I keep bees on my roof"}]}))
        [result] = waited["results"]
        assert result["extraction"] == "done"
        assert [ch["fact"]["value"] for ch in result["semantic"]] == ["keeps bees"]
        assert _profile(c, "ann") == {"profile.hobbies.beekeeping": "keeps bees"}

        # Without wait the message stays queued until a flush.
        queued = _ok(c.post("/v1/messages", json={"user_id": "ann", "session_id": "s1", "messages": [
            {"content": "Coffee? Always a flat white, no sugar."}]}))
        assert queued["results"][0]["extraction"] == "queued"
        assert _ok(c.get("/v1/queue", params={"user_id": "ann"}))["pending"] == 1
        assert _ok(c.post("/v1/flush", json={"user_id": "ann", "session_id": "s1"})) == {"batches": 1}
        status = _ok(c.get("/v1/queue", params={"user_id": "ann"}))
        assert (status["pending"], status["done"], status["llm"]) == (0, 2, "openai:fake-model")
        assert status["usage"]["llm_calls"] >= 2
        profile = _profile(c, "ann")
        assert profile["profile.drinks.coffee"] == "likes coffee"

        stm = _ok(c.get("/v1/short-term", params={"user_id": "ann", "session_id": "s1"}))
        assert [e["content"] for e in stm["episodes"]] == ["I keep bees on my roof",
                                                           "Coffee? Always a flat white, no sugar."]
        no_session = c.get("/v1/short-term", params={"user_id": "ann"})
        assert no_session.status_code == 422 and no_session.json()["error"]["code"] == "invalid_input"

        routed = _ok(c.post("/v1/search/agent", json={"user_id": "ann", "query": "bees", "agent": "router"}))
        assert (routed["agent"], routed["routed_by"]) == ("direct", "router")
        assert any("bees" in h["text"] for h in routed["hits"])

        run = _ok(c.post("/v1/consolidate", json={"user_id": "ann", "category": "profile"}))["run"]
        assert run.startswith("consolidation:")
        assert _profile(c, "ann")["profile.drinks.coffee"] == "flat white, no sugar"
        undone = _ok(c.post(f"/v1/consolidate/{run}/undo", json={"user_id": "ann"}))["counts"]
        assert undone == {"archived": 1, "restored": 2}
        assert _profile(c, "ann")["profile.drinks.coffee"] == "likes coffee"

        ended = _ok(c.post("/v1/sessions/end", json={"user_id": "ann", "session_id": "s1"}))
        assert ended == {"batches": 0}  # nothing left to extract
        bad = c.post("/v1/sessions/end", json={"user_id": "ann"})
        assert bad.status_code == 422 and "session_id" in bad.json()["error"]["message"]
    assert not llm.unscripted


def test_without_an_llm_the_llm_routes_say_so(modelless_server: Server) -> None:
    with modelless_server.client() as c:
        posted = _ok(c.post("/v1/messages", json={"user_id": "bo", "session_id": "s", "wait": True,
                                                  "messages": [{"content": "I live in Paris"}]}))
        assert posted["results"][0]["facts"]  # the rule extractor still works; wait changes nothing
        assert _ok(c.post("/v1/flush", json={"user_id": "bo"})) == {"batches": 0}
        for path, body in (("/v1/consolidate", {"user_id": "bo"}),
                           ("/v1/search/agent", {"user_id": "bo", "query": "Paris", "agent": "split"})):
            refused = c.post(path, json=body)
            assert refused.status_code == 422 and refused.json()["error"]["code"] == "llm_not_configured"
        direct = _ok(c.post("/v1/search/agent", json={"user_id": "bo", "query": "Paris", "agent": "direct"}))
        assert direct["llm_calls"] == 0 and any("Paris" in h["text"] for h in direct["hits"])


def test_queue_needs_an_owner_and_never_crosses_tenants(server: Server, llm: FakeLLMServer) -> None:
    llm.respond_with(lambda _: Reply({"commands": []}))
    with server.client(ADMIN_KEY) as admin:
        for org, user in (("org1", "ann"), ("org1", "bo"), ("org2", "cy")):
            queued = _ok(admin.post("/v1/messages", json={"org_id": org, "project_id": "p", "user_id": user,
                                                          "messages": [{"content": f"note of {user}"}]}))
            assert queued["results"][0]["extraction"] == "queued"
        tenant = _ok(admin.post("/v1/keys", json={"org_id": "org1", "project_id": "p"}))["secret"]
        one_user = _ok(admin.post("/v1/keys", json={"org_id": "org1", "project_id": "p",
                                                    "user_id": "ann"}))["secret"]
        no_owner = admin.get("/v1/queue", params={"org_id": "org1", "project_id": "p"})
        assert no_owner.status_code == 422 and no_owner.json()["error"]["code"] == "invalid_input"
        assert "all_users=true" in no_owner.json()["error"]["message"]
        both = admin.get("/v1/queue", params={"user_id": "ann", "all_users": "true"})
        assert both.status_code == 422 and both.json()["error"]["details"] == {"field": "all_users"}
        every = {org: _ok(admin.get("/v1/queue", params={"org_id": org, "project_id": "p", "all_users": "true"}))
                 for org in ("org1", "org2")}
        assert (every["org1"]["pending"], every["org2"]["pending"]) == (2, 1)
    with server.client(tenant) as t:
        assert t.get("/v1/queue").status_code == 422  # a tenant key still names an owner
        assert _ok(t.get("/v1/queue", params={"all_users": "true"}))["pending"] == 2  # never org2's message
        assert _ok(t.get("/v1/queue", params={"user_id": "bo"}))["pending"] == 1
    with server.client(one_user) as u:
        assert _ok(u.get("/v1/queue"))["pending"] == 1  # the key's user is the owner
        refused = u.get("/v1/queue", params={"all_users": "true"})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "scope_forbidden"
