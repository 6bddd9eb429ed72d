"""The MCP server: nine tools over one ``Memory``, for Claude Desktop, Cursor and other MCP clients.

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
import os
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, Tool
from pydantic import AfterValidator, Field, ValidationError

from memstrata.arguments import KINDS_WANTED, MAX_LIMIT, check_limit, refused, whole_wanted
from memstrata.async_memory import AsyncMemory
from memstrata.clock import parse_time
from memstrata.context.block import check_budget
from memstrata.context.render import MIN_BUDGET_TOKENS, estimate_tokens, labels_for, marked_text
from memstrata.errors import InvalidInput, MemstrataError
from memstrata.paging import cursor_after
from memstrata.recall.excerpt import excerpt
from memstrata.server.models import Kinds
from memstrata.server.tool_errors import cause_of, error_result, internal_result, memstrata_result
from memstrata.store.protocol import KeyStore
from memstrata.text.visible import neutralise
from memstrata.types import Episode, Fact, Hit, project_of

#: Characters of a memory's text shown in a search or list result (about 50 tokens).
SNIPPET_CHARS = 160
#: Characters of a message's content one ``get_memory`` answer holds (about 1,000 tokens): a
#: message may be 256 KiB; the rest comes with ``offset``.
EPISODE_CHARS = 4_000
#: Sources (episode ids) a fact's full view lists; more are counted, not listed.
MAX_SOURCES = 20
#: Bound of the advertised tool list, tokens as ``tool_list_tokens`` counts them: a client puts
#: the whole list into every prompt.
MAX_TOOL_LIST_TOKENS = 1_500
#: Default token budget of one search_memory / list_memories answer.
DEFAULT_BUDGET_TOKENS = 800
#: Most results a tool returns, whatever the model asks for.
MAX_RESULTS = 50
#: A tool's ``limit`` argument: the SDK's and REST's one check (``arguments.check_limit``,
#: 1..``MAX_LIMIT``) in the same words; not a whole number (``true``, ``"5"``, ``2.5``) is a tool
#: error naming ``limit`` too (``ARGUMENT_HINTS``): otherwise ``limit: 0``, ``-3`` and ``true``
#: are answered silently.
Limit = Annotated[int, Field(strict=True), AfterValidator(check_limit)]
#: Upper bound of ``get_context``'s ``budget_tokens`` (from ``MIN_BUDGET_TOKENS``, checked by
#: ``context.block.check_budget`` in the SDK's words): an agent's prompt block of more than 8,000
#: estimated tokens is a mistake, not a request.
MAX_CONTEXT_TOKENS = 8_000
Budget = Annotated[int, Field(strict=True), AfterValidator(lambda value: check_budget(value, MAX_CONTEXT_TOKENS))]
Score = Annotated[float, Field(strict=True, ge=0.0, le=1.0)]
Offset = Annotated[int, Field(strict=True, ge=0)]
Mode = Literal["long_term", "short_term", "both"]

INSTRUCTIONS = (
    "Long-term memory of the user across conversations. Call get_context with the user's message for a "
    "cited block of what is known that bears on it (the user's profile when nothing matches, or for "
    "'what do you know about me?'); call search_memory before answering anything "
    "that depends on the user's preferences, facts or past conversations; call add_memory when the user "
    "states something worth keeping. Results are short snippets with ids: get_memory(id) gives the full item. "
    "A result marked superseded is outdated: the user has since changed it; prefer the current one. "
    "Inside a result's text, [outdated: ...] (or [已过时：...]) encloses a statement the user has since "
    "withdrawn or replaced."
)


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """``text`` on one line, cut at ``limit`` characters with an ellipsis, its direction controls
    and tag characters shown as ``[U+202E]`` (``text.visible.neutralise``)."""
    flat = neutralise(" ".join(text.split()))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_id(memory_id: str) -> tuple[str, int]:
    """``"fact:12"`` → ``("fact", 12)``; a bare number is a fact.

    Raises:
        InvalidInput: ``field`` ``id``; an empty or blank id (``delete_memory`` would have no
            target) is said to be empty, not looked up.
    """
    if not memory_id.strip():
        raise refused("id", f"argument 'id' is empty: give the memory's id, such as 'fact:12' or 'episode:3'; "
                                  f"got {memory_id!r}")
    kind, _, number = memory_id.strip().rpartition(":")
    kind = kind or "fact"
    if kind not in ("fact", "episode") or not number.isdigit() or not 0 < int(number) < 2**63:
        raise refused("id", f"argument 'id' must look like 'fact:12' or 'episode:3', got {memory_id!r}")
    return kind, int(number)


#: What a tool argument holds, said when a call gives it wrongly (by argument name).
ARGUMENT_HINTS = {
    "id": "an id as search_memory and list_memories return it, a string such as 'fact:12' or 'episode:3'",
    "limit": f"{whole_wanted(1, MAX_LIMIT)} (at most {MAX_RESULTS} are returned)",
    "filter": "a filter expression string such as 'tag = \"food\"'",
    "budget_tokens": f"a whole number of tokens from {MIN_BUDGET_TOKENS} (a title and one cited line) to "
                     f"{MAX_CONTEXT_TOKENS}",
    "kinds": KINDS_WANTED,
    "min_score": "a number from 0 to 1",
    "min_match": "a number from 0 to 1 (0.55 keeps real matches and drops most noise)",
    "as_of": "an ISO 8601 time string such as '2026-10-30T09:00:00Z'",
    "mode": "'long_term', 'short_term' or 'both'",
    "profile": "true or false",
    "cursor": "'start' for the first page, then the previous answer's next_cursor unchanged",
    "offset": "a whole number of characters from 0, the previous answer's next_offset",
    "value": "the fact's new value, a string",
    "importance": "a number from 0 to 1",
}
_TYPE_NAMES = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
               dict: "an object", type(None): "null"}


def argument_error(exc: ValidationError) -> InvalidInput:
    """A tool-call error the model can act on, from the SDK's argument validation error: which
    argument, what was wrong, what it should hold (``ARGUMENT_HINTS``), what it got; never
    pydantic's own text with its documentation URL. Its ``field`` is the first argument named;
    the tool's name goes before it where the error is answered (``tool_errors.error_result``).

    >>> from pydantic import BaseModel
    >>> class Args(BaseModel):
    ...     id: str
    >>> try:
    ...     Args.model_validate({"id": 1})
    ... except ValidationError as exc:
    ...     print(argument_error(exc))
    argument 'id' must be an id as search_memory and list_memories return it, \
a string such as 'fact:12' or 'episode:3'; got a number (1)
    """
    problems, fields = [], []
    for err in exc.errors(include_url=False):
        name = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        fields.append(name)
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, InvalidInput):  # a list or choice argument: the SDK's and REST's own words
            problems.append(str(cause))
            continue
        if err.get("type") == "missing":
            problems.append(f"argument {name!r} is required: {ARGUMENT_HINTS.get(name, 'give it')}")
            continue
        given = err.get("input")
        shown = json.dumps(given, ensure_ascii=False, default=str)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        wanted = ARGUMENT_HINTS.get(name) or str(err.get("msg", "is invalid")).removeprefix("Input should be ")
        problems.append(f"argument {name!r} must be {wanted}; got {_TYPE_NAMES.get(type(given), 'a value')} "
                        f"({shown})")
    return refused(fields[0] if fields else "arguments", "; ".join(problems))


def unknown_arguments(tool: str, arguments: dict[str, Any] | None,
                      schemas: dict[str, dict[str, Any]]) -> InvalidInput | None:
    """The error for arguments ``tool`` does not take (its input schema's ``properties``), or
    ``None``. The SDK drops them silently, so ``search_memory(query=..., user_id="bob")`` answered
    for the configured user as if asked for bob; scope arguments get a word on where scope comes from.
    The tool's name goes before the message where it is answered (``tool_errors.error_result``).

    >>> print(unknown_arguments("search_memory", {"query": "x", "user_id": "bob"},
    ...                         {"search_memory": {"properties": {"query": {}, "limit": {}}}}))
    unknown argument 'user_id' (it takes 'query', 'limit'); the user, \
agent, org and project come from the server's configuration, not from a tool argument
    """
    schema = schemas.get(tool)
    if schema is None or not arguments:
        return None
    takes = list(schema.get("properties", {}))
    extra = [name for name in arguments if name not in takes]
    if not extra:
        return None
    names = ", ".join(repr(n) for n in extra)
    message = (f"unknown argument{'s' if len(extra) > 1 else ''} {names} "
               f"(it takes {', '.join(repr(n) for n in takes) or 'no arguments'})")
    if any(n in ("user_id", "agent_id", "session_id", "org_id", "project_id", "user", "scope") for n in extra):
        message += ("; the user, agent, org and project come from the server's configuration, "
                    "not from a tool argument")
    return refused(extra[0], message)


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


def within_budget(items: list[dict[str, Any]], budget_tokens: int) -> tuple[list[dict[str, Any]], bool]:
    """The leading items whose JSON fits ``budget_tokens``; and whether any was left off."""
    kept: list[dict[str, Any]] = []
    used = 0
    for item in items:
        used += estimate_tokens(json.dumps(item, ensure_ascii=False))
        if used > budget_tokens:
            return kept, True
        kept.append(item)
    return kept, False


def _hit_line(hit: Hit, labels: dict[str, str]) -> dict[str, Any]:
    # The text around what matched (``recall.excerpt``), with statements since withdrawn or replaced
    # labelled inline (``context.render.marked_text``): a current message may carry an outdated sentence.
    # An outdated hit on one sentence shows that sentence: the rest of its message may still hold.
    text = snippet(excerpt(marked_text(hit, labels), " ".join(hit.matched.split()), max_chars=SNIPPET_CHARS - 2))
    line = {"id": f"{hit.kind}:{hit.id}", "score": round(hit.score, 2), "date": f"{hit.created_at:%Y-%m-%d}",
            "text": text}
    # Whose memory it is (``Hit.speaker`` / ``Hit.subject``): in a group scope "I love hiking" is
    # someone's, and an assistant's "I prefer UPS" is not the user's preference. A fact's subject is
    # null for the user's own, as list_memories, get_memory, REST and the SDK give it.
    # The role only when it is not ``user`` (results stay compact).
    line |= _whose(hit.subject) if hit.kind == "fact" else {"speaker": hit.speaker} | (
        {"role": hit.role} if hit.role != "user" else {})
    # Only when set: an outdated memory (``memstrata.recall.outdated``) is history, not the current answer.
    return {**line, "superseded": True} if hit.superseded else line


def _fact_full(fact: Fact) -> dict[str, Any]:
    # What a model reads: direction controls and tag characters visible (``text.visible``).
    sources = [f"episode:{c}" for c in fact.citations]
    out = {"id": f"fact:{fact.id}", "key": neutralise(fact.key), "value": neutralise(fact.value),
           "statement": neutralise(fact.statement),
           "status": fact.status, "confidence": fact.confidence, "importance": fact.importance,
           "observed_at": fact.observed_at.isoformat(), "valid_to": fact.valid_to and fact.valid_to.isoformat(),
           "sources": sources[:MAX_SOURCES]}
    return out | ({"sources_more": len(sources) - MAX_SOURCES} if len(sources) > MAX_SOURCES else {})


def _episode_full(episode: Episode, offset: int = 0) -> dict[str, Any]:
    """An episode whole, its content from ``offset`` for at most ``EPISODE_CHARS`` characters;
    ``next_offset`` says where the rest starts (absent when nothing is left)."""
    content = neutralise(episode.content)
    if offset > len(content):
        raise InvalidInput(f"offset {offset} is past the end of episode:{episode.id} ({len(content)} characters)",
                           field="offset")
    part = content[offset:offset + EPISODE_CHARS]
    out = {"id": f"episode:{episode.id}", "role": episode.role,
           "speaker": episode.producer_id and neutralise(episode.producer_id),
           "content": part, "created_at": episode.created_at.isoformat(),
           "session_id": episode.scope.session_id}
    rest = offset + len(part)
    return out | ({"next_offset": rest, "length": len(content)} if rest < len(content) else {})


def _fact_line(fact: Fact) -> dict[str, Any]:
    # Whose fact it is, as on search_memory's lines (``_hit_line``): in a group scope 小明's
    # `food.dislike = 辣` is not the user's; null means the user's own.
    return {"id": f"fact:{fact.id}", "text": snippet(f"{fact.key} = {fact.value}"), **_whose(fact.subject)}


def _whose(subject: str | None) -> dict[str, Any]:
    """Whom a fact is about on a tool's line: ``{"subject": ...}`` (null: the user), or for a project's
    convention (``types.project_of``) ``{"subject": None, "project": "<folder>"}``: a folder is no person."""
    project = project_of(subject)
    return {"subject": subject} if project is None else {"subject": None, "project": project}


def _episode_line(episode: Episode) -> dict[str, Any]:
    line = {"id": f"episode:{episode.id}", "date": f"{episode.created_at:%Y-%m-%d}",
            "text": snippet(episode.content), "session_id": episode.scope.session_id}
    if episode.producer_id:
        line["speaker"] = neutralise(episode.producer_id)
    return line | ({"role": episode.role} if episode.role != "user" else {})


async def _cursor_page(memory: AsyncMemory, kind: str, limit: int, filter: str | None, cursor: str | None,
                       reads: dict[str, str | None], budget_tokens: int) -> dict[str, Any]:
    """One ``Memory.page`` of current facts or of episodes (the cursor format of the SDK, REST
    ``?cursor=`` and CLI ``--cursor``, so a cursor from one door works at another), cut to the
    token budget. When the budget cuts the page, ``next_cursor`` follows the last line shown, so
    the cut lines come on the next page instead of being lost; a page always shows at least one
    line (a snippet is bounded), so paging always moves on."""
    page = await memory.page(kind=kind, limit=min(limit, MAX_RESULTS), cursor=cursor, filter=filter or None,
                             **reads)  # type: ignore[arg-type]
    rows: list[Any] = [r for r in page.items if isinstance(r, Fact if kind == "fact" else Episode)]
    line = _fact_line if kind == "fact" else _episode_line
    kept, truncated = within_budget([line(r) for r in rows], budget_tokens)
    if truncated:
        kept = kept or [line(rows[0])]
        return {"results": kept, "truncated": True, "next_cursor": cursor_after(rows[len(kept) - 1])}
    return {"results": kept, "truncated": False, "next_cursor": page.next_cursor}


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

    _register_writes(server, memory, scope, reads)
    _register_search(server, memory, scope, reads, budget_tokens, project_folder)
    _register_reads(server, memory, reads, budget_tokens)
    return server


def _session_scope(scope: dict[str, str | None], mode: str) -> dict[str, str | None]:
    """The scope of a ``short_term`` or ``both`` read: the served session's. A model cannot name a
    session (no tool takes one), so without ``--session`` it is told to use ``long_term``.

    Raises:
        InvalidInput: ``field`` ``mode``, when the server was started without a session.
    """
    if not scope.get("session_id"):
        raise InvalidInput(f"mode {mode!r} reads this server's session, and it was started without one "
                           "(memstrata mcp --session ID): use mode 'long_term'", field="mode")
    return scope


def _register_writes(server: MemoryServer, memory: AsyncMemory, scope: dict[str, str | None],
                     reads: dict[str, str | None]) -> None:
    """``add_memory``, ``update_memory``, ``delete_memory``."""

    @server.tool()
    async def add_memory(content: str, role: Literal["user", "assistant"] = "user",
                         speaker: str | None = None) -> dict[str, Any]:
        """Remember one message (what the user said, or a reply worth keeping). Facts stated in it are
        extracted; a changed preference replaces the old one. Returns the episode id and its facts
        (each with `subject`, whom it is about: null for the user, "boss" for "My boss prefers email"; a project's
        convention has `project`, the folder it was said in)."""
        result = await memory.add(content, role=role, speaker=speaker, **scope)  # type: ignore[arg-type]
        return {"id": f"episode:{result.episode_id}", "stored": result.created,
                # whom each fact is about (null: the user): "My boss prefers email" is the boss's
                "facts": [{"id": f"fact:{c.fact.id}", "key": c.fact.key, "value": c.fact.value,
                           **_whose(c.fact.subject), "action": c.action} for c in result.facts]}

    @server.tool()
    async def update_memory(id: str, value: str | None = None, importance: Score | None = None) -> dict[str, Any]:
        """Correct a fact ('fact:12'): a new `value` supersedes the old one (kept as history);
        `importance` (0 to 1) changes in place. Returns the fact as stored now."""
        kind, number = parse_id(id)
        if kind != "fact":
            raise InvalidInput(f"it changes facts; {id} is a message, which is never rewritten "
                               "(delete_memory it, or add_memory what is true now)")
        fact = await memory.update(number, value=value, importance=importance, actor="mcp",
                                   **reads)  # type: ignore[arg-type]
        return _fact_full(fact)

    @server.tool()
    async def delete_memory(id: str) -> dict[str, Any]:
        """Delete a fact ('fact:12') or a message ('episode:3', with the facts only it supports).
        Deleting a fact keeps the messages that stated it: the answer's `note` names them."""
        kind, number = parse_id(id)
        if kind == "episode":
            gone = await memory.delete(episode_id=number, actor="mcp", **reads)  # type: ignore[arg-type]
            if not gone["facts"]:
                return {"deleted": f"episode:{number}"}
            # say the facts only it stated went too: a model that listed them must not cite them again
            return {"deleted": f"episode:{number}", "facts_deleted": gone["facts"],
                    "note": f"{gone['facts']} fact{'s' if gone['facts'] > 1 else ''} only this message stated "
                            f"{'were' if gone['facts'] > 1 else 'was'} deleted with it"}
        receipt = await memory.delete(number, actor="mcp", **reads)  # type: ignore[arg-type]
        out: dict[str, Any] = {"deleted": f"fact:{number}"}
        # the value it had replaced stays superseded: say so, and how back
        notes = [r.note(number, f"rolling back event #{r.event_id} (memstrata rollback {r.event_id})")
                 for r in receipt.replaced]
        kept = receipt.sources_note("delete_memory " + " and ".join(f"'episode:{e}'" for e in receipt.sources_kept)
                                    + " forgets what was said")
        if notes or kept:
            out["note"] = "; ".join([*notes, *([kept] if kept else [])])
        if receipt.sources_kept:
            out["sources_kept"] = [f"episode:{e}" for e in receipt.sources_kept]
        return out


def _register_search(server: MemoryServer, memory: AsyncMemory, scope: dict[str, str | None],
                     reads: dict[str, str | None], budget_tokens: int, folder: str | None) -> None:
    """``search_memory``, ``get_context``."""

    @server.tool()
    async def search_memory(query: str, limit: Limit = 8, filter: str | None = None, min_match: Score = 0.0,
                            as_of: str | None = None, mode: Mode = "long_term") -> dict[str, Any]:
        """Search the user's memory: best matches first, short snippets with ids (get_memory(id) gives
        one whole); a fact's `subject` is whom it is about (null: the user), an episode's `speaker` who
        said it. `filter` e.g. `tag IN ("food", "travel")`, `value = "peanuts"`, `subject = "Bob"`,
        `created_at >= "2026-01-01"` (fields: kind key tag value subject status confidence importance
        created_at session_id role metadata.<name>). `min_match` 0.55 drops weak matches. `as_of` (ISO
        8601): what was believed then. `mode` short_term / both: the session's recent messages."""
        when = None if as_of is None else parse_time(as_of, "as_of")
        where = reads if mode == "long_term" else _session_scope(scope, mode)
        hits = await memory.search(query, limit=min(limit, MAX_RESULTS), filter=filter or None,
                                   min_match=min_match, as_of=when, mode=mode, **where)  # type: ignore[arg-type]
        kept, truncated = within_budget([_hit_line(h, labels_for(query)) for h in hits], budget_tokens)
        return {"results": kept, "truncated": truncated}

    @server.tool()
    async def get_context(query: str, budget_tokens: Budget = 500, limit: Limit = 20,
                          kinds: Kinds | None = None, min_score: Score = 0.0,
                          filter: str | None = None, as_of: str | None = None, mode: Mode = "long_term",
                          profile: bool = True, min_match: Score = 0.0,
                          project_folder: str | None = None) -> dict[str, Any]:
        """A cited Markdown block of what is known that bears on `query` (the user's message) for
        your prompt, outdated lines labelled. When nothing matches, or for a general question ("what
        do you know about me?"), the user's current facts (`profile: false`: none). Arguments as
        search_memory, plus `budget_tokens` (bound of the block), `kinds`, `min_score`, and
        `project_folder`: the absolute path of the folder you work in, whose project conventions are shown and
        no other folder's (default: the server's, else every folder's, each named).
        Returns {"context": block}; "" when there is nothing to show."""
        when = None if as_of is None else parse_time(as_of, "as_of")
        where = reads if mode == "long_term" else _session_scope(scope, mode)
        block = await memory.context(query, budget_tokens=budget_tokens, limit=limit,
                                     kinds=tuple(kinds) if kinds is not None else ("fact", "episode"),
                                     min_score=min_score, min_match=min_match, filter=filter or None,
                                     as_of=when, mode=mode, project_folder=_folder(project_folder, folder),
                                     profile=profile, **where)
        return {"context": block}


def _folder(given: str | None, default: str | None) -> str | None:
    """The folder ``get_context`` reads for (``given`` by the model, else the server's ``default``). A relative
    path names no folder a convention is said in (the hooks store the absolute ``cwd``) and is refused, as a blank
    one is (``Memory.context``), naming ``project_folder``."""
    if given is not None and given.strip() and not os.path.isabs(given):
        raise InvalidInput(f"project_folder must be the folder's absolute path, got {given!r}", field="project_folder")
    return default if given is None else given


def _register_reads(server: MemoryServer, memory: AsyncMemory, reads: dict[str, str | None],
                    budget_tokens: int) -> None:
    """``get_memory``, ``list_memories``, ``get_history``, ``list_episodes``."""

    @server.tool()
    async def get_memory(id: str, offset: Offset = 0) -> dict[str, Any]:
        """The full item behind an id ('fact:12' or 'episode:3'). A long message comes in parts:
        call again with `offset` = the answer's `next_offset`."""
        kind, number = parse_id(id)
        if kind == "fact":
            if offset:
                raise InvalidInput("offset reads a long message in parts; a fact comes whole", field="offset")
            fact = await memory.get(number, **reads)  # type: ignore[arg-type]
            return _fact_full(fact)  # type: ignore[arg-type]
        episode = await memory.get(episode_id=number, **reads)  # type: ignore[arg-type]
        return _episode_full(episode, offset)  # type: ignore[arg-type]

    @server.tool()
    async def list_memories(limit: Limit = 20, filter: str | None = None,
                            cursor: str | None = None) -> dict[str, Any]:
        """The user's current facts, newest first, short lines with ids and `subject` (whom the fact is
        about; null: the user; `project`: the folder a project's convention holds in).
        `filter` as search_memory, e.g. `tag = "food"`. To read them all, pass
        `cursor: "start"`, then each answer's `next_cursor` (null after the last page)."""
        if cursor is not None:
            return await _cursor_page(memory, "fact", limit, filter, cursor, reads, budget_tokens)
        rows = await memory.list(limit=min(limit, MAX_RESULTS), filter=filter or None, **reads)  # type: ignore[arg-type]
        kept, truncated = within_budget([_fact_line(f) for f in rows if isinstance(f, Fact)], budget_tokens)
        return {"results": kept, "truncated": truncated}

    @server.tool()
    async def get_history(key: str, subject: str | None = None) -> dict[str, Any]:
        """Every value a fact key held (e.g. 'identity.employer'), oldest first: the user's own timeline,
        then each other person's (`subject`). `subject` keeps one: 'user' (the user's own) or e.g. 'wife'."""
        timeline = await memory.history(key=key, subject=subject, **reads)  # type: ignore[arg-type]
        lines = [{**_fact_line(f), "status": f.status, "from": f"{f.valid_from or f.observed_at:%Y-%m-%d}",
                  "until": f"{f.valid_to:%Y-%m-%d}" if f.valid_to else None} for f, _ in timeline]
        kept, truncated = within_budget(lines, budget_tokens)
        return {"timeline": kept, "truncated": truncated}

    @server.tool()
    async def list_episodes(limit: Limit = 20, filter: str | None = None,
                            cursor: str | None = None) -> dict[str, Any]:
        """The stored messages, newest first, short lines with ids, date and session. `filter` e.g.
        `session_id = "chat-1"` or `role = "assistant"`. Next page: pass the answer's `next_cursor`
        (null after the last)."""
        return await _cursor_page(memory, "episode", limit, filter, cursor, reads, budget_tokens)


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
