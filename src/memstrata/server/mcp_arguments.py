"""The MCP tools' arguments: their types and bounds, and the errors a wrong one gets.

Every tool of ``server.mcp_tools`` takes these types (``Limit``, ``Budget``, ``Score``, ``Offset``,
``Mode``), so one argument is checked in one place and in the SDK's and REST's words; a wrongly
typed, missing or unknown argument names the argument and what it should hold (``argument_error``,
``unknown_arguments``), never pydantic's raw report; ``parse_id`` reads the ids the tools give.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, ValidationError

from memstrata.arguments import KINDS_WANTED, MAX_LIMIT, check_limit, refused, whole_wanted
from memstrata.context.block import check_budget
from memstrata.context.render import MIN_BUDGET_TOKENS
from memstrata.errors import InvalidInput

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

