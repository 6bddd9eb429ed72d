"""``memstrata serve`` with an LLM configured runs the extraction worker: a message posted over
REST is extracted in the background (real server process, real HTTP to the scripted LLM)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from serverproc import start_server

from fakes.openai_server import FakeLLMServer, Reply, Request


def test_serve_extracts_posted_messages_in_the_background(tmp_path: Path, llm_server: FakeLLMServer) -> None:
    def extract(request: Request) -> Reply:
        assert "I keep bees on my roof" in request.prompt
        return Reply({"commands": [{"command": "add", "tag": "hobbies", "feature": "beekeeping",
                                    "value": "keeps bees on the roof"}]})

    llm_server.respond_with(extract)
    server = start_server(tmp_path, MEMSTRATA_EMBEDDING_MODEL="none", MEMSTRATA_LLM_PROVIDER="openai",
                          MEMSTRATA_LLM_BASE_URL=llm_server.base_url, MEMSTRATA_LLM_MODEL="fake-model",
                          MEMSTRATA_FLUSH_EVERY="1")
    try:
        with server.client() as c:
            posted = c.post("/v1/messages", json={"user_id": "alice", "session_id": "s1",
                                                  "messages": [{"content": "I keep bees on my roof"}]})
            assert posted.status_code == 200, posted.text
            assert posted.json()["results"][0]["extraction"] == "queued"
            values: list[str] = []
            deadline = time.monotonic() + 90  # the worker polls every second; the machine may be busy
            while time.monotonic() < deadline:
                items = c.get("/v1/facts", params={"user_id": "alice", "key": "profile"}).json()["items"]
                values = [f["value"] for f in items]
                if values:
                    break
                time.sleep(0.1)
        assert values == ["keeps bees on the roof"]
        assert len(llm_server.requests) == 1
    finally:
        server.stop()


def test_two_server_processes_on_postgres_extract_each_message_once(tmp_path: Path, llm_server: FakeLLMServer,
                                                                     pg_url: Callable[[], str]) -> None:
    """``serve --workers 2`` on one PostgreSQL database: both processes run an extraction worker
    over the shared queue; every posted message becomes one feature, extracted once."""
    def one_feature(request: Request) -> Reply:
        notes = re.findall(r"note (\d+) about hobby", request.prompt)
        return Reply({"commands": [{"command": "add", "tag": "hobbies", "feature": f"hobby {n}",
                                    "value": f"hobby number {n}"} for n in notes]})

    llm_server.respond_with(one_feature)
    server = start_server(tmp_path, workers=2, database_url=pg_url(), MEMSTRATA_EMBEDDING_MODEL="none",
                          MEMSTRATA_LLM_PROVIDER="openai", MEMSTRATA_LLM_BASE_URL=llm_server.base_url,
                          MEMSTRATA_LLM_MODEL="fake-model", MEMSTRATA_FLUSH_EVERY="1")
    sessions = 6
    try:
        with server.client() as c:
            for n in range(sessions):
                posted = c.post("/v1/messages", json={"user_id": "alice", "session_id": f"s{n}",
                                                      "messages": [{"content": f"note {n} about hobby {n}"}]})
                assert posted.status_code == 200, posted.text
            values: list[str] = []
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and len(values) < sessions:
                items = c.get("/v1/facts", params={"user_id": "alice", "key": "profile", "status": "all",
                                                   "limit": 100}).json()["items"]
                values = sorted(f["value"] for f in items)
                time.sleep(0.2)
        assert values == sorted(f"hobby number {n}" for n in range(sessions))
        assert len(llm_server.requests) == sessions  # each session's batch sent once
    finally:
        server.stop()
