"""Query parameters a route does not read are refused, naming the parameter, not ignored.

A route's scope lives in its body (``POST /v1/search``) or its query (``GET /v1/facts``). The
query models forbid unknown fields, but a route whose arguments are in the body, or that reads a
single query parameter (``DELETE /v1/projects/{id}?org_id=``), ignored the rest:
``POST /v1/search?user_id=carol`` with a body naming alice answered alice's hits, and a caller
could not tell that ``user_id`` was never read. Every ``/v1`` router depends on ``known_query``.
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


async def known_query(request: Request) -> None:
    """FastAPI dependency: refuse a query parameter the route does not read (``async``: no worker
    thread for a check of a few names).

    Raises:
        RequestValidationError: answered as every other input the route refuses (422
            ``validation_error``, ``details.field`` the parameter), before anything is read or written.
    """
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return
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
