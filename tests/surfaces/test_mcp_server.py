"""``memstrata mcp`` driven by the official ``mcp`` SDK client, over stdio and streamable HTTP.

Real processes on one SQLite file with the real model: the scope is the server's flags
(``--user alice`` / ``--user bob``), never a tool argument. The tests of what the tools answer
(superseded marks, argument errors, the token budget, whose memory a session reads) talk to the
server those same flags build, in-process through the SDK's in-memory transport
(``mcpclient.in_process``): a process start and a model load each bought nothing they check.
"""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import uvicorn
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.mcpserver import MCPServer
from mcp.shared._httpx_utils import create_mcp_http_client
from mcpclient import call, in_process, stdio
from serverproc import TLS, clean_env, console_script, free_port

from clirun import cli
from memstrata.context.render import estimate_tokens
from memstrata.server.mcp_stdio import serve_stdio

TOOLS = {"add_memory", "search_memory", "get_context", "get_memory", "update_memory", "delete_memory",
         "delete_memory_preview", "list_memories",
         "get_history", "list_episodes"}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp") / "memory.db"


def test_stdio_tools_remember_search_get_list_delete(db: Path) -> None:
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with stdio(db, "--user", "alice", "--session", "chat-1") as client:
            tools = (await client.list_tools()).tools
            out["tools"] = {t.name: t.input_schema for t in tools}
            out["added"] = await call(client, "add_memory", content="From now on ship with FedEx")
            await call(client, "add_memory", content="I'm allergic to peanuts")
            out["search"] = await call(client, "search_memory", query="which shipping carrier?", limit=3)
            out["listed"] = await call(client, "list_memories")
            out["health"] = await call(client, "search_memory", query="allergic to what?", filter='tag = "health"')
            out["listed_shipping"] = await call(client, "list_memories", filter='tag = "shipping"')
            out["bad_filter"] = await call(client, "search_memory", query="x", filter="tag ~ 1")
            fact_id = out["added"]["facts"][0]["id"]
            out["full"] = await call(client, "get_memory", id=fact_id)
            out["episode"] = await call(client, "get_memory", id=out["added"]["id"])
            out["bad_id"] = await call(client, "get_memory", id="memory number five")
            out["numeric_id"] = await call(client, "get_memory", id=1)  # our error, not pydantic's report
            out["no_id"] = await call(client, "get_memory")
            out["deleted"] = await call(client, "delete_memory", id=fact_id)
            out["gone"] = await call(client, "get_memory", id=fact_id)
            out["deleted_episode"] = await call(client, "delete_memory", id=out["added"]["id"])
            out["gone_episode"] = await call(client, "get_memory", id=out["added"]["id"])
        return out
    out = asyncio.run(scenario())
    assert set(out["tools"]) == TOOLS
    for name, schema in out["tools"].items():
        scope_args = {"user_id", "org_id", "project_id", "agent_id", "session_id"}
        assert not scope_args & set(schema.get("properties", {})), name
    fact = out["added"]["facts"][0]
    assert (fact["key"], fact["value"], fact["action"]) == ("shipping.carrier", "FedEx", "create")
    assert fact["id"].startswith("fact:") and out["added"]["id"].startswith("episode:")
    assert out["search"]["results"][0]["id"] == fact["id"]
    assert {r["id"] for r in out["listed"]["results"]} >= {fact["id"]}
    assert [r["text"] for r in out["health"]["results"]] and all(
        "peanuts" in r["text"] for r in out["health"]["results"])
    assert [r["id"] for r in out["listed_shipping"]["results"]] == [fact["id"]]
    assert "invalid_filter" in out["bad_filter"]["error"] and "at character 5" in out["bad_filter"]["error"]
    assert out["full"]["value"] == "FedEx" and out["full"]["sources"] == [out["added"]["id"]]
    assert out["episode"]["content"] == "From now on ship with FedEx" and out["episode"]["session_id"] == "chat-1"
    assert "invalid_input" in out["bad_id"]["error"]
    assert "invalid_input: get_memory: argument 'id' must be an id as search_memory and list_memories return it, " \
           "a string such as 'fact:12' or 'episode:3'; got a number (1)" in out["numeric_id"]["error"]
    assert "argument 'id' is required" in out["no_id"]["error"]
    assert not any(raw in out[k]["error"] for k in ("numeric_id", "no_id")
                   for raw in ("validation error", "pydantic", "type=", "input_value"))
    # the fact goes, its message stays: the answer says so and how to forget it too
    assert out["deleted"]["deleted"] == fact["id"] and out["deleted"]["sources_kept"] == [out["added"]["id"]]
    assert f"delete_memory '{out['added']['id']}' forgets what was said" in out["deleted"]["note"]
    assert "not_found" in out["gone"]["error"]
    assert out["deleted_episode"] == {"deleted": out["added"]["id"]} and "not_found" in out["gone_episode"]["error"]


@pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model
def test_search_marks_a_superseded_preferences_episode_and_unknown_arguments_are_errors(tmp_path: Path) -> None:
    async def scenario() -> Any:
        async with in_process(tmp_path / "m.db", "--user", "carol") as client:
            await call(client, "add_memory", content="From now on ship with FedEx")
            await call(client, "add_memory", content="Actually, from now on ship with UPS")
            found = await call(client, "search_memory", query="ship with FedEx or UPS", limit=8)
            # An argument a tool does not take is an error naming it, never silently dropped.
            found["other_user"] = await call(client, "search_memory", query="ship", user_id="bob")
            found["typo"] = await call(client, "list_memories", limit=2, fitler='tag = "food"')
            # A limit outside 1..1000 or not a whole number is an error naming it, as in the SDK and REST
            # (0, -3 and true must not be answered silently).
            found["limits"] = [await call(client, tool, **args, limit=limit)
                               for tool, args in (("search_memory", {"query": "ship"}), ("list_memories", {}))
                               for limit in (0, -3, True, "5", 2.5, 1001)]
            found["big"] = await call(client, "list_memories", limit=1000)
            # One sentence giving a carrier (since replaced) and a drop-off (still current): the hit is
            # current, and its text encloses the replaced carrier in an [outdated: ...] label.
            await call(client, "add_memory", content="我以後都希望用順豐，別放門口")
            await call(client, "add_memory", content="Actually, make it FedEx")
            found["mixed"] = await call(client, "search_memory", query="順豐 門口")
            found["mixed_en"] = await call(client, "search_memory", query="leave it at the door?")
            return found
    found = asyncio.run(scenario())
    assert found["other_user"] == {"error": "invalid_input: search_memory: unknown argument 'user_id' (it takes "
                                            "'query', 'limit', 'filter', 'min_match', 'as_of', "
                                            "'mode'); the user, agent, org and "
                                            "project come from the server's configuration, not from a tool argument"}
    assert found["typo"] == {"error": "invalid_input: list_memories: unknown argument 'fitler' (it takes 'limit', "
                                      "'filter', 'cursor')"}
    for error in found["limits"]:
        assert "invalid_input" in error["error"] and ("limit must be a whole number from 1 to 1000" in error["error"]
                                                      or "argument 'limit' must be a whole number from 1 to 1000 "
                                                      "(at most 50 are returned)" in error["error"]), error
    assert found["big"]["results"], found["big"]
    mixed = next(r for r in found["mixed"]["results"] if "門口" in r["text"])
    assert mixed["text"] == "[已過時：我以後都希望用順豐]，別放門口" and "superseded" not in mixed  # Traditional query
    assert "[outdated: 我以後都希望用順豐]，別放門口" in [r["text"] for r in found["mixed_en"]["results"]]
    results = found["results"]
    marks = {r["text"]: r.get("superseded", False) for r in results if r["id"].startswith("episode:")}
    assert marks == {"From now on ship with FedEx": True, "Actually, from now on ship with UPS": False}
    assert results[0]["id"].startswith("fact:") and "superseded" not in results[0]


@pytest.mark.usefixtures("embedder")
def test_scope_is_the_servers_not_the_models(db: Path) -> None:
    async def scenario() -> tuple[Any, Any, Any]:
        async with in_process(db, "--user", "alice") as alice:
            peanuts = (await call(alice, "search_memory", query="peanuts allergy"))["results"][0]["id"]
        async with in_process(db, "--user", "bob") as bob:
            search = await call(bob, "search_memory", query="peanuts allergy")
            # A filter narrows inside the served scope; it cannot widen it to another user.
            widened = await call(bob, "search_memory", query="peanuts allergy", filter='user_id = "alice"')
            assert widened["results"] == []
            listed = await call(bob, "list_memories")
            stolen = await call(bob, "get_memory", id=peanuts)
        return search, listed, stolen
    search, listed, stolen = asyncio.run(scenario())
    assert search["results"] == [] and listed["results"] == []
    assert "not_found" in stolen["error"]


@pytest.mark.usefixtures("embedder")
def test_answers_stay_within_the_token_budget(tmp_path: Path) -> None:
    async def scenario() -> tuple[Any, Any]:
        async with in_process(tmp_path / "m.db", "--user", "gardener", "--budget-tokens", "120") as client:
            for i in range(12):
                await call(client, "add_memory", content=f"Garden note {i}: the tomatoes by the south wall need "
                                                          "water every morning and the basil likes the shade " * 3)
            search = await call(client, "search_memory", query="tomatoes water garden", limit=12)
            full = await call(client, "get_memory", id=search["results"][0]["id"])
        return search, full
    search, full = asyncio.run(scenario())
    assert search["truncated"] is True and 1 <= len(search["results"]) < 12
    assert sum(estimate_tokens(json.dumps(r, ensure_ascii=False)) for r in search["results"]) <= 120
    assert all(len(r["text"]) <= 160 for r in search["results"])
    assert len(full["content"]) > 160  # get_memory returns the whole episode


def test_streamable_http_serves_the_same_memory(db: Path) -> None:
    port = free_port()
    process = subprocess.Popen([*console_script(), "mcp", "--http", "--port", str(port), "--db", str(db),
                                "--user", "alice"], env=clean_env(), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            try:
                httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=1, verify=TLS)
                break
            except httpx.HTTPError:
                time.sleep(0.05)  # readiness is seen within 50 ms

        async def scenario() -> tuple[Any, Any]:
            async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=120) as client:
                names = {t.name for t in (await client.list_tools()).tools}
                added = await call(client, "add_memory", content="I live in Lisbon")
                search = await call(client, "search_memory", query="peanuts allergy")
                return names, (added, search)
        names, (added, search) = asyncio.run(scenario())
    finally:
        process.terminate()
        process.wait(timeout=20)
        if process.stderr is not None:
            process.stderr.close()
    assert names == TOOLS
    assert added["facts"][0]["value"] == "Lisbon"
    assert "peanuts" in search["results"][0]["text"]  # written earlier over stdio, same file and user


def test_http_transport_refuses_a_public_interface_without_keys(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (``clirun``): the refusal comes before any server starts, so a start is this
    test's failure, not a server that never returns."""
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("mcp --http started a server on 0.0.0.0 without API keys")

    monkeypatch.setattr(uvicorn, "run", started)
    run = cli("mcp", "--http", "--host", "0.0.0.0", "--db", tmp_path / "m.db")
    assert run.returncode == 2 and "refusing to serve MCP over HTTP on 0.0.0.0 without API keys" in run.stderr


def test_http_transport_with_keys_needs_one_that_covers_the_served_scope(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    keys = {}
    for name, project in (("mine", "default"), ("other", "elsewhere")):
        made = cli("keys", "create", "--org", "default", "--project", project, "--json", env={"MEMSTRATA_DB": str(db)})
        keys[name] = made.json()["secret"]
    port = free_port()
    # The hashing model (``hashing-64``): what is checked is whom the gate lets in; loading the real
    # model cost this start ~0.5 s of CPU (the stdio and first HTTP tests keep it).
    process = subprocess.Popen([*console_script(), "mcp", "--http", "--port", str(port), "--db", str(db),
                                "--user", "alice"], env=clean_env(MEMSTRATA_EMBEDDING_MODEL="hashing-64"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        statuses: dict[str, tuple[int, Any]] = {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not statuses:
            try:
                for name, headers in (("none", {}), ("forged", {"Authorization": "Bearer msk_0123456789abcdef_x"}),
                                      ("other", {"Authorization": f"Bearer {keys['other']}"})):
                    answer = httpx.post(url, json={}, headers=headers, timeout=5, verify=TLS)
                    statuses[name] = (answer.status_code, answer.json())
            except httpx.HTTPError:
                time.sleep(0.05)  # readiness is seen within 50 ms

        async def scenario() -> Any:
            # A client we pass in is ours to close (the transport closes only clients it made).
            async with create_mcp_http_client(headers={"Authorization": f"Bearer {keys['mine']}"}) as http, \
                    Client(streamable_http_client(url, http_client=http), read_timeout_seconds=120) as client:
                return await call(client, "add_memory", content="I live in Porto")
        added = asyncio.run(scenario())
    finally:
        process.terminate()
        process.wait(timeout=20)
    # The gate answers in the one error shape, as a tool error does (test_mcp_errors) and REST does.
    assert {name: (status, set(body["error"]), body["error"]["code"]) for name, (status, body) in statuses.items()} == {
        "none": (401, {"code", "message", "details"}, "invalid_api_key"),
        "forged": (401, {"code", "message", "details"}, "invalid_api_key"),
        "other": (403, {"code", "message", "details"}, "scope_forbidden")}
    assert added["facts"][0]["value"] == "Porto"


@pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model
def test_deleting_a_message_says_the_facts_only_it_stated_went_with_it(tmp_path: Path) -> None:
    # before: {"deleted": "episode:1"} alone, while 'health.allergy = peanuts' and 'pet = dog named Rex',
    # which list_memories had shown with their ids, were deleted with the message
    async def scenario() -> Any:
        async with in_process(tmp_path / "m.db", "--user", "dana") as client:
            added = await call(client, "add_memory", content="I'm allergic to peanuts. My dog is called Rex.")
            listed = await call(client, "list_memories")
            gone = await call(client, "delete_memory", id=added["id"])
            return added, listed, gone, await call(client, "list_memories")
    added, listed, gone, after = asyncio.run(scenario())
    assert len(listed["results"]) == 2 and after["results"] == []
    assert gone == {"deleted": added["id"], "facts_deleted": 2,
                    "note": "2 facts only this message stated were deleted with it"}


@pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model
def test_delete_memory_preview_says_what_a_delete_takes_and_deletes_nothing(tmp_path: Path) -> None:
    # MCP had no preview of its one destructive tool, while the SDK (delete_preview), REST
    # (POST /v1/forget/preview) and the CLI (forget --dry-run) each had one
    async def scenario() -> Any:
        async with in_process(tmp_path / "m.db", "--user", "dana") as client:
            added = await call(client, "add_memory", content="I'm allergic to peanuts. My dog is called Rex.")
            allergy = next(c["id"] for c in added["facts"] if c["value"] == "peanuts")
            of_message = await call(client, "delete_memory_preview", id=added["id"])
            of_fact = await call(client, "delete_memory_preview", id=allergy)
            listed = await call(client, "list_memories")
            return added, allergy, of_message, of_fact, listed, await call(client, "delete_memory", id=added["id"])
    added, allergy, of_message, of_fact, listed, gone = asyncio.run(scenario())
    assert of_message["would_delete"] == added["id"] and of_message["episodes"] == [added["id"]]
    assert {(f["key"], f["value"], f["status"]) for f in of_message["facts"]} == {
        (c["key"], c["value"], "active") for c in added["facts"]}
    assert of_message["counts"]["episodes"] == 1 and of_message["counts"]["facts"] == gone["facts_deleted"] == 2
    assert [f["id"] for f in of_fact["facts"]] == [allergy] and of_fact["episodes"] == []
    assert of_fact["sources_kept"] == [added["id"]] and of_fact["counts"]["facts"] == 1
    assert len(listed["results"]) == 2  # the previews deleted nothing


def test_stdio_answers_a_request_holding_a_lone_surrogate_escape() -> None:
    """``"a\\ud800b"`` in a tools/call (or a cursor) went unanswered over stdio: the SDK's reader
    refused the line and its session dropped the error, while HTTP answered -32700. The SDK's own
    stdio transport, fed the lines, now answers each with a parse error under the request's id."""
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                 "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}),
             json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
             '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add_memory",'
             '"arguments":{"content":"a\\ud800b"}}}',
             '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":"\\ud800"}}',
             '{"jsonrpc":"2.0","id":6,"method":"tools/list"}']
    out = io.StringIO()

    async def client() -> AsyncIterator[str]:
        """The lines, then stdin held open until the last request is answered (30 s at most), as a client's is:
        at once closed, the server stopped before it answered a request still in flight, now and then."""
        for line in lines:
            yield line + "\n"
        with anyio.move_on_after(30):
            while '"id":6' not in out.getvalue().replace(" ", ""):
                await anyio.sleep(0.01)

    class Stdin:
        def __aiter__(self) -> AsyncIterator[str]:
            return client()

    anyio.run(lambda: serve_stdio(MCPServer("t"), stdin=Stdin(), stdout=anyio.wrap_file(out)))
    answers = {a["id"]: a for a in map(json.loads, out.getvalue().splitlines())}
    assert sorted(answers) == [1, 4, 5, 6] and "result" in answers[6]
    assert [answers[i]["error"]["code"] for i in (4, 5)] == [-32700, -32700]
    assert "lone surrogate" in answers[4]["error"]["message"]
