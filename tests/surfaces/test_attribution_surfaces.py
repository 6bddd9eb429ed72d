"""Whose memory it is, on every door: REST hits over real HTTP, the CLI's
``recall`` (text and ``--json``) and ``list`` (in-process, ``clirun``), and MCP ``search_memory``
(the server ``memstrata mcp`` builds, in-process) all say who said a turn and whom a fact is
about, in a group scope of two speakers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from mcpclient import in_process, tool_error
from serverproc import Server

from clirun import cli
from memstrata import Memory

pytestmark = pytest.mark.usefixtures("embedder")  # in-process CLI and MCP use the run's loaded model

GROUP = [("Alice", "I am allergic to peanuts"), ("Bob", "I'm not allergic to peanuts"),
         ("Bob", "I like eating sushi")]


@pytest.fixture(scope="module")
def server(open_server: Server) -> Server:
    """The run's open server, with the group chat stored for user ``grp`` (this module's users: grp, mu,
    solo)."""
    server = open_server
    with server.client() as c:
        added = c.post("/v1/messages", json={"user_id": "grp", "messages": [
            {"content": text, "speaker": speaker} for speaker, text in GROUP] + [
            {"content": "I prefer UPS for delivery, it's reliable", "role": "assistant"}]})
        assert added.status_code == 200, added.text
    return server


def _cli(server: Server, *args: str) -> str:
    """``memstrata ARGS`` in-process (``clirun``) on the server's database file."""
    run = cli(*args, "--db", server.db, "--user", "grp")
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


def test_rest_hits_and_facts_give_the_users_own_fact_subject_null(server: Server) -> None:
    with server.client() as c:
        assert c.post("/v1/messages", json={"user_id": "solo", "messages": [
            {"content": "I prefer FedEx for delivery"}]}).status_code == 200
        hits = c.post("/v1/search", json={"user_id": "solo", "query": "FedEx delivery", "kinds": ["fact"]}).json()
        listed = c.get("/v1/facts", params={"user_id": "solo"}).json()["items"]
    assert [(h["subject"], h["fact"]["subject"]) for h in hits["hits"]] == [(None, None)]
    assert [f["subject"] for f in listed] == [None]


def test_rest_min_match_and_the_profile_for_a_general_question(server: Server) -> None:
    with server.client() as c:
        noise = c.post("/v1/search", json={"user_id": "grp", "query": "asdfgh qwerty", "min_match": 0.55})
        real = c.post("/v1/search", json={"user_id": "grp", "query": "sushi", "min_match": 0.55})
        bad = c.post("/v1/search", json={"user_id": "grp", "query": "sushi", "min_match": 2})
        about = c.post("/v1/context", json={"user_id": "grp", "query": "what do you know about me?",
                                            "as_of": "2099-01-01T00:00:00Z"})
    assert noise.status_code == 200 and noise.json()["hits"] == []
    assert real.json()["hits"] and all(h["signals"]["match"] >= 0.55 for h in real.json()["hits"])
    assert bad.status_code == 422 and "min_match" in bad.text
    lines = about.json()["context"].splitlines()
    # every fact of the group is a speaker's, none the scope's user's: the profile is about other people
    assert lines[0] == "## About other people" and any(line.startswith("- Alice is allergic to peanuts (")
                                                                  for line in lines), lines


def test_cli_recall_and_list_name_the_speaker_and_subject(server: Server) -> None:
    text = _cli(server, "recall", "allergic to peanuts", "-k", "10")
    assert "Alice: I am allergic to peanuts" in text and "Bob: I'm not allergic to peanuts" in text
    assert "Alice is allergic to peanuts" in text
    hits = json.loads(_cli(server, "recall", "sushi", "--json", "--kind", "fact"))
    assert (hits[0]["subject"], hits[0]["text"]) == ("Bob", "likes eating sushi")
    # context takes the SDK's options (--kinds, --min-score, --as-of, --mode were missing).
    block = _cli(server, "context", "which carrier?", "--kind", "episode", "--min-score", "0.1", "--min-match", "0.2",
                 "--as-of", "2099-01-01", "--mode", "long_term")
    assert block.startswith("## Relevant memories\n") and "- assistant: I prefer UPS for delivery" in block, block
    header, *rows = [line for line in _cli(server, "list").splitlines() if "│" in line or "┃" in line]
    assert "subject" in header
    assert any("Bob" in row and "sushi" in row for row in rows) and any("Alice" in row and "peanuts" in row
                                                                         for row in rows)


def test_mcp_search_results_say_whose_memory_it_is(server: Server) -> None:
    async def scenario() -> Any:
        async with in_process(server.db, "--user", "grp") as client:
            result = await client.call_tool("search_memory", {"query": "allergic to peanuts", "limit": 10})
            return result.structured_content
    results = asyncio.run(scenario())["results"]
    said = {r["text"]: r for r in results if r["id"].startswith("episode:")}
    assert said["I am allergic to peanuts"]["speaker"] == "Alice" and "role" not in said["I am allergic to peanuts"]
    facts = {r["text"]: r for r in results if r["id"].startswith("fact:")}
    assert facts["is allergic to peanuts"]["subject"] == "Alice"


def test_a_single_users_list_has_no_subject_column(tmp_path: Path, embedder: Any) -> None:
    db = tmp_path / "solo.db"
    with Memory(db, embedder=embedder, user_id="solo") as memory:
        memory.add("I like tea")
        memory.add("I prefer UPS for delivery", speaker="solo")
    listed = cli("list", "--db", db, "--user", "solo")
    assert "UPS" in listed.stdout and "tea" in listed.stdout and "subject" not in listed.stdout, listed.stderr


def test_mcp_get_context_gives_the_profile_for_what_do_you_know_about_me(tmp_path: Path) -> None:
    # With search_memory and list_memories only, an MCP client's "what do you know about me?"
    # answered {"results": []}.
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with in_process(tmp_path / "m.db", "--user", "mu") as client:
            async def call(tool: str, **arguments: Any) -> Any:
                result = await client.call_tool(tool, arguments)
                if result.is_error:  # the one MCP error shape, read as "code: message"
                    error = tool_error(result)
                    return {"error": f"{error['code']}: {error['message']}"}
                return result.structured_content
            await call("add_memory", content="I prefer UPS for delivery")
            await call("add_memory", content="I'm allergic to peanuts")
            await call("add_memory", content="I prefer UPS for delivery, it's reliable", role="assistant")
            out["about_me"] = await call("get_context", query="what do you know about me?")
            out["carrier"] = await call("get_context", query="which carrier do we prefer for delivery?",
                                        budget_tokens=200)
            out["noise"] = await call("get_context", query="asdfgh qwerty")
            out["no_profile"] = await call("get_context", query="asdfgh qwerty", profile=False)
            out["past"] = await call("get_context", query="what do you know about me?", as_of="2020-01-01")
            out["health"] = await call("get_context", query="anything to know?", kinds=["fact"],
                                       filter='tag = "health"')
            out["bad_budget"] = await call("get_context", query="x", budget_tokens=0)
            out["bad_as_of"] = await call("get_context", query="x", as_of="last week")
            out["bad_kinds"] = await call("get_context", query="x", kinds=["facts"])
            out["bad_filter"] = await call("get_context", query="x", filter="tag ~ 1")
        return out
    out = asyncio.run(scenario())
    about = out["about_me"]["context"].splitlines()
    assert about[0] == "## What is known about this user" and "is allergic to peanuts" in about[1], about
    assert any("prefers UPS for shipping" in line for line in about)
    carrier = out["carrier"]["context"]
    assert carrier.startswith("## Relevant memories\n") and "UPS" in carrier
    assert "- assistant: I prefer UPS for delivery, it's reliable (" in carrier
    assert out["noise"]["context"].startswith("## What is known about this user (nothing matched the query)\n")
    assert out["no_profile"] == {"context": ""} and out["past"] == {"context": ""}
    assert out["health"]["context"].splitlines()[1:] and all(
        "peanuts" in line for line in out["health"]["context"].splitlines()[1:])
    assert "get_context: budget_tokens must be a whole number from 40 to 8000, got 0" in out["bad_budget"]["error"]
    assert "invalid_input" in out["bad_as_of"]["error"] and "as_of" in out["bad_as_of"]["error"]
    assert 'kinds holds the string "facts", which is not a kind' in out["bad_kinds"]["error"]
    assert "invalid_filter" in out["bad_filter"]["error"] and "at character 5" in out["bad_filter"]["error"]
