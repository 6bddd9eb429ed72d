"""``memstrata mcp`` over stdio: the SDK's transport, with an answer to a line it cannot read.

The ``mcp`` SDK's stdio reader (``mcp.server.stdio``) validates each line with pydantic, whose JSON
parser refuses a lone surrogate escape (``"a\\ud800b"``: no Unicode character); it hands the
error to the session, which drops it, and the client waited for an answer that never came (over
streamable HTTP the same request is answered ``-32700``; the SDK's issue #2751, not fixed in 2.3).
``serve_stdio`` runs the SDK's transport
and answers each such line itself: a JSON-RPC error with the request's id when Python's own JSON
reader finds one (it keeps lone surrogates), else with ``id`` null, as JSON-RPC does for a parse error.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError


def run_stdio(server: MCPServer) -> None:
    """``serve_stdio`` on the process's stdin and stdout until stdin closes."""
    anyio.run(serve_stdio, server)


async def serve_stdio(server: MCPServer, *, stdin: Any = None, stdout: Any = None) -> None:
    """``server.run("stdio")`` (``stdin`` / ``stdout``: anyio text files, default the process's),
    answering a line the SDK cannot read (``unreadable_answer``) instead of dropping it."""
    lowlevel = server._lowlevel_server  # as the SDK's own run_stdio_async reads it
    async with stdio_server(stdin, stdout) as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)

        async def forward() -> None:
            async with send, read_stream:
                async for item in read_stream:
                    answer = unreadable_answer(item) if isinstance(item, Exception) else None
                    await (write_stream.send(answer) if answer is not None else send.send(item))

        async with receive, anyio.create_task_group() as tasks:
            tasks.start_soon(forward)
            await lowlevel.run(receive, write_stream, lowlevel.create_initialization_options())


def unreadable_answer(error: Exception) -> SessionMessage | None:
    """The JSON-RPC parse error (``-32700``) answering the line ``error`` (the SDK's pydantic
    ``json_invalid``) was raised for, with the line's request id when it has one; ``None`` for any
    other error (the SDK's session answers what it can)."""
    if not isinstance(error, ValidationError):
        return None
    found = [e for e in error.errors() if e.get("type") == "json_invalid"]
    if not found:
        return None
    line, request_id = found[0].get("input"), None
    try:
        parsed = json.loads(line) if isinstance(line, str) else None
    except ValueError:
        parsed = None
    if isinstance(parsed, dict) and isinstance(parsed.get("id"), str | int) and not isinstance(parsed["id"], bool):
        request_id = parsed["id"]
    reason = str(found[0].get("msg", "invalid JSON"))
    if isinstance(line, str) and "\\ud" in line.lower():
        reason += " (a lone surrogate escape such as \\ud800 is no Unicode character; send the text as UTF-8)"
    error_data = types.ErrorData(code=types.PARSE_ERROR, message=f"Parse error: {reason}")
    return SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=request_id, error=error_data))
