"""A ``limit`` outside its range is one error in one wording on every door, from one check
(``arguments.check_limit``): the SDK's search, context, page and list, the CLI's recall and list,
REST's search, context and listings, MCP's search and listing tools. Before, search said
"limit must be an integer between 1 and 1000", list "an integer >= 1", REST pydantic's "Input
should be greater than or equal to 1" and MCP "a whole number of results from 1 to 1000".

Real components: a SQLite file, the CLI in process, one real ``memstrata serve`` over HTTP (the
shared open server), the server ``memstrata mcp`` builds through the MCP SDK's in-memory transport."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import in_process, tool_error
from serverproc import Server

from clirun import cli
from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput

RANGE = "limit must be a whole number from 1 to 1000, got"
UNBOUNDED = "limit must be a whole number from 1 up, got"  # Memory.list and `memstrata list` read a whole scope
MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def _sdk(call: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(InvalidInput) as refused:
        call()
    return str(refused.value), refused.value.details()


def test_the_sdk_and_the_cli_say_one_thing(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        said = {name: _sdk(call) for name, call in {
            "search": lambda: memory.search("carrier", limit=0), "context": lambda: memory.context("x", limit=1001),
            "page": lambda: memory.page(limit=-1), "list": lambda: memory.list(limit=0)}.items()}
    assert said == {"search": (f"{RANGE} 0", {"field": "limit"}), "context": (f"{RANGE} 1001", {"field": "limit"}),
                    "page": (f"{RANGE} -1", {"field": "limit"}), "list": (f"{UNBOUNDED} 0", {"field": "limit"})}
    for command, bound in (("recall", RANGE), ("list", UNBOUNDED)):
        args = [command, "carrier"] if command == "recall" else [command]
        done = cli(*args, "--limit", "0", "--user", "u", "--db", db, env=MODEL)
        # the check's wording, with the option as typed in the argument's place (``cli.session.cli_message``)
        assert (done.code, " ".join(done.err.split())) == (2, f"error[invalid_input]: --{bound} 0"), command


def test_rest_and_mcp_say_the_same(open_server: Server, tmp_path: Path) -> None:
    owner = {"user_id": "limit-wording"}
    with open_server.client() as client:
        answers = {
            "search": client.post("/v1/search", json={**owner, "query": "x", "limit": 0}),
            "context": client.post("/v1/context", json={**owner, "query": "x", "limit": 1001}),
            "facts": client.get("/v1/facts", params={**owner, "limit": 0}),
            "episodes": client.get("/v1/episodes", params={**owner, "limit": "1001"})}
    for name, answer in answers.items():
        error = answer.json()["error"]
        assert (answer.status_code, error["code"], error["details"]["field"]) == (422, "invalid_input", "limit"), name
        assert error["message"] == f"{RANGE} {1001 if name in ('context', 'episodes') else 0}", (name, error)

    async def scenario() -> dict[str, Any]:
        async with in_process(tmp_path / "mcp.db", "--user", "u", **MODEL) as client:
            return {tool: tool_error(await client.call_tool(tool, args)) for tool, args in (
                ("search_memory", {"query": "x", "limit": 0}), ("list_memories", {"limit": 1001}),
                ("list_episodes", {"limit": 0}), ("get_context", {"query": "x", "limit": 0}))}
    for tool, error in asyncio.run(scenario()).items():
        assert (error["code"], error["details"]["field"]) == ("invalid_input", "limit"), tool
        assert error["message"] == f"{tool}: {RANGE} {1001 if tool == 'list_memories' else 0}", (tool, error)


def test_every_bad_number_is_the_documented_error_class_naming_its_argument(tmp_path: Path) -> None:
    """``limit=0`` raised ``ArgumentError``, a class the error tree never names, while a bad
    ``budget_tokens`` raised ``InvalidInput`` naming no field and ``expand_context=True`` was taken
    as 1: every bad number is now exactly ``InvalidInput`` with ``details.field`` its argument."""
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        calls = {"limit": lambda: memory.search("carrier", limit=0),
                 "kinds": lambda: memory.search("carrier", kinds=[]),
                 "budget_tokens": lambda: memory.context("carrier", budget_tokens=0),
                 "expand_context": lambda: memory.search("carrier", expand_context=True),
                 "min_score": lambda: memory.search("carrier", min_score=2),
                 "offset": lambda: memory.list(offset=-1)}
        for field, call in calls.items():
            with pytest.raises(InvalidInput) as refused:
                call()
            assert (type(refused.value), refused.value.details()) == (InvalidInput, {"field": field}), field
            assert str(refused.value).startswith(f"{field} must "), str(refused.value)


def test_budget_tokens_is_one_check_in_one_wording_on_every_door(open_server: Server, tmp_path: Path) -> None:
    """REST answered ``validation_error`` in pydantic's words ("Input should be greater than or equal
    to 40") where the SDK said "an integer of at least 40 (...)" and MCP took 1 to 8000: now one
    check names ``budget_tokens`` and its range (the SDK's has no upper bound, REST's 100000, MCP's 8000)."""
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        assert _sdk(lambda: memory.context("carrier", budget_tokens=39)) == (
            "budget_tokens must be a whole number from 40 up, got 39", {"field": "budget_tokens"})
    done = cli("context", "carrier", "--budget-tokens", "0", "--user", "u", "--db", db, env=MODEL)
    assert (done.code, " ".join(done.err.split())) == (
        2, "error[invalid_input]: --budget-tokens must be a whole number from 40 up, got 0")
    with open_server.client() as client:
        answers = [client.post("/v1/context", json={"user_id": "budget-wording", "query": "x", "budget_tokens": n})
                   for n in (0, 100_001)]
    for answer, given in zip(answers, (0, 100_001), strict=True):
        error = answer.json()["error"]
        assert (answer.status_code, error["code"], error["details"]["field"]) == (422, "invalid_input", "budget_tokens")
        assert error["message"] == f"budget_tokens must be a whole number from 40 to 100000, got {given}"

    async def scenario() -> list[dict[str, Any]]:
        async with in_process(tmp_path / "mcp.db", "--user", "u", **MODEL) as client:
            return [tool_error(await client.call_tool("get_context", {"query": "x", "budget_tokens": n}))
                    for n in (10, 9000)]
    for error, given in zip(asyncio.run(scenario()), (10, 9000), strict=True):
        assert (error["code"], error["details"]["field"]) == ("invalid_input", "budget_tokens"), error
        assert error["message"] == f"get_context: budget_tokens must be a whole number from 40 to 8000, got {given}"
