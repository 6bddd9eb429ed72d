"""The MCP client side of the surface tests: a session with ``memstrata mcp`` over stdio (a real
process) or in-process (the server the same flags build, through the SDK's in-memory transport),
and one tool call whose error comes back as data (shared by the MCP test files)."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import typer
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.types import CallToolResult
from serverproc import clean_env, console_script

from memstrata.cli import commands
from memstrata.cli.options import project_folder
from memstrata.cli.server import mcp_server


def stdio(db: Path, *flags: str, **env: str) -> Client:
    """A client of ``memstrata mcp --db db *flags`` over stdio (120 s read timeout), with ``env``
    added to its environment."""
    command, *prefix = console_script()
    return Client(StdioServerParameters(command=command, args=[*prefix, "mcp", "--db", str(db), *flags],
                                        env=clean_env(**env)), read_timeout_seconds=120)


@contextmanager
def _environment(**env: str) -> Iterator[None]:
    """``os.environ`` without any ``MEMSTRATA_*`` setting, plus ``env``, restored on exit."""
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update({k: v for k, v in saved.items() if not k.startswith(("MEMSTRATA_", "PROMETHEUS_"))}, **env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@asynccontextmanager
async def in_process(db: Path, *flags: str, **env: str) -> AsyncIterator[Client]:
    """A client of the server ``memstrata mcp --db db *flags`` builds, in this process: the flags
    are parsed by the command itself and the memory opened as it opens it (the run's loaded model is
    used, ``clirun.share_model``); the MCP messages go through the SDK's in-memory transport.
    ``env`` is the environment's ``MEMSTRATA_*`` settings meanwhile."""
    command = typer.main.get_command(commands.app).commands["mcp"]  # type: ignore[attr-defined]
    params = command.make_context("mcp", ["--db", str(db), *flags]).params
    with _environment(**env):
        memory, server, _ = mcp_server(db=params["db"], org=params["org"], project=params["project"],
                                       user=params["user"], agent=params["agent"], session=params["session"],
                                       budget=params["budget"], folder=project_folder(params["folder"]))
        try:
            async with Client(server, read_timeout_seconds=120) as client:
                yield client
        finally:
            memory.memory.close()


def tool_error(result: CallToolResult) -> dict[str, Any]:
    """The ``{"code", "message", "details"}`` of an error result, checked to be the one MCP error
    shape: ``isError``, structured content ``{"error": {...}}`` with exactly those three keys, and
    one text content that is the same object as JSON."""
    assert result.is_error, result
    assert [c.type for c in result.content] == ["text"], result.content
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.structured_content == json.loads(text), (result.structured_content, text)
    error = result.structured_content["error"]
    assert set(result.structured_content) == {"error"} and set(error) == {"code", "message", "details"}, error
    assert isinstance(error["details"], dict) and "Error executing" not in error["message"], error
    return error  # type: ignore[no-any-return]


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """The tool's structured result, or ``{"error": "code: message"}`` when the tool reported an
    error (in the one MCP error shape, ``tool_error``)."""
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        error = tool_error(result)
        return {"error": f"{error['code']}: {error['message']}"}
    return result.structured_content
