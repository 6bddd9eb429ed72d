"""The one error shape of an MCP tool call: ``{"error": {"code", "message", "details"}}``.

The shape of every REST error body (``server.errors.error_body``) and of the MCP HTTP gate's
401/403 answers, given as a tool result with ``isError: true``: its structured content is the
object, and its one text content is the same object as JSON, so a model reading the text and a
client reading the structured content see the same code, message and details. Never the MCP
SDK's ``Error executing tool ...`` prefix, never a traceback: a failure that is no
``MemstrataError`` is logged here with its traceback and answered with ``internal``, as REST does.

Every message starts with the name of the tool called, once (``search_memory: limit must be a
whole number from 1 to 1000, got 0``; ``get_memory: no fact #99 ...``): ``error_result`` puts it
there, whichever path refused the call (the SDK's argument check, the tool, the engine, a crash,
an unknown tool's name), so a model that called several tools knows which one to fix.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from mcp.types import CallToolResult, TextContent

from memstrata.errors import MemstrataError
from memstrata.server.errors import error_body

log = logging.getLogger("memstrata.mcp")

#: What an unexpected failure says (the traceback goes to the server's log, never to the model).
INTERNAL_MESSAGE = "internal error; the server log has the details"


def error_result(tool: str, code: str, message: str, details: dict[str, Any] | None = None) -> CallToolResult:
    """A tool result with ``isError: true`` carrying ``{"error": {"code", "message", "details"}}``
    as structured content and, the same object as JSON, as its text; the message is
    ``"TOOL: message"`` (``tool``: the name the call gave)."""
    body = error_body(code, f"{tool}: {message}", details)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False))],
                          structured_content=body, is_error=True)


def cause_of(exc: BaseException, kind: type[BaseException]) -> BaseException | None:
    """The first exception of type ``kind`` in ``exc``'s chain of causes (``exc`` itself
    included): the SDK wraps what a tool raised in one or two ``ToolError``s."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, kind):
            return seen
        seen = seen.__cause__
    return None


def memstrata_result(tool: str, exc: MemstrataError) -> CallToolResult:
    """A ``MemstrataError`` as ``tool``'s error: its stable ``code``, its message after the tool's
    name, its ``details()`` (a filter's ``position``, the argument's ``field``), as the REST body
    gives them."""
    return error_result(tool, exc.code, str(exc), exc.details())


def internal_result(tool: str, exc: BaseException) -> CallToolResult:
    """An unexpected failure of ``tool``: logged with its traceback, answered ``internal``."""
    log.error("tool %r failed unexpectedly", tool, exc_info=exc)
    return error_result(tool, "internal", INTERNAL_MESSAGE)
