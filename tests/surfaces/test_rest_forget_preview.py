"""``POST /v1/forget/preview`` over real HTTP: what ``POST /v1/forget`` with the same body would delete,
deleting nothing; the forget that follows counts the same rows; a body the forget refuses is refused the
same way. Users of this module: fp-ann, fp-bo."""

from __future__ import annotations

from typing import Any

from serverproc import Server


def test_the_preview_of_each_body_counts_what_the_forget_then_deletes(open_server: Server) -> None:
    with open_server.client() as c:
        added = c.post("/v1/messages", json={"user_id": "fp-ann", "session_id": "s1", "messages": [
            {"content": "I'm allergic to peanuts and I ship with FedEx"}, {"content": "I live in Berlin"},
            {"content": "My favourite colour is green"}]})
        assert added.status_code == 200, added.text
        ids = {f["value"]: f["id"] for f in c.get("/v1/facts", params={"user_id": "fp-ann"}).json()["items"]}
        green = next(e["id"] for e in c.get("/v1/episodes", params={"user_id": "fp-ann"}).json()["items"]
                     if e["content"] == "My favourite colour is green")
        bodies: list[dict[str, Any]] = [
            {"user_id": "fp-ann", "fact_id": ids["peanuts"], "sources": True},
            {"user_id": "fp-ann", "filter": 'key = "identity.location"'},
            {"user_id": "fp-ann", "episode_id": green}]
        for body in bodies:
            before = c.get("/v1/facts", params={"user_id": "fp-ann", "status": "all"}).json()["items"]
            shown = c.post("/v1/forget/preview", json=body)
            assert shown.status_code == 200, shown.text
            preview = shown.json()
            assert c.get("/v1/facts", params={"user_id": "fp-ann", "status": "all"}).json()["items"] == before
            receipt = c.post("/v1/forget", json=body).json()
            assert {t: receipt["counts"][t] for t in preview["counts"]} == preview["counts"], body
            assert "job_id" not in receipt, receipt  # deleted within the request: no job (it said job_id 0)
            left = {f["id"] for f in c.get("/v1/facts", params={"user_id": "fp-ann", "status": "all"}).json()["items"]}
            assert {f["id"] for f in preview["facts"]} == {f["id"] for f in before} - left != set(), body
        assert {f["value"] for f in preview["facts"]} == {"green"}  # the last body: the message and its fact
        user = c.post("/v1/forget", json={"user_id": "fp-ann"}).json()  # a user's forget runs a job: named
        assert isinstance(user["job_id"], int) and user["job_id"] > 0, user


def test_a_body_the_forget_refuses_is_refused_by_its_preview(open_server: Server) -> None:
    with open_server.client() as c:
        for body, field in (({"user_id": "fp-bo", "fact_id": None}, "fact_id"), ({}, None),
                            ({"all_users": True}, "org_id")):
            answer = c.post("/v1/forget/preview", json=body)
            assert answer.status_code == 422, (body, answer.text)
            error = answer.json()["error"]
            assert error["code"] == "invalid_input" and "POST /v1/forget/preview" in error["message"], error
            if field:
                assert error["details"]["field"] == field, error
