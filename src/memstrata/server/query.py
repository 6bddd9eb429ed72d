"""Query parameters a route does not read are refused, naming the parameter, not ignored.

A route's scope lives in its body (``POST /v1/search``) or its query (``GET /v1/facts``). The
query models forbid unknown fields, but a route whose arguments are in the body, or that reads a
single query parameter (``DELETE /v1/projects/{id}?org_id=``), ignored the rest:
``POST /v1/search?user_id=carol`` with a body naming alice answered alice's hits, and a caller
could not tell that ``user_id`` was never read. Every ``/v1`` router depends on ``known_query``.

A parameter given twice is refused too: no query parameter takes several values, and FastAPI read the last
one, so ``DELETE /v1/facts/3?user_id=alice&user_id=bob`` deleted bob's fact 3 and ``GET /v1/facts?user_id=alice
&user_id=bob`` listed bob's facts as the answer for both (the inspector's forms refuse a repeated field too).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel


def _query_fields(dependant: Dependant) -> Iterator[Any]:
    yield from dependant.query_params
    for sub in dependant.dependencies:
        yield from _query_fields(sub)


def _names(dependant: Dependant) -> frozenset[str]:
    """The query parameter names ``dependant`` reads: a query model's fields (by alias), or a
    single parameter's name."""
    names: set[str] = set()
    for field in _query_fields(dependant):
        kind = field.field_info.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            names |= {info.alias or name for name, info in kind.model_fields.items()}
        else:
            names.add(field.alias)
    return frozenset(names)


def _given_once(request: Request) -> None:
    """Refuse a query parameter given more than once (module docstring), naming it and its values.

    Raises:
        RequestValidationError: 422 ``validation_error``, ``details.field`` the parameter.
    """
    values: dict[str, list[str]] = {}
    for name, value in request.query_params.multi_items():
        values.setdefault(name, []).append(value)
    repeated = {name: given for name, given in values.items() if len(given) > 1}
    if repeated:
        raise RequestValidationError([
            {"type": "invalid_input", "loc": ("query", name), "input": None,
             "msg": f"given {len(given)} times ({', '.join(repr(v[:40]) for v in given[:3])}); give it once: which "
                    "value was meant cannot be told, so nothing was read or changed"}
            for name, given in repeated.items()])


async def known_query(request: Request) -> None:
    """FastAPI dependency: refuse a query parameter the route does not read (``async``: no worker
    thread for a check of a few names).

    Raises:
        RequestValidationError: answered as every other input the route refuses (422
            ``validation_error``, ``details.field`` the parameter), before anything is read or written;
            a parameter given twice too (``_given_once``).
    """
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return
    _given_once(request)
    names = _names(dependant)
    unknown = [name for name in dict.fromkeys(request.query_params.keys()) if name not in names]
    if not unknown:
        return
    takes = (f"this route reads only {', '.join(sorted(names))} from the query" if names else
             "this route reads no query parameter" + ("; its arguments go in the JSON body"
                                                       if getattr(route, "body_field", None) else ""))
    raise RequestValidationError([{"type": "extra_forbidden", "loc": ("query", name),
                                   "msg": f"Extra inputs are not permitted: {takes}", "input": None}
                                  for name in unknown])
