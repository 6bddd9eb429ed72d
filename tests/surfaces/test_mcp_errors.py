"""Every MCP tool failure is one shape: ``isError`` with ``{"error": {"code", "message", "details"}}``
as structured content and as its JSON text (the REST body), on every tool and every path: a bad
or unknown argument, an unknown tool, a bad filter, not found, a refused change, a crash. Before,
a failure inside a tool carried the SDK's ``Error executing tool NAME:`` prefix with ``code: message``
inside, while argument errors came without it, so a client could not parse both one way.

The real server ``memstrata mcp`` builds, spoken to through the MCP SDK's in-memory transport, on
a real SQLite file with the real model."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcpclient import _environment, tool_error

from memstrata.cli.server import mcp_server


async def _errors(db: Path, calls: dict[str, tuple[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each named call's error (``tool_error``: the shape checked) from the server of
    ``memstrata mcp --db db --user alice``, plus one tool that crashes, registered on it."""
    with _environment():
        memory, server, _ = mcp_server(db=str(db), org=None, project=None, user="alice", agent=None,
                                       session=None, budget=800)

        @server.tool()
        async def crash() -> dict[str, Any]:
            """Fails with an error that is no memstrata error."""
            raise RuntimeError("secret detail that must stay in the server's log")

        try:
            async with Client(server, read_timeout_seconds=120) as client:
                added = (await client.call_tool("add_memory", {"content": "I ship with FedEx"})).structured_content
                assert added is not None
                calls = {**calls, "update_episode": ("update_memory", {"id": added["id"], "value": "UPS"})}
                return {name: tool_error(await client.call_tool(tool, args)) for name, (tool, args) in calls.items()}
        finally:
            memory.memory.close()


def test_every_tool_failure_is_one_error_shape(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    calls = {
        "wrong_type": ("get_memory", {"id": 1}),
        "missing": ("search_memory", {}),
        "limit": ("list_memories", {"limit": 0}),
        "unknown_argument": ("search_memory", {"query": "x", "user_id": "bob"}),
        "bad_id": ("delete_memory", {"id": "memory five"}),
        "bad_filter": ("search_memory", {"query": "x", "filter": "tag ~ 1"}),
        "bad_time": ("get_context", {"query": "x", "as_of": "yesterday-ish"}),
        "not_found": ("get_memory", {"id": "fact:99"}),
        "delete_not_found": ("delete_memory", {"id": "episode:99"}),
        "bad_cursor": ("list_episodes", {"cursor": "nonsense"}),
        "unknown_tool": ("forget_everything", {}),
        "crash": ("crash", {}),
    }
    with caplog.at_level(logging.ERROR, logger="memstrata.mcp"):
        errors = asyncio.run(_errors(tmp_path / "m.db", calls))
    codes = {name: error["code"] for name, error in errors.items()}
    assert codes == {"wrong_type": "invalid_input", "missing": "invalid_input", "limit": "invalid_input",
                     "unknown_argument": "invalid_input", "bad_id": "invalid_input", "bad_filter": "invalid_filter",
                     "bad_time": "invalid_input", "not_found": "not_found", "delete_not_found": "not_found",
                     "bad_cursor": "invalid_input", "unknown_tool": "not_found", "crash": "internal",
                     "update_episode": "invalid_input"}
    # The argument is named in details.field, as REST does; the message carries no code prefix.
    assert {n: errors[n]["details"].get("field") for n in ("wrong_type", "missing", "limit", "unknown_argument",
                                                           "bad_id", "unknown_tool")} == {
        "wrong_type": "id", "missing": "query", "limit": "limit", "unknown_argument": "user_id", "bad_id": "id",
        "unknown_tool": "name"}
    assert errors["wrong_type"]["message"] == ("get_memory: argument 'id' must be an id as search_memory and "
                                               "list_memories return it, a string such as 'fact:12' or 'episode:3'; "
                                               "got a number (1)")
    # counted from 1, the same number as the message's "at character 5" (docs/errors.md)
    assert errors["bad_filter"]["details"] == {"position": 5, "reason": "unexpected character '~'", "field": "filter"}
    assert errors["bad_filter"]["message"].startswith("search_memory: invalid filter at character 5 ")
    assert errors["not_found"]["message"].startswith("get_memory: no fact #99")
    assert "never rewritten" in errors["update_episode"]["message"]
    assert errors["unknown_tool"]["message"].startswith("forget_everything: no such tool; the tools are ")
    assert "'search_memory'" in errors["unknown_tool"]["message"]
    assert not any(e["message"].startswith(f"{e['code']}:") for e in errors.values()), errors
    assert errors["crash"] == {"code": "internal", "message": "crash: internal error; the server log has the details",
                               "details": {}}
    assert "secret detail" in caplog.text  # the crash is in the log, with its traceback, not in the answer


def test_every_tool_error_starts_with_the_tools_name(tmp_path: Path) -> None:
    """One rule on every tool and every path (docs/errors.md): the message starts with ``TOOL: ``,
    whether the SDK's argument check refused the call, the tool refused it, the engine raised or the
    tool crashed, and the name is said once (an argument error said it twice before)."""
    calls = {
        "search_memory": ("search_memory", {"query": "x", "filter": "tag ~ 1"}),
        "search_memory_argument": ("search_memory", {"query": "x", "limit": "ten"}),
        "get_memory": ("get_memory", {"id": "fact:99"}),
        "get_memory_offset": ("get_memory", {"id": "fact:1", "offset": 5}),
        "delete_memory": ("delete_memory", {"id": " "}),
        "update_memory": ("update_memory", {"id": "fact:99", "value": "UPS"}),
        "get_context": ("get_context", {"query": "x", "as_of": "yesterday-ish"}),
        "list_memories": ("list_memories", {"cursor": "nonsense"}),
        "list_episodes": ("list_episodes", {"limit": 0}),
        "add_memory": ("add_memory", {"content": ""}),
        "unknown_argument": ("add_memory", {"content": "x", "user_id": "bob"}),
        "crash": ("crash", {}),
    }
    errors = asyncio.run(_errors(tmp_path / "m.db", calls))
    for name, error in errors.items():
        tool = calls[name][0] if name in calls else "update_memory"
        assert error["message"].startswith(f"{tool}: "), (name, error)
        assert not error["message"].startswith(f"{tool}: {tool}:"), (name, error)
