"""Whose memory it is, on every door (fresh-user trial 7, H7): REST hits over real HTTP, the CLI's
``recall`` (text and ``--json``) and ``list``, and MCP ``search_memory`` over a real stdio session
all say who said a turn and whom a fact is about, in a group scope of two speakers."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from serverproc import Server, clean_env, console_script, start_server

from memstrata import Memory

GROUP = [("Alice", "I am allergic to peanuts"), ("Bob", "I'm not allergic to peanuts"),
         ("Bob", "I like eating sushi")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server(tmp_path_factory.mktemp("attrib"))
    with server.client() as c:
        added = c.post("/v1/messages", json={"user_id": "grp", "messages": [
            {"content": text, "speaker": speaker} for speaker, text in GROUP] + [
            {"content": "I prefer UPS for delivery, it's reliable", "role": "assistant"}]})
        assert added.status_code == 200, added.text
    yield server
    server.stop()


def _cli(server: Server, *args: str) -> str:
    run = subprocess.run([*console_script(), *args, "--db", str(server.db), "--user", "grp"], capture_output=True,
                         text=True, encoding="utf-8", env=clean_env(), timeout=300, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_rest_hits_carry_speaker_role_and_subject(server: Server) -> None:
    with server.client() as c:
        found = c.post("/v1/search", json={"user_id": "grp", "query": "allergic to peanuts", "limit": 10})
        assert found.status_code == 200, found.text
        hits = found.json()["hits"]
        block = c.post("/v1/context", json={"user_id": "grp", "query": "which carrier?", "kinds": ["episode"]})
    said = {h["text"]: (h["speaker"], h["role"], h["subject"]) for h in hits if h["kind"] == "episode"}
    assert said["I am allergic to peanuts"] == ("Alice", "user", None)
    assert said["I'm not allergic to peanuts"] == ("Bob", "user", None)
    about = {h["text"]: (h["speaker"], h["role"], h["subject"]) for h in hits if h["kind"] == "fact"}
    assert about["is allergic to peanuts"] == (None, None, "Alice")
    assert "- assistant: I prefer UPS for delivery, it's reliable (" in block.json()["context"]


def test_cli_recall_and_list_name_the_speaker_and_subject(server: Server) -> None:
    text = _cli(server, "recall", "allergic to peanuts", "-k", "10")
    assert "Alice: I am allergic to peanuts" in text and "Bob: I'm not allergic to peanuts" in text
    assert "Alice is allergic to peanuts" in text
    hits = json.loads(_cli(server, "recall", "sushi", "--json", "--kind", "fact"))
    assert (hits[0]["subject"], hits[0]["text"]) == ("Bob", "likes eating sushi")
    header, *rows = [line for line in _cli(server, "list").splitlines() if "│" in line or "┃" in line]
    assert "subject" in header
    assert any("Bob" in row and "sushi" in row for row in rows) and any("Alice" in row and "peanuts" in row
                                                                         for row in rows)


def test_mcp_search_results_say_whose_memory_it_is(server: Server) -> None:
    async def scenario() -> Any:
        command, *prefix = console_script()
        params = StdioServerParameters(command=command, args=[*prefix, "mcp", "--db", str(server.db), "--user", "grp"],
                                       env=clean_env())
        async with Client(params, read_timeout_seconds=120) as client:
            result = await client.call_tool("search_memory", {"query": "allergic to peanuts", "limit": 10})
            return result.structured_content
    results = asyncio.run(scenario())["results"]
    said = {r["text"]: r for r in results if r["id"].startswith("episode:")}
    assert said["I am allergic to peanuts"]["speaker"] == "Alice" and "role" not in said["I am allergic to peanuts"]
    facts = {r["text"]: r for r in results if r["id"].startswith("fact:")}
    assert facts["is allergic to peanuts"]["subject"] == "Alice"


def test_a_single_users_list_has_no_subject_column(tmp_path: Path, embedder: Any) -> None:
    db = tmp_path / "solo.db"
    with Memory(db, embedder=embedder.inner, user_id="solo") as memory:
        memory.add("I like tea")
        memory.add("I prefer UPS for delivery", speaker="solo")
    listed = subprocess.run([*console_script(), "list", "--db", str(db), "--user", "solo"], capture_output=True,
                            text=True, encoding="utf-8", env=clean_env(), timeout=300, stdin=subprocess.DEVNULL)
    assert "UPS" in listed.stdout and "tea" in listed.stdout and "subject" not in listed.stdout, listed.stderr
