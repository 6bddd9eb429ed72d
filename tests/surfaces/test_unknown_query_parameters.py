"""A query parameter a route or page does not read is refused, naming it, on REST and on the
inspector, as the GET listings (whose query models forbid extras) already refused one.

``POST /v1/search?user_id=carol`` with alice's key answered alice's hits (the route reads its scope
from the body, the query was ignored), and ``/ui/search?user=alice&q=tea&limit=0`` or ``&colour=red``
showed a page as if the parameter were read. A real ``memstrata serve`` with keys on a real SQLite
file; the routes read nothing and change nothing when refused.
"""

from __future__ import annotations

import html

import pytest
from serverproc import ADMIN_KEY, Server


@pytest.fixture(scope="module")
def alice(keyed_server: Server) -> str:
    """A key bound to user ``q-alice``, who said one thing."""
    with keyed_server.client(ADMIN_KEY) as admin:
        made = admin.post("/v1/keys", json={"org_id": "default", "project_id": "default", "user_id": "q-alice"})
        assert made.status_code in (200, 201), made.text
        added = admin.post("/v1/messages", json={"user_id": "q-alice", "messages": [{"content": "I like green tea"}]})
        assert added.status_code == 200, added.text
    return str(made.json()["secret"])


@pytest.mark.parametrize(("method", "path", "body", "name"), [
    ("POST", "/v1/search?user_id=carol", {"query": "tea"}, "user_id"),
    ("POST", "/v1/context?colour=red", {"query": "tea"}, "colour"),
    ("POST", "/v1/messages?session_id=s1", {"messages": [{"content": "I like black tea"}]}, "session_id"),
    ("POST", "/v1/forget?user_id=q-alice", {"session_id": "none"}, "user_id"),
    ("DELETE", "/v1/projects/nothing?org_id=o&colour=red", None, "colour"),
])
def test_rest_refuses_a_query_parameter_the_route_does_not_read(keyed_server: Server, alice: str, method: str,
                                                                 path: str, body: object, name: str) -> None:
    key = ADMIN_KEY if path.startswith("/v1/projects") else alice
    with keyed_server.client(key) as client:
        answer = client.request(method, path, json=body)
        episodes = client.get("/v1/episodes", params={"user_id": "q-alice"}).json()["items"]
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["details"]["field"]) == ("validation_error", name), error
    assert error["message"].startswith(f"{name}: Extra inputs are not permitted: this route reads ")
    assert [e["content"] for e in episodes] == ["I like green tea"]  # nothing stored, nothing forgotten


def test_rest_refuses_a_query_parameter_given_twice(keyed_server: Server) -> None:
    """FastAPI read the last of a repeated parameter: ``DELETE /v1/facts/N?user_id=q-alice&user_id=q-bob``
    deleted q-bob's fact, and a listing answered q-bob's facts for both users named."""
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "q-bob", "messages": [{"content": "I live in Paris"}]})
        assert added.status_code == 200, added.text
        fact = admin.get("/v1/facts", params={"user_id": "q-bob"}).json()["items"][0]["id"]
        answers = [admin.delete(f"/v1/facts/{fact}?user_id=q-alice&user_id=q-bob"),
                   admin.get("/v1/facts?user_id=q-alice&user_id=q-bob")]
        kept = admin.get("/v1/facts", params={"user_id": "q-bob"}).json()["items"]
    for answer in answers:
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert error["details"]["field"] == "user_id", error
        assert error["message"].startswith("user_id: given 2 times ('q-alice', 'q-bob'); give it once"), error
    assert [f["id"] for f in kept] == [fact]  # nothing deleted


def test_rest_says_a_body_route_reads_its_arguments_from_the_body(keyed_server: Server, alice: str) -> None:
    with keyed_server.client(alice) as client:
        answer = client.post("/v1/search?user_id=carol", json={"query": "tea"})
        listed = client.get("/v1/facts", params={"user_id": "q-alice", "colour": "red"})
        plain = client.post("/v1/search", json={"query": "tea"})
    assert answer.json()["error"]["message"] == ("user_id: Extra inputs are not permitted: this route reads no "
                                                 "query parameter; its arguments go in the JSON body")
    assert listed.status_code == 422 and listed.json()["error"]["details"]["field"] == "colour", listed.text
    assert plain.status_code == 200 and plain.json()["hits"], plain.text


@pytest.mark.parametrize("extra", [{"limit": "0"}, {"colour": "red"}])
def test_the_inspector_refuses_a_parameter_its_page_does_not_read(keyed_server: Server, alice: str,
                                                                  extra: dict[str, str]) -> None:
    with keyed_server.client(ADMIN_KEY) as client:
        page = client.get("/ui/search", params={"user": "q-alice", "q": "tea", **extra})
        fine = client.get("/ui/search", params={"user": "q-alice", "q": "tea", "org": "default"})
    assert page.status_code == 422, page.text[:300]
    name = next(iter(extra))
    assert (f"the page reads no `{name}` in its address; it reads `org`, `project`, `user`, `session`, `q`, "
            "`filter`, `mode`, `as_of`, `min_match`, `kinds`") in html.unescape(page.text), page.text
    assert fine.status_code == 200 and "green tea" in fine.text
