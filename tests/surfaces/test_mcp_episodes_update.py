"""The MCP tools that list episodes, update a fact and search with ``as_of`` / ``mode``, every answer
bounded with ids, and the tool list's size: the server ``memstrata mcp`` builds, in-process (the MCP SDK's
in-memory transport), the official client, a real SQLite file and the default model."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process

from memstrata.server.mcp import MAX_TOOL_LIST_TOKENS, tool_list_tokens
from memstrata.server.mcp_tools import EPISODE_CHARS

pytestmark = pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model


def test_list_episodes_pages_newest_first_and_filters_by_session_and_role(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with in_process(tmp_path / "m.db", "--user", "alice", "--session", "chat-1") as client:
            for text in ("I live in Shanghai", "I'm allergic to peanuts", "My favorite airline is Delta"):
                await call(client, "add_memory", content=text)
            await call(client, "add_memory", content="Noted: Delta it is.", role="assistant")
            pages, cursor = [], None
            while True:
                page = await call(client, "list_episodes", limit=3, **({"cursor": cursor} if cursor else {}))
                pages.append(page)
                cursor = page["next_cursor"]
                if cursor is None:
                    break
            out["pages"] = pages
            out["assistant"] = await call(client, "list_episodes", filter='role = "assistant"')
            out["other_session"] = await call(client, "list_episodes", filter='session_id = "chat-2"')
            out["bad_cursor"] = await call(client, "list_episodes", cursor="page-two")
            out["unknown"] = await call(client, "list_episodes", session_id="chat-2")
        return out

    out = asyncio.run(scenario())
    texts = [r["text"] for page in out["pages"] for r in page["results"]]
    assert texts == ["Noted: Delta it is.", "My favorite airline is Delta", "I'm allergic to peanuts",
                     "I live in Shanghai"]
    assert [len(p["results"]) for p in out["pages"]] == [3, 1]
    first = out["pages"][0]["results"][0]
    assert first["id"].startswith("episode:") and first["role"] == "assistant" and first["session_id"] == "chat-1"
    assert "role" not in out["pages"][0]["results"][1]  # the user's own lines stay compact
    assert [r["text"] for r in out["assistant"]["results"]] == ["Noted: Delta it is."]
    assert out["other_session"]["results"] == [] and out["other_session"]["next_cursor"] is None
    assert "invalid_input" in out["bad_cursor"]["error"] and "cursor" in out["bad_cursor"]["error"]
    assert "unknown argument 'session_id'" in out["unknown"]["error"]
    assert "come from the server's configuration" in out["unknown"]["error"]


def test_update_memory_supersedes_and_search_as_of_reads_what_was_believed_then(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with in_process(tmp_path / "m.db", "--user", "alice", "--session", "chat-1") as client:
            added = await call(client, "add_memory", content="From now on ship with FedEx")
            fact_id = added["facts"][0]["id"]
            out["before"] = datetime.now(UTC).isoformat()
            out["updated"] = await call(client, "update_memory", id=fact_id, value="UPS")
            out["old"] = await call(client, "get_memory", id=fact_id)
            new_id = out["updated"]["id"]
            out["importance"] = await call(client, "update_memory", id=new_id, importance=0.9)
            out["now"] = await call(client, "search_memory", query="which shipping carrier?", limit=3)
            out["then"] = await call(client, "search_memory", query="which shipping carrier?", limit=3,
                                     as_of=out["before"])
            out["short"] = await call(client, "search_memory", query="ship", mode="short_term")
            out["superseded_again"] = await call(client, "update_memory", id=fact_id, value="DHL")
            out["episode"] = await call(client, "update_memory", id=added["id"], value="x")
            out["nothing"] = await call(client, "update_memory", id=new_id)
            out["bad_importance"] = await call(client, "update_memory", id=new_id, importance=2)
            out["bad_as_of"] = await call(client, "search_memory", query="ship", as_of="last tuesday")
            out["bad_mode"] = await call(client, "search_memory", query="ship", mode="forever")
        async with in_process(tmp_path / "m.db", "--user", "alice") as no_session:
            out["no_session"] = await call(no_session, "search_memory", query="ship", mode="short_term")
        return out

    out = asyncio.run(scenario())
    assert out["updated"]["value"] == "UPS" and out["updated"]["status"] == "active"
    assert out["old"]["value"] == "FedEx" and out["old"]["status"] == "superseded"
    assert out["importance"]["id"] == out["updated"]["id"] and out["importance"]["importance"] == 0.9
    assert out["now"]["results"][0]["id"] == out["updated"]["id"]
    then = [r for r in out["then"]["results"] if r["id"].startswith("fact:")]
    assert then and "FedEx" in then[0]["text"] and all("UPS" not in r["text"] for r in then)
    assert [r["text"] for r in out["short"]["results"]] == ["From now on ship with FedEx"]
    assert "conflict: update_memory: fact #1 is superseded" in out["superseded_again"]["error"]
    assert "invalid_input" in out["episode"]["error"] and "never rewritten" in out["episode"]["error"]
    # it named 'confidence', which update_memory does not take
    assert out["nothing"]["error"] == ("invalid_input: update_memory: nothing to update: give value (the fact's new "
                                       "value) or importance (0 to 1)")
    assert "argument 'importance' must be a number from 0 to 1" in out["bad_importance"]["error"]
    assert "invalid_input" in out["bad_as_of"]["error"] and "as_of" in out["bad_as_of"]["error"]
    assert "argument 'mode'" in out["bad_mode"]["error"]
    # before: "short-term memory is per session: give a session_id", which no tool takes
    assert out["no_session"]["error"].startswith("invalid_input: search_memory: mode 'short_term' reads this "
                                                 "server's session, and it was started without one (memstrata "
                                                 "mcp --session ID): use mode 'long_term'")


def test_a_long_message_comes_whole_in_bounded_parts(tmp_path: Path) -> None:
    long_text = " ".join(f"step{i:04d}" for i in range(1500))  # 13,499 characters, no sentence end

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {"parts": []}
        async with in_process(tmp_path / "m.db", "--user", "alice") as client:
            added = await call(client, "add_memory", content=long_text)
            offset: int | None = 0
            while offset is not None:
                part = await call(client, "get_memory", id=added["id"], **({"offset": offset} if offset else {}))
                out["parts"].append(part)
                offset = part.get("next_offset")
            out["past_end"] = await call(client, "get_memory", id=added["id"], offset=len(long_text) + 1)
            out["fact_offset"] = await call(client, "get_memory", id="fact:1", offset=5)
        return out

    out = asyncio.run(scenario())
    assert all(len(p["content"]) <= EPISODE_CHARS for p in out["parts"]) and len(out["parts"]) == 4
    assert "".join(p["content"] for p in out["parts"]) == long_text
    assert out["parts"][0]["length"] == len(long_text) and "next_offset" not in out["parts"][-1]
    assert "invalid_input" in out["past_end"]["error"] and "past the end" in out["past_end"]["error"]
    assert "invalid_input" in out["fact_offset"]["error"]


def test_the_tool_list_stays_small(tmp_path: Path) -> None:
    async def scenario() -> Any:
        async with in_process(tmp_path / "m.db", "--user", "alice") as client:
            return (await client.list_tools()).tools

    tools = asyncio.run(scenario())
    assert len(tools) == 10
    # The front door and the reference page say how many tools a client sees.
    word = {8: "eight", 9: "nine", 10: "ten"}[len(tools)]
    repo = Path(__file__).resolve().parents[2]
    assert f"`memstrata mcp`: {word} memory tools" in (repo / "README.md").read_text(encoding="utf-8")
    assert f"`memstrata mcp` serves {word} tools" in (repo / "docs" / "rest-mcp.md").read_text(encoding="utf-8")
    assert tool_list_tokens(tools) < MAX_TOOL_LIST_TOKENS == 1_500
    for tool in tools:
        properties = tool.input_schema.get("properties", {})
        assert all("title" not in p and "anyOf" not in p for p in properties.values()), tool.name
        assert "\n" not in (tool.description or "") and "  " not in (tool.description or ""), tool.name
