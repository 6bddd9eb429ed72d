"""The MCP server: ten tools over one ``Memory``, for Claude Desktop, Cursor and other MCP clients.

This module wires the server (``build_server``, ``MemoryServer``'s one error shape and compact tool
list, ``KeyGate``); the tools themselves are ``server.mcp_tools``, their arguments
``server.mcp_arguments``.

Built with the official ``mcp`` SDK (2.x: ``mcp.server.mcpserver.MCPServer``, the class 1.x
called ``FastMCP``). Tools: ``add_memory``, ``search_memory`` (``filter``, ``min_match``,
``as_of``, ``mode``), ``get_context`` (the SDK's ``Memory.context``: the cited prompt block, with
the profile when nothing matches), ``get_memory``, ``update_memory`` (``Memory.update``: a new
value supersedes), ``delete_memory``, ``list_memories`` (current facts), ``get_history`` (a key's
values, the user's own timeline first; ``Memory.history``) and ``list_episodes`` (the stored messages).

- **Scope comes from configuration** (``memstrata mcp --user ... --project ...`` or the
  ``MEMSTRATA_*`` environment), never from the model: no tool takes a user, org or project.
  A configured session is where new messages go; reads cover the user's whole memory.
- **Every result is bounded, with handles**: search and list answers are short snippets with
  ids (``fact:12``, ``episode:3``) that stop before their JSON exceeds the token budget
  (``context.render.estimate_tokens``, default 800 tokens); listings page with a cursor;
  ``get_memory`` gives one item whole, a long message in parts (``offset``).
- **The tool list is small**: descriptions are short and the advertised schemas leave out what
  tells a model nothing (``compact_schema``); ``tool_list_tokens`` measures it (chars / 4) and
  a test keeps it under ``MAX_TOOL_LIST_TOKENS``.
- Every failure, of every tool, is one tool error shape (``server.tool_errors``): ``isError``
  with ``{"error": {"code", "message", "details"}}``, the REST body, as structured content and as
  its JSON text; never the SDK's ``Error executing tool ...`` prefix, never a traceback. A wrongly
  typed, missing or unknown argument names the argument and what it should hold
  (``argument_error``, ``unknown_arguments``), never pydantic's raw report.
- Over HTTP, when API keys are configured, every request needs one that covers the served
  scope (``KeyGate``); without keys the HTTP transport listens on loopback only.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, Tool
from pydantic import ValidationError

from memstrata.async_memory import AsyncMemory
from memstrata.errors import MemstrataError
from memstrata.server.mcp_arguments import argument_error, unknown_arguments
from memstrata.server.mcp_tools import DEFAULT_BUDGET_TOKENS, register_tools
from memstrata.server.tool_errors import cause_of, error_result, internal_result, memstrata_result
from memstrata.store.protocol import KeyStore

#: Bound of the advertised tool list, tokens as ``tool_list_tokens`` counts them: a client puts
#: the whole list into every prompt.
MAX_TOOL_LIST_TOKENS = 1_500

INSTRUCTIONS = (
    "Long-term memory of the user across conversations. Call get_context with the user's message for a "
    "cited block of what is known that bears on it (the user's profile when nothing matches, or for "
    "'what do you know about me?'); call search_memory before answering anything "
    "that depends on the user's preferences, facts or past conversations; call add_memory when the user "
    "states something worth keeping. Results are short snippets with ids: get_memory(id) gives the full item. "
    "A result marked superseded is outdated: the user has since changed it; prefer the current one. "
    "Inside a result's text, [outdated: ...] (or [已过时：...]) encloses a statement the user has since "
    "withdrawn or replaced. A result marked past is an event or plan whose day is over, not one to come."
)



def compact_schema(schema: Any) -> Any:
    """``schema`` as advertised to a model: without pydantic's ``title`` on every property, and an
    optional argument's ``anyOf: [X, {"type": "null"}]`` with its ``default: null`` written as X
    (leaving it out means null; the tool still accepts an explicit null). Validation is unchanged:
    the SDK checks arguments against the function's own signature.

    >>> compact_schema({"title": "f", "properties": {"filter": {"anyOf": [{"type": "string"}, {"type": "null"}],
    ...                                                           "default": None, "title": "Filter"}}})
    {'properties': {'filter': {'type': 'string'}}}
    """
    if isinstance(schema, list):
        return [compact_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: compact_schema(v) for k, v in schema.items() if k != "title" or not isinstance(v, str)}
    options = out.get("anyOf")
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        out.pop("anyOf")
        if out.get("default", 0) is None:
            out.pop("default")
        out = {**next(o for o in options if o != {"type": "null"}), **out}
    return out


def _description(text: str | None) -> str | None:
    """A tool description on one line (a docstring's indentation is tokens a model reads for nothing)."""
    return None if text is None else " ".join(text.split())


def tool_list_tokens(tools: list[Tool]) -> int:
    """Estimated tokens of the tool list as a client receives it: ``ceil(chars / 4)`` of its compact
    JSON (OpenAI's rule of thumb for English; no tokenizer ships offline). ``context.render.estimate_tokens``
    (bytes / 3) counts about a third more."""
    listed = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]
    return -(-len(json.dumps(listed, ensure_ascii=False, separators=(",", ":"))) // 4)


class MemoryServer(MCPServer[Any]):
    """``MCPServer`` whose every failure is one error shape (``server.tool_errors``), whose argument
    errors say what and where (``argument_error``) instead of carrying pydantic's raw validation
    report, and whose tool list is compact."""

    async def list_tools(self) -> list[Tool]:
        """The tools with one-line descriptions and compact input schemas (``compact_schema``), no
        output schema (every tool answers a JSON object; the schema said only that)."""
        return [tool.model_copy(update={"description": _description(tool.description),
                                        "input_schema": compact_schema(tool.input_schema), "output_schema": None})
                for tool in await super().list_tools()]

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        """``MCPServer.call_tool``, with every failure answered as a tool error
        ``{"error": {"code", "message", "details"}}`` (``tool_errors.error_result``): an unknown
        tool is ``not_found``; an argument the tool does not take (``unknown_arguments``) or one
        that fails validation (``argument_error``) is ``invalid_input`` with ``details.field``; a
        ``MemstrataError`` keeps its code and details; anything else is logged and ``internal``.
        A protocol error (``MCPError``) stays the SDK's."""
        schemas = {t.name: t.input_schema for t in await self.list_tools()}
        if name not in schemas:
            return error_result(name, "not_found", "no such tool; the tools are "
                                + ", ".join(repr(t) for t in schemas), {"field": "name"})
        problem = unknown_arguments(name, arguments, schemas)
        if problem is not None:
            return memstrata_result(name, problem)
        try:
            return await super().call_tool(name, arguments, context)
        except MCPError:
            raise
        except ToolError as exc:
            return self._failure(name, exc)

    @staticmethod
    def _failure(name: str, exc: ToolError) -> CallToolResult:
        """The one error shape for what ``MCPServer.call_tool`` raised: the SDK's argument
        validation (``__cause__`` a ``ValidationError``), a ``MemstrataError`` the tool raised
        (somewhere in the chain of causes), or a crash."""
        if isinstance(exc.__cause__, ValidationError):
            return memstrata_result(name, argument_error(exc.__cause__))
        raised = cause_of(exc, MemstrataError)
        if isinstance(raised, MemstrataError):
            return memstrata_result(name, raised)
        return internal_result(name, exc.__cause__ or exc)


def build_server(memory: AsyncMemory, *, scope: dict[str, str | None],
                 budget_tokens: int = DEFAULT_BUDGET_TOKENS, project_folder: str | None = None) -> MemoryServer:
    """An ``MCPServer`` whose tools act on ``memory`` within ``scope``.

    Args:
        memory: the engine (one call at a time, on a worker thread).
        scope: ``org_id``, ``project_id``, ``user_id``, ``agent_id``, ``session_id`` (a user,
            agent or session is required); the session applies to writes (and to the
            short-term ``mode`` of a search).
        budget_tokens: bound of each search/list answer, estimated tokens.
        project_folder: the folder ``get_context`` shows the project conventions of when the model names none
            (``memstrata mcp --project-folder``); ``None``: every folder's, each named.
    """
    reads = {k: v for k, v in scope.items() if k != "session_id"}
    if not any(reads.get(k) for k in ("user_id", "agent_id")):
        reads = dict(scope)
    server = MemoryServer("memstrata", instructions=INSTRUCTIONS)

    register_tools(server, memory, scope, reads, budget_tokens, project_folder)
    return server



class KeyGate:
    """ASGI gate in front of the MCP HTTP transport: every request needs an API key that covers
    the served scope (the admin key, or a stored key of the same org/project whose user, if
    it has one, is the served user). 401 without a valid key, 403 for a key of another scope.

    Args:
        app: the MCP streamable HTTP application.
        keys: the database's API keys (``None``: a store that keeps none; the admin key only).
        admin_key: ``MEMSTRATA_ADMIN_KEY``, or ``None``.
        scope: the served ``org_id``, ``project_id`` and ``user_id``.
    """

    def __init__(self, app: Any, *, keys: KeyStore | None, admin_key: str | None,
                 scope: dict[str, str | None]) -> None:
        self.app, self.keys, self.admin_key, self.scope = app, keys, admin_key, scope

    def _allowed(self, given: str) -> int:
        if self.admin_key and hmac.compare_digest(given.encode("utf-8"), self.admin_key.encode("utf-8")):
            return 200
        key = None if self.keys is None else self.keys.verify(given)
        if key is None:
            return 401
        covers = (key.org_id, key.project_id) == (self.scope["org_id"], self.scope["project_id"]) and (
            key.user_id is None or key.user_id == self.scope["user_id"])
        return 200 if covers else 403

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
        given = header[7:].strip() if header[:7].lower() == "bearer " else ""
        status = self._allowed(given) if given else 401
        if status == 200:
            await self.app(scope, receive, send)
            return
        code, message = (("invalid_api_key", "send `Authorization: Bearer <key>` with a valid API key")
                         if status == 401 else ("scope_forbidden", "this API key does not cover the served scope"))
        body = json.dumps({"error": {"code": code, "message": message, "details": {}}}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]})
        await send({"type": "http.response.body", "body": body})
