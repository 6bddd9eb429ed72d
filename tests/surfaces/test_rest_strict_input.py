"""REST input checks, over real HTTP against a ``memstrata serve`` process:
bodies that are not UTF-8 or not labelled JSON, strings for numbers, times without an offset,
and an import with another tenant's key."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from serverproc import ADMIN_KEY, Server

from memstrata import Memory
from memstrata.errors import InvalidInput
from memstrata.server.errors import STRICT_HINT

JSON = {"content-type": "application/json"}


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code and set(error) == {"code", "message", "details"}
    return error


@pytest.fixture(scope="module")
def keys(keyed_server: Server) -> dict[str, str]:
    made = {}
    with keyed_server.client(ADMIN_KEY) as admin:
        for name, tenant in {"acme": ("acme", "p1"), "beta": ("beta", "p2")}.items():
            created = admin.post("/v1/keys", json={"org_id": tenant[0], "project_id": tenant[1], "name": name})
            assert created.status_code == 200, created.text
            made[name] = created.json()["secret"]
    return made


def test_a_body_that_is_not_utf8_is_a_400_naming_the_byte(keyed_server: Server, keys: dict[str, str]) -> None:
    body = '{"user_id": "u1", "messages": [{"content": "café"}]}'.encode("latin-1")
    with keyed_server.client(keys["acme"]) as c:
        error = _error(c.post("/v1/messages", content=body, headers=JSON), 400, "malformed_json")
        assert c.get("/v1/episodes", params={"user_id": "u1"}).json()["items"] == []  # nothing stored
    at = body.index(b"\xe9") + 1  # the byte named, counted from 1 in the message and in details alike
    assert error["details"] == {"position": at}
    assert f"byte 0xe9 at byte {at} " in error["message"] and "UTF-8" in error["message"]


@pytest.mark.parametrize("content_type", ["text/plain", None, "application/x-www-form-urlencoded"])
def test_json_not_labelled_json_is_a_415_saying_what_to_send(keyed_server: Server, keys: dict[str, str],
                                                             content_type: str | None) -> None:
    body = b'{"user_id": "u1", "query": "anything"}'
    headers = {"content-type": content_type} if content_type else {}
    with keyed_server.client(keys["acme"]) as c:
        request = c.build_request("POST", "/v1/search", content=body, headers=headers)
        assert request.headers.get("content-type") == content_type  # httpx adds none for raw bytes
        error = _error(c.send(request), 415, "unsupported_media_type")
        assert c.post("/v1/search", content=body, headers=JSON).status_code == 200
    assert "send 'Content-Type: application/json'" in error["message"]
    assert (repr(content_type) if content_type else "no Content-Type") in error["message"]


def test_numbers_are_strict_over_rest_as_in_the_sdk(keyed_server: Server, keys: dict[str, str],
                                                    memory: Memory) -> None:
    with keyed_server.client(keys["acme"]) as c:
        error = _error(c.post("/v1/search", json={"user_id": "u1", "query": "x", "limit": "5"}), 422,
                       "validation_error")
        flag = _error(c.post("/v1/search", json={"user_id": "u1", "query": "x", "include_superseded": "true"}),
                      422, "validation_error")
        assert c.post("/v1/search", json={"user_id": "u1", "query": "x", "limit": 5}).status_code == 200
        assert c.get("/v1/facts", params={"user_id": "u1", "limit": "5"}).status_code == 200  # query text is lax
    assert error["message"].startswith("limit: ") and STRICT_HINT in error["message"]
    assert error["details"]["errors"][0]["loc"] == ["body", "limit"]
    assert flag["message"].startswith("include_superseded: ")
    with pytest.raises(InvalidInput, match="limit must be a whole number from 1 to 1000, got '5'"):
        memory.search("x", limit="5")  # type: ignore[arg-type]


def test_times_without_an_offset_are_utc(keyed_server: Server, keys: dict[str, str]) -> None:
    with keyed_server.client(keys["acme"]) as c:
        added = c.post("/v1/messages", json={"user_id": "tz", "messages": [
            {"content": "I moved to Oslo", "created_at": "2026-01-01T09:00:00"},
            {"content": "I moved to Rome", "created_at": "2026-03-01T09:00:00+01:00"}]})
        assert added.status_code == 200, added.text
        episodes = c.get("/v1/episodes", params={"user_id": "tz"}).json()["items"]
        assert sorted(e["created_at"] for e in episodes) == ["2026-01-01T09:00:00Z", "2026-03-01T08:00:00Z"]
        forgot = c.post("/v1/forget", json={"user_id": "tz", "before": "2026-02-01T00:00:00"})
        assert forgot.status_code == 200, forgot.text
        assert forgot.json()["counts"]["episodes"] == 1
        left = c.get("/v1/episodes", params={"user_id": "tz"}).json()["items"]
        as_of = c.post("/v1/search", json={"user_id": "tz", "query": "Rome", "as_of": "2026-12-01T00:00:00"})
    assert [e["content"] for e in left] == ["I moved to Rome"]
    assert as_of.status_code == 200, as_of.text


def test_relative_days_are_read_in_the_offset_the_message_was_sent_with(keyed_server: Server,
                                                                       keys: dict[str, str]) -> None:
    """07:00 on 1 January at +08:00 is still 31 December in UTC: "tomorrow" is 2 January for
    the speaker, so the event starts at 2026-01-01T16:00Z, as in the SDK."""
    with keyed_server.client(keys["acme"]) as c:
        added = c.post("/v1/messages", json={"user_id": "tz8", "messages": [
            {"content": "I have a dentist appointment tomorrow", "created_at": "2026-01-01T07:00:00+08:00"}]})
        assert added.status_code == 200, added.text
        [fact] = [f for f in c.get("/v1/facts", params={"user_id": "tz8"}).json()["items"]
                  if f["key"] == "schedule.event"]
        episodes = c.get("/v1/episodes", params={"user_id": "tz8"}).json()["items"]
    assert fact["valid_from"] == "2026-01-01T16:00:00Z"
    assert [e["created_at"] for e in episodes] == ["2025-12-31T23:00:00Z"]  # stored in UTC


def test_import_with_another_tenants_key_says_where_the_records_went(keyed_server: Server,
                                                                     keys: dict[str, str]) -> None:
    with keyed_server.client(keys["acme"]) as a:
        a.post("/v1/messages", json={"user_id": "mover", "messages": [{"content": "I prefer email"},
                                                                      {"content": "I live in Lyon"}]})
        exported = a.get("/v1/export", params={"user_id": "mover"}).content
    with keyed_server.client(keys["beta"]) as b:
        answer = b.post("/v1/import", content=exported, headers={"content-type": "application/x-ndjson"})
        assert answer.status_code == 200, answer.text
        stored = b.get("/v1/episodes", params={"user_id": "mover"}).json()["items"]
    body = answer.json()
    assert body["added"] == 2 and body["moved"] == {"acme/p1": 2}
    assert "(2 from 'acme/p1') were imported into 'beta/p2', the tenant of this request's API key" in body["note"]
    assert {e["scope"]["org_id"] for e in stored} == {"beta"}


def test_forget_by_filter_over_rest(keyed_server: Server, keys: dict[str, str]) -> None:
    with keyed_server.client(keys["acme"]) as c:
        c.post("/v1/messages", json={"user_id": "ff", "messages": [
            {"content": "I'm allergic to peanuts"}, {"content": "I live in Oslo", "metadata": {"source": "crm"}}]})
        facts = c.post("/v1/forget", json={"user_id": "ff", "filter": 'tag = "health"'})
        episodes = c.post("/v1/forget", json={"user_id": "ff", "filter": 'metadata.source = "crm"', "kind": "episode"})
        bad = _error(c.post("/v1/forget", json={"user_id": "ff", "filter": "tag ~ 1"}), 400, "invalid_filter")
        left = c.get("/v1/facts", params={"user_id": "ff", "status": "all"}).json()["items"]
        stored = c.get("/v1/episodes", params={"user_id": "ff"}).json()["items"]
    assert facts.status_code == 200 and facts.json()["counts"]["facts"] == 1, facts.text
    assert episodes.status_code == 200 and episodes.json()["counts"]["episodes"] == 1, episodes.text
    assert episodes.json()["counts"]["facts"] == 1  # Oslo was supported by that episode only
    assert bad["details"]["position"] == 5 and "at character 5 " in bad["message"]
    assert left == [] and [e["content"] for e in stored] == ["I'm allergic to peanuts"]


def test_forget_by_a_traditional_value_deletes_what_the_user_wrote_in_traditional(keyed_server: Server) -> None:
    # A bob-bound key's forget with value = "順豐" must not answer 200 with every count 0.
    with keyed_server.client(ADMIN_KEY) as admin:
        made = admin.post("/v1/keys", json={"org_id": "acme", "project_id": "p1", "user_id": "bob", "name": "bob"})
        assert made.status_code == 200, made.text
    with keyed_server.client(made.json()["secret"]) as c:
        c.post("/v1/messages", json={"user_id": "bob", "messages": [{"content": "我以後都希望用順豐，別放門口"}]})
        listed = c.get("/v1/facts", params={"user_id": "bob", "filter": 'value = "順豐"'}).json()["items"]
        gone = c.post("/v1/forget", json={"user_id": "bob", "filter": 'value = "順豐"'})
        left = c.get("/v1/facts", params={"user_id": "bob", "status": "all"}).json()["items"]
    assert [f["key"] for f in listed] == ["shipping.carrier"]
    assert gone.status_code == 200 and gone.json()["counts"]["facts"] == 1, gone.text
    assert [f["key"] for f in left] == ["shipping.dropoff"]


def test_deleting_an_edit_names_the_value_it_replaced_and_the_event_that_brings_it_back(
        keyed_server: Server, keys: dict[str, str]) -> None:
    # DELETE of the value a PATCH set must not leave no current value and no word on the old one.
    with keyed_server.client(keys["acme"]) as c:
        c.post("/v1/messages", json={"user_id": "dan", "messages": [{"content": "I prefer UPS for delivery"}]})
        ups = c.get("/v1/facts", params={"user_id": "dan"}).json()["items"][0]
        fedex = c.patch(f"/v1/facts/{ups['id']}", json={"value": "FedEx"}, params={"user_id": "dan"}).json()
        history = c.get(f"/v1/facts/{ups['id']}/history", params={"user_id": "dan"}).json()["timeline"]
        event = next(e["id"] for entry in history for e in entry["events"] if e["action"] == "supersede")
        deleted = c.delete(f"/v1/facts/{fedex['id']}", params={"user_id": "dan"})
        back = c.post(f"/v1/events/{event}/rollback", params={"user_id": "dan"})
        current = c.get("/v1/facts", params={"user_id": "dan"}).json()["items"]
        # Deleting a value that replaced nothing says nothing more.
        plain = c.delete(f"/v1/facts/{current[0]['id']}", params={"user_id": "dan"})
    assert deleted.status_code == 200, deleted.text
    body = deleted.json()
    assert body["deleted"] == fedex["id"]
    assert body["replaced"] == [{"fact_id": ups["id"], "key": "shipping.carrier", "value": "UPS", "event_id": event,
                                 "by": fedex["id"]}]
    assert body["note"] == (f"fact #{ups['id']} (shipping.carrier = UPS), which fact #{fedex['id']} had replaced, "
                            f"stays superseded, so shipping.carrier may have no current value; "
                            f"POST /v1/events/{event}/rollback makes it current again")
    assert back.status_code == 200 and [(f["id"], f["value"]) for f in current] == [(ups["id"], "UPS")]
    # (its message stays: ``sources_kept`` and the note say so)
    assert {k: plain.json()[k] for k in ("deleted", "replaced")} == {"deleted": ups["id"], "replaced": []}
    assert plain.json()["sources_kept"] == ups["citations"] and "still stored" in plain.json()["note"]


def test_forgetting_a_session_names_the_value_left_without_a_successor(keyed_server: Server,
                                                                      keys: dict[str, str]) -> None:
    # Not only a one-fact delete says how to get the replaced value back.
    with keyed_server.client(keys["acme"]) as c:
        for session, content in (("s1", "I prefer UPS for delivery"), ("s2", "Actually, make it FedEx")):
            c.post("/v1/messages", json={"user_id": "rn", "session_id": session, "messages": [{"content": content}]})
        forgot = c.post("/v1/forget", json={"user_id": "rn", "session_id": "s2"})
        assert forgot.status_code == 200, forgot.text
        [replaced] = forgot.json()["replaced"]
        assert replaced["value"] == "UPS" and forgot.json()["counts"]["memory_events_scrubbed"] == 1
        assert f"POST /v1/events/{replaced['event_id']}/rollback makes it current again" in forgot.json()["note"]
        history = c.get(f"/v1/facts/{replaced['fact_id']}/history", params={"user_id": "rn"})
        assert history.status_code == 200, history.text
        assert "FedEx" not in history.text
        rolled = c.post(f"/v1/events/{replaced['event_id']}/rollback", params={"user_id": "rn"})
        assert rolled.status_code == 200 and [f["value"] for f in rolled.json()["facts"]] == ["UPS"], rolled.text
