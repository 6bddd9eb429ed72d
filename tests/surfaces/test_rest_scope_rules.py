"""Scope rules of the REST routes, over real HTTP on a real
``memstrata serve`` process (open, no keys; SQLite file; no embedding model needed):

* ``POST /v1/import`` never silently drops a ``user_id`` the request names: it applies to every
  record, and a record naming another user is a 422 with nothing imported;
* a 409 on ``PATCH /v1/facts/{id}`` speaks REST (names the endpoint), not the CLI;
* a bad or missing ``user_id`` of the request is named as the request's field, not as its first
  message's or record's (``details.index`` only when the item itself names the bad scope).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from serverproc import Server

NDJSON = {"content-type": "application/x-ndjson"}


@pytest.fixture(scope="module")
def server(modelless_server: Server) -> Server:
    """The run's server without keys or a model: this module writes as alice, carol, dave and erin."""
    return modelless_server


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code and "Traceback" not in response.text
    return error


def _contents(c: httpx.Client, **scope: str) -> list[str]:
    return sorted(e["content"] for e in _ok(c.get("/v1/episodes", params=scope))["items"])


def test_import_refuses_records_of_another_user_than_the_request_names(server: Server) -> None:
    with server.client() as c:
        _ok(c.post("/v1/messages", json={"user_id": "alice", "messages": [
            {"content": "I live in Berlin"}, {"content": "I'm allergic to peanuts"}]}))
        exported = c.get("/v1/export", params={"user_id": "alice"}).text
        into = {"project_id": "copy"}

        refused = _error(c.post("/v1/import", content=exported.encode(), headers=NDJSON,
                                params={**into, "user_id": "carol"}), 422, "invalid_input")
        assert refused["details"]["field"] == "user_id" and refused["details"]["index"] == 0
        assert "'alice'" in refused["message"] and "'carol'" in refused["message"]
        assert refused["message"].startswith("records[0]: ")
        as_json = _error(c.post("/v1/import", json={"user_id": "carol", "project_id": "copy", "records": [
            {"content": "mine", "user_id": "carol"}, {"content": "not mine", "user_id": "dave"}]}),
            422, "invalid_input")
        assert as_json["details"] == {"index": 1, "field": "user_id"}
        # Nothing of either refused body was written, under any user.
        assert _contents(c, **into, user_id="carol") == [] and _contents(c, **into, user_id="alice") == []

        # The same user in the request and the records: imported under it.
        same = _ok(c.post("/v1/import", content=exported.encode(), headers=NDJSON,
                          params={**into, "user_id": "alice"}))
        assert same["added"] == 2
        assert _contents(c, **into, user_id="alice") == ["I live in Berlin", "I'm allergic to peanuts"]
        # Records without a user take the request's; no user in the request keeps each record's.
        _ok(c.post("/v1/import", json={"user_id": "carol", "project_id": "copy", "records": [{"content": "hi"}]}))
        _ok(c.post("/v1/import", json={"project_id": "copy", "records": [{"content": "yo", "user_id": "dave"}]}))
        assert _contents(c, **into, user_id="carol") == ["hi"] and _contents(c, **into, user_id="dave") == ["yo"]


def test_a_conflict_on_patch_names_the_rest_endpoint(server: Server) -> None:
    with server.client() as c:
        added = _ok(c.post("/v1/messages", json={"user_id": "erin", "messages": [{"content": "I live in Oslo"}]}))
        old = added["results"][0]["facts"][0]["fact"]["id"]
        new = _ok(c.patch(f"/v1/facts/{old}", params={"user_id": "erin"}, json={"value": "Bergen"}))
        conflict = _error(c.patch(f"/v1/facts/{old}", params={"user_id": "erin"}, json={"value": "Rome"}),
                          409, "conflict")
    assert new["value"] == "Bergen" and new["id"] != old
    assert f"GET /v1/facts/{old}/history" in conflict["message"] and f"PATCH /v1/facts/{old}" in conflict["message"]
    assert "memstrata" not in conflict["message"] and "`" not in conflict["message"]
    assert conflict["details"] == {"fact_id": old, "fact_status": "superseded"}



def test_a_bad_request_scope_is_named_as_the_requests_field_not_its_first_items(server: Server) -> None:
    # was "messages[0]: scope user_id 'bob ' ..." with details.index 0 for the body's own user_id
    with server.client() as c:
        body = _error(c.post("/v1/messages", json={"user_id": "frank ", "messages": [{"content": "I like tea"}]}),
                      422, "invalid_input")
        own = _error(c.post("/v1/messages", json={"user_id": "frank", "messages": [
            {"content": "I like tea"}, {"content": "I like coffee", "user_id": "frank "}]}), 422, "invalid_input")
        nobody = _error(c.post("/v1/messages", json={"messages": [{"content": "I like tea"}]}), 422, "invalid_input")
        imported = _error(c.post("/v1/import", json={"user_id": "frank ", "records": [{"content": "hi"}]}),
                          422, "invalid_input")
        lines = _error(c.post("/v1/import", content=b'{"content": "hi"}\n', headers=NDJSON,
                              params={"user_id": "frank "}), 422, "invalid_input")
        stored = _contents(c, user_id="frank")
    assert body["details"] == imported["details"] == lines["details"] == {"field": "user_id"}, (body, imported)
    assert body["message"] == "scope user_id 'frank ' starts or ends with whitespace; pass 'frank'"
    assert imported["message"] == lines["message"] == body["message"]
    # the message that names the bad user itself is still named, by its index
    assert own["details"] == {"index": 1, "field": "user_id"} and own["message"].startswith("messages[1]: scope ")
    assert nobody["details"] == {"field": "user_id"} and nobody["message"].startswith("no user_id, agent_id")
    assert stored == []  # nothing of the refused batches was written
