"""Cursor pages over real HTTP: ``GET /v1/facts`` and ``/v1/episodes``
with ``cursor=start`` then ``next_cursor`` return every row once while messages are posted
between pages; ``offset`` keeps working; a cursor with an offset, or a made-up one, is a 422.
The CLI's ``list --cursor`` pages the same way. A real ``memstrata serve`` on a SQLite file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server, start_server

from clirun import Run, cli

SAID = ["I like tea", "I live in Berlin", "I have a dog named Rex", "I am allergic to peanuts",
        "I prefer UPS for delivery", "My favourite colour is blue", "I work as a nurse", "I like hiking",
        "I like jazz", "I speak French", "My birthday is March 3", "I prefer window seats"]
USER = "pager"  # the shared server's other users are other modules'


@pytest.fixture(scope="module")
def server(hashing_server: Server) -> Server:
    """The test process's open server with the hashing model, shared with other modules: ``USER``
    (this module's own) has said ``SAID`` there."""
    with hashing_server.client() as c:
        added = c.post("/v1/messages", json={"user_id": USER, "messages": [{"content": t} for t in SAID]})
        assert added.status_code == 200, added.text
    return hashing_server


def _get(server: Server, path: str, **params: Any) -> dict[str, Any]:
    with server.client() as c:
        got = c.get(path, params={"user_id": USER, **params})
    assert got.status_code == 200, got.text
    body: dict[str, Any] = got.json()
    return body


def test_fact_pages_by_cursor_survive_posts_between_pages(server: Server) -> None:
    everything = {f["id"] for f in _get(server, "/v1/facts", limit=100)["items"]}
    first = _get(server, "/v1/facts", limit=7, cursor="start")
    assert len(first["items"]) == 7 and first["next_cursor"] and first["next_offset"] is None
    with server.client() as c:  # three posts between pages
        posted = c.post("/v1/messages", json={"user_id": USER, "messages": [
            {"content": f"I like new hobby zNq{i}"} for i in range(3)] + [{"content": "I like tea"}]})
        assert posted.status_code == 200, posted.text
    second = _get(server, "/v1/facts", limit=7, cursor=first["next_cursor"])
    ids = [f["id"] for f in first["items"] + second["items"]]
    assert second["next_cursor"] is None and len(ids) == len(set(ids)) and set(ids) == everything
    # offset paging is still there, unchanged
    old = _get(server, "/v1/facts", limit=7, offset=0)
    assert old["next_offset"] == 7 and old["next_cursor"] is None


def test_episode_pages_by_cursor_and_refusals(server: Server) -> None:
    seen: list[int] = []
    cursor: str | None = "start"
    while cursor is not None:
        page = _get(server, "/v1/episodes", limit=5, cursor=cursor)
        seen += [e["id"] for e in page["items"]]
        cursor = page["next_cursor"]
        with server.client() as c:  # a message between every two pages
            assert c.post("/v1/messages", json={"user_id": USER, "messages": [
                {"content": f"between pages {len(seen)}"}]}).status_code == 200
    assert len(seen) == len(set(seen)) and len(seen) >= len(SAID)
    with server.client() as c:
        both = c.get("/v1/facts", params={"user_id": USER, "cursor": "start", "offset": 5})
        made_up = c.get("/v1/episodes", params={"user_id": USER, "cursor": "abc"})
        crossed = c.get("/v1/episodes", params={"user_id": USER, "cursor": _get(
            server, "/v1/facts", limit=1, cursor="start")["next_cursor"]})
    assert both.status_code == 422 and both.json()["error"]["details"] == {"field": "cursor"}
    assert made_up.status_code == 422 and "not a cursor memstrata gave" in made_up.json()["error"]["message"]
    assert crossed.status_code == 422 and "list of facts" in crossed.json()["error"]["message"]


def test_cli_list_pages_with_a_cursor(server: Server) -> None:
    def run(*args: str) -> Run:
        return cli("list", "--json", "--db", server.db, "--user", USER, "--limit", "10", *args)
    first = run("--cursor", "start")
    assert first.returncode == 0, first.stderr
    following = first.stderr.strip().removeprefix("next page: --cursor ")
    assert following != first.stderr.strip()
    rest = run("--cursor", following)
    assert rest.returncode == 0, rest.stderr
    ids = [f["id"] for f in json.loads(first.stdout) + json.loads(rest.stdout)]
    listed = {f["id"] for f in _get(server, "/v1/facts", limit=100)["items"]}
    assert len(ids) == len(set(ids)) and set(ids) == listed


def test_cursor_pages_over_http_on_postgres(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    pg = start_server(tmp_path, database_url=pg_url(), MEMSTRATA_EMBEDDING_MODEL="hashing-64")
    try:
        with pg.client() as c:
            assert c.post("/v1/messages", json={"user_id": USER, "messages": [
                {"content": t} for t in SAID]}).status_code == 200
        everything = {f["id"] for f in _get(pg, "/v1/facts", limit=100)["items"]}
        seen: list[int] = []
        cursor: str | None = "start"
        while cursor is not None:
            page = _get(pg, "/v1/facts", limit=5, cursor=cursor)
            seen += [f["id"] for f in page["items"]]
            cursor = page["next_cursor"]
            with pg.client() as c:  # a new fact and a re-statement of the oldest between every two pages
                assert c.post("/v1/messages", json={"user_id": USER, "messages": [
                    {"content": f"I like board game {len(seen)}"}, {"content": SAID[0]}]}).status_code == 200
        assert len(seen) == len(set(seen)) and set(seen) == everything
    finally:
        pg.stop()
