"""Limits, concurrency and start-up rules of ``memstrata serve``, over real HTTP.

One server with small limits (body 20 kB, batch 5, search limit 20, result payload 4 kB,
rate 30 requests a minute per key) and an admin key, embedding with the hashing model
(``hashing-64``: no limit depends on the model, whose load cost the start ~1 s of CPU); the open
server (no keys, two uvicorn workers on one SQLite file, the real model) takes eight concurrent
writers.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from serverproc import ADMIN_KEY, Server, free_port, start_server

from clirun import cli

RATE = 30


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server(tmp_path_factory.mktemp("limits"), MEMSTRATA_ADMIN_KEY=ADMIN_KEY,
                          MEMSTRATA_EMBEDDING_MODEL="hashing-64",
                          MEMSTRATA_MAX_BODY_BYTES="20000", MEMSTRATA_MAX_BATCH="5", MEMSTRATA_MAX_SEARCH_LIMIT="20",
                          MEMSTRATA_MAX_RESPONSE_BYTES="4000", MEMSTRATA_RATE_LIMIT=str(RATE))
    yield server
    server.stop()


def _code(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    return str(error["code"])


def test_body_over_the_limit_is_413(small: Server) -> None:
    big = {"user_id": "u", "messages": [{"content": "x" * 25_000}]}
    with small.client(ADMIN_KEY) as c:
        assert _code(c.post("/v1/messages", json=big), 413) == "body_too_large"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted while read
            yield b'{"user_id": "u", "messages": [{"content": "'
            for _ in range(30):
                yield b"y" * 1000
            yield b'"}]}'
        assert _code(c.post("/v1/messages", content=chunks(), headers={"content-type": "application/json"}),
                     413) == "body_too_large"
        assert c.get("/v1/episodes", params={"user_id": "u"}).json()["items"] == []


def test_batch_over_the_limit_is_413_and_stores_nothing(small: Server) -> None:
    with small.client(ADMIN_KEY) as c:
        response = c.post("/v1/messages", json={"user_id": "u", "messages": [{"content": f"m{i}"} for i in range(6)]})
        assert _code(response, 413) == "batch_too_large"
        assert response.json()["error"]["details"] == {"max": 5}
        assert c.get("/v1/episodes", params={"user_id": "u"}).json()["items"] == []


def test_search_limit_over_the_maximum_is_422(small: Server) -> None:
    with small.client(ADMIN_KEY) as c:
        assert _code(c.post("/v1/search", json={"user_id": "u", "query": "x", "limit": 21}), 422) == "limit_too_large"
        assert _code(c.get("/v1/facts", params={"user_id": "u", "limit": 21}), 422) == "limit_too_large"
        # over every door's bound (1..1000): the SDK's one check and words (arguments.check_limit)
        assert _code(c.post("/v1/search", json={"user_id": "u", "query": "x", "limit": 5000}), 422) == \
            "invalid_input"


def test_nan_metadata_and_an_over_long_query_are_422_naming_what(small: Server) -> None:
    # Python's JSON parser takes NaN although JSON has none; stored, it broke every metadata filter.
    body = b'{"user_id": "n", "messages": [{"content": "ok", "metadata": {"x": NaN}}]}'
    with small.client(ADMIN_KEY) as c:
        nan = c.post("/v1/messages", content=body, headers={"content-type": "application/json"})
        assert _code(nan, 422) == "invalid_input"
        assert "metadata.x is nan" in nan.json()["error"]["message"]
        assert c.get("/v1/episodes", params={"user_id": "n"}).json()["items"] == []
        long = c.post("/v1/search", json={"user_id": "n", "query": "tea " * 4200})
        assert _code(long, 422) == "invalid_input"
        assert "query is 16,800 characters; the limit is 16,384" in long.json()["error"]["message"]
        assert long.json()["error"]["details"] == {"field": "query"}  # before: {}, as every door answered


def test_result_payload_is_bounded_and_says_so(small: Server) -> None:
    with small.client(ADMIN_KEY) as c:
        for start in range(0, 10, 5):
            batch = [{"content": f"Note {i} about the garden: " + "tomatoes and basil grow well here. " * 12}
                     for i in range(start, start + 5)]
            assert c.post("/v1/messages", json={"user_id": "g", "messages": batch}).status_code == 200
        answer = c.post("/v1/search", json={"user_id": "g", "query": "garden tomatoes", "limit": 10,
                                            "kinds": ["episode"]}).json()
        page = c.get("/v1/episodes", params={"user_id": "g", "limit": 10}).json()
        default = c.get("/v1/episodes", params={"user_id": "g"})  # default 50, lowered to the maximum 20
    assert answer["truncated"] is True and 1 <= len(answer["hits"]) < 10
    assert page["truncated"] is True and page["next_offset"] == len(page["items"]) < 10
    assert default.status_code == 200 and len(default.json()["items"]) == len(page["items"])


def test_rate_limit_answers_429_with_retry_after(small: Server) -> None:
    with small.client(ADMIN_KEY) as admin:
        key = admin.post("/v1/keys", json={"org_id": "o", "project_id": "p"}).json()["secret"]
    statuses = []
    with small.client(key) as c:
        for _ in range(RATE + 5):
            response = c.get("/v1/facts", params={"user_id": "u"})
            statuses.append(response.status_code)
            if response.status_code == 429:
                assert _code(response, 429) == "rate_limited"
                assert int(response.headers["Retry-After"]) >= 1
                break
    assert statuses[:RATE] == [200] * RATE and statuses[-1] == 429


def test_serve_refuses_a_public_interface_without_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (``clirun``): the refusal comes before any server starts, so a start is this
    test's failure, not a server that never returns."""
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("serve started a server on 0.0.0.0 without API keys")

    monkeypatch.setattr(uvicorn, "run", started)
    run = cli("serve", "--host", "0.0.0.0", "--port", str(free_port()), env={"MEMSTRATA_DB": str(tmp_path / "m.db")})
    assert run.returncode == 2
    assert "refusing to listen on 0.0.0.0 without API keys" in run.stderr


def test_open_server_says_it_is_loopback_only(open_server: Server) -> None:
    assert "WITHOUT authentication on loopback only" in open_server.log.read_text()


def test_eight_concurrent_writers_lose_nothing(open_server: Server) -> None:
    """8 clients × 12 single-message requests at once, against two worker processes on one file."""
    errors: list[str] = []

    def writer(n: int) -> None:
        with open_server.client() as c:
            for i in range(12):
                response = c.post("/v1/messages", json={"user_id": "crowd", "session_id": f"w{n}", "messages": [
                    {"content": f"writer {n} message {i}: I like tea number {n * 100 + i}"}]})
                if response.status_code != 200 or not response.json()["results"][0]["created"]:
                    errors.append(f"{n}/{i}: {response.status_code} {response.text[:200]}")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with open_server.client() as c:
        episodes = c.get("/v1/episodes", params={"user_id": "crowd", "limit": 100}).json()["items"]
        hits = c.post("/v1/search", json={"user_id": "crowd", "query": "writer 7 message 11", "limit": 5}).json()
        metrics = c.get("/metrics").text
    assert sorted(e["content"].split(":")[0] for e in episodes) == sorted(
        f"writer {n} message {i}" for n in range(8) for i in range(12))
    assert any(h["text"].startswith("writer 7 message 11") for h in hits["hits"])
    # Both workers' requests are in the aggregated (multiprocess) metrics.
    total = sum(float(line.rsplit(" ", 1)[1]) for line in metrics.splitlines()
                if line.startswith('memstrata_http_requests_total{method="POST",route="/v1/messages",status="200"}'))
    assert total >= 96


def test_metadata_nested_past_the_limit_is_422_naming_the_path(small: Server) -> None:
    # 900 levels used to reach the redactor and fail with a RecursionError (HTTP 500).
    body = '{"user_id": "d", "messages": [{"content": "ok", "metadata": ' + '{"a": ' * 900 + "1" + "}" * 900 + "}]}"
    with small.client(ADMIN_KEY) as c:
        deep = c.post("/v1/messages", content=body.encode(), headers={"content-type": "application/json"})
        assert _code(deep, 422) == "invalid_input"
        assert "metadata" + ".a" * 32 + " is nested 33 levels deep" in deep.json()["error"]["message"]
        assert c.get("/v1/episodes", params={"user_id": "d"}).json()["items"] == []
        # 2,000 levels (5,000 likewise): the JSON parser gave up, "There was an error parsing the body"
        deeper = c.post("/v1/messages", content=body.replace('{"a": ' * 900, '{"a": ' * 2000).replace(
            "}" * 900, "}" * 2000).encode(), headers={"content-type": "application/json"})
        assert _code(deeper, 400) == "malformed_json" and deeper.json()["error"]["details"] == {"position": 5503}
        assert "nests objects and arrays more than 910 levels deep at character 5503" in deeper.text


def test_several_workers_share_a_metrics_directory_that_goes_when_the_server_stops(tmp_path) -> None:
    # serve --workers 2 makes a fresh directory for the workers' metrics; it was left in the
    # temporary folder at every stop, one more for each restart.
    temp = tmp_path / "temp"
    temp.mkdir()
    server = start_server(tmp_path, workers=2, MEMSTRATA_EMBEDDING_MODEL="none", TMPDIR=str(temp))
    try:
        with server.client() as c:
            assert c.get("/metrics").status_code == 200
        assert [p.name.startswith("memstrata-metrics-") for p in temp.iterdir()] == [True]
    finally:
        server.stop()
    assert list(temp.iterdir()) == []
