"""``POST /v1/messages`` with an ``Idempotency-Key`` over real HTTP (without it a
retried POST without ``created_at`` is stored twice): the retry is answered with the first
result, marked replayed, and stores nothing, also after the server restarts, on a SQLite file
and on PostgreSQL; ``POST /v1/import`` takes the key too; a key reused for another body is a
422, a malformed one too.

The restart is a new engine and app on the same database in this process (``TestClient``): what a
new server process opens, so the replay it answers was kept in the database, not in the server's
process; a second server start (~2.4 s of CPU, twice) bought nothing more. On SQLite the server is
the run's hashing-64 one (``hashing_server``: this module writes as user t9 alone, its keys its
own), on PostgreSQL one of its own on a new database."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from serverproc import Server, start_server

from memstrata import HashingEmbedder, Memory
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig

BODY = {"user_id": "t9", "messages": [{"content": "I prefer UPS for delivery"}, {"content": "I like tea"}]}
MODEL = "hashing-64"


def _post(c: httpx.Client, body: dict[str, Any], key: str | None) -> httpx.Response:
    return c.post("/v1/messages", json=body, headers={"Idempotency-Key": key} if key is not None else {})


def _episodes(c: httpx.Client) -> list[str]:
    got = c.get("/v1/episodes", params={"user_id": "t9"})
    assert got.status_code == 200, got.text
    return sorted(e["content"] for e in got.json()["items"])


def _scenario(server: Server, database: str | Path, stop: Callable[[], None]) -> None:
    """The retries against ``server``, then ``stop`` and a new engine on ``database``."""
    try:
        with server.client() as c:
            first = _post(c, BODY, "6f1c-retry")
            assert first.status_code == 200, first.text
            assert first.json()["replayed"] is False and "idempotent-replayed" not in first.headers
            again = _post(c, BODY, "6f1c-retry")
            assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
            assert again.json()["replayed"] is True
            assert [r["episode_id"] for r in again.json()["results"]] == [
                r["episode_id"] for r in first.json()["results"]]
            assert [c["fact"]["value"] for r in again.json()["results"] for c in r["facts"]] == ["UPS", "tea"]
            other = _post(c, {"user_id": "t9", "messages": [{"content": "I prefer DHL"}]}, "6f1c-retry")
            assert other.status_code == 422 and other.json()["error"]["code"] == "idempotency_key_reused"
            for bad in ("", "x" * 300):
                refused = _post(c, BODY, bad)
                assert refused.status_code == 422, (bad, refused.text)
            # "é" in UTF-8 was read as Latin-1 and named as "character 'Ã' at character 1"
            accented = c.post("/v1/messages", json=BODY, headers={"Idempotency-Key": "é-1".encode()})
            assert accented.status_code == 422 and "has character 'é' at character 1" in accented.text
            # /v1/import of JSONL message objects (no created_at: stamped on arrival) takes the key too
            lines = '{"content": "I live in Berlin"}\n{"content": "I work as a nurse"}\n'
            imported = [c.post("/v1/import", params={"user_id": "t9"}, content=lines.encode(), headers={
                "Content-Type": "application/x-ndjson", "Idempotency-Key": "import-1"}) for _ in range(2)]
        assert [(r.status_code, r.json()["added"], r.json()["replayed"]) for r in imported] == [
            (200, 2, False), (200, 2, True)]
        assert imported[1].headers["idempotent-replayed"] == "true"
    finally:
        stop()
    # the same database, a new engine and app (the server's configuration: no keys, the same model)
    with Memory(database, embedder=HashingEmbedder(dim=64)) as memory, \
            TestClient(create_app(ServerConfig(), memory=memory)) as c:
        after = _post(c, BODY, "6f1c-retry")
        assert after.status_code == 200 and after.json()["replayed"] is True
        assert _episodes(c) == ["I like tea", "I live in Berlin", "I prefer UPS for delivery", "I work as a nurse"]
        assert _post(c, BODY, None).json()["replayed"] is False  # no key: stored again, as before
        assert len(_episodes(c)) == 6
        # forgotten since: the retry named both messages stored ("forgotten": false, deleted ids), "forgotten": []
        assert c.post("/v1/forget", json={"user_id": "t9"}).status_code == 200
        gone = _post(c, BODY, "6f1c-retry")
        assert (gone.status_code, gone.headers.get("idempotent-replayed")) == (200, "true")
        assert {k: gone.json()[k] for k in ("results", "forgotten", "replayed")} == {
            "results": [], "forgotten": [0, 1], "replayed": True}
        assert _episodes(c) == []


def test_a_retried_post_is_stored_once_on_sqlite(hashing_server: Server) -> None:
    _scenario(hashing_server, hashing_server.db, lambda: None)  # the run's server goes on for other modules


def test_a_retried_post_is_stored_once_on_postgres(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    url = pg_url()
    server = start_server(tmp_path, database_url=url, MEMSTRATA_EMBEDDING_MODEL=MODEL)
    _scenario(server, url, server.stop)
