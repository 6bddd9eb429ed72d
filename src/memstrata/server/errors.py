"""One error shape on the wire: ``{"error": {"code", "message", "details"}}``, never a traceback.

Statuses: 400 malformed JSON or filter, or a body that is not UTF-8 (``details.position``, counted
from 1 as in the message's "at character N"),
401 no or bad key, 403 a key naming another scope, 404, 409 conflict, 413 body or batch too
large, 415 a body not labelled JSON (``server.body``), 422 invalid input, 429 rate limit,
503 the database or model is unavailable, 500 anything else (logged here with its
traceback, answered with ``internal``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from memstrata.clock import unreadable_time
from memstrata.errors import InvalidInput, MemstrataError, at_character, character
from memstrata.server.metrics import metrics

log = logging.getLogger("memstrata.server")

#: HTTP status of each ``MemstrataError.code``; unknown codes are 500.
STATUS_BY_CODE: dict[str, int] = {
    "invalid_input": 422,
    "invalid_filter": 400,
    "content_too_large": 413,
    "not_found": 404,
    "conflict": 409,
    # The Idempotency-Key header draft (IETF httpapi): a key reused for another payload is a 422.
    "idempotency_key_reused": 422,
    "store_error": 503,
    "embedding_error": 503,
    "corrupt_database": 500,
    "schema_too_new": 500,
    "embedding_model_mismatch": 500,
    # The configured LLM (an upstream service) failed or answered nonsense after the retries.
    "llm_error": 502,
    "llm_bad_output": 502,
}
_HTTP_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 413: "body_too_large", 415: "unsupported_media_type",
               429: "rate_limited"}


class ApiError(Exception):
    """An error the server answers itself: ``status``, stable ``code``, ``message``, ``details``."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.details = details or {}
        self.headers = headers


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON body of every error response."""
    return {"error": {"code": code, "message": message, "details": details or {}}}


def error_response(status: int, code: str, message: str, details: dict[str, Any] | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    """A ``JSONResponse`` in the one error shape (counted in ``memstrata_errors_total`` by code)."""
    metrics().errors.labels(code).inc()
    return JSONResponse(error_body(code, message, details), status_code=status, headers=headers)


#: Said after a number or boolean sent as a string: the body's numbers are strict (``models``),
#: as the SDK's are, rather than read one way here and refused there.
STRICT_HINT = ("numbers and booleans in a request body are strict: send a JSON number or true/false, "
               "not a string (5, not \"5\")")
_STRICT_TYPES = ("int_type", "float_type", "bool_type")
#: pydantic's error types for a value that is no time (``"yesterday"``, ``true``, ``"2026-13-01"``): answered in
#: the words every door refuses a time with (``clock.unreadable_time``), the value included (a time, never content).
_TIME_TYPES = ("datetime_type", "datetime_parsing", "datetime_from_date_parsing", "datetime_object_invalid")


def _malformed(err: Any, body: Any) -> tuple[int, str, str, dict[str, Any]]:
    """400 ``malformed_json`` for a body the JSON parser refused (``err`` as FastAPI reports it,
    ``body`` the text): where, counted from 1 as every door counts (``errors.character``; line
    and column too), and the parser's reason."""
    reason = (err.get("ctx") or {}).get("error", "parse error")
    offset = err.get("loc", [None, None])[-1]
    if not isinstance(offset, int):
        return 400, "malformed_json", f"request body is not valid JSON: {reason}", {}
    text = body if isinstance(body, str) else ""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return 400, "malformed_json", (f"request body is not valid JSON {at_character(offset)} (line {line}, "
                                   f"column {column}): {reason}"), {
        "position": character(offset), "line": line, "column": column}


def _validation_details(exc: RequestValidationError) -> tuple[int, str, str, dict[str, Any]]:
    errors = []
    for err in exc.errors():
        if err.get("type") == "json_invalid":
            return _malformed(err, exc.body)
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, InvalidInput):
            # A list or choice argument (``memstrata.arguments``): the SDK's own words, value included
            # (a kind or status name, never content), so every door says the same.
            return 422, "invalid_input", str(cause), {**cause.details(), "errors": [
                {"loc": [str(p) for p in err.get("loc", ())], "msg": str(cause), "type": "invalid_input"}]}
        # The input is left out on purpose: it may be memory content or a secret.
        msg = str(err.get("msg", ""))
        if err.get("type") in _STRICT_TYPES and isinstance(err.get("input"), str):
            msg = f"{msg}; {STRICT_HINT}"
        elif err.get("type") in _TIME_TYPES:  # not pydantic's "input is too short": what a time looks like
            msg = unreadable_time(err.get("input"))
        errors.append({"loc": [str(p) for p in err.get("loc", ())], "msg": msg, "type": str(err.get("type", ""))})
    first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
    field = dotted(first["loc"])
    # ``details.field`` names the argument as every other door's invalid input does (a body's
    # nested one by its dotted path, ``messages.0.role``); ``errors`` keeps every problem found.
    return 422, "validation_error", f"{field or 'request'}: {first['msg']}", {
        **({"field": field} if field else {}), "errors": errors}


#: Where FastAPI says a request's value came from: the first part of a ``loc``, not part of its name.
_SOURCES = ("body", "query", "path", "header", "cookie")


def dotted(loc: Sequence[str]) -> str:
    """The dotted path of a validation error's ``loc`` without its source (``["body", "messages",
    "0", "role"]`` -> ``messages.0.role``); ``""`` for the body or request as a whole."""
    return ".".join(loc[1:] if loc and loc[0] in _SOURCES else loc)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into the one error shape."""

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, exc.details, exc.headers)

    @app.exception_handler(MemstrataError)
    async def memstrata_error(_: Request, exc: MemstrataError) -> JSONResponse:
        return error_response(STATUS_BY_CODE.get(exc.code, 500), exc.code, str(exc), exc.details())

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        status, code, message, details = _validation_details(exc)
        return error_response(status, code, message, details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail), {}, dict(exc.headers or {}) or None)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error_response(500, "internal", "internal error; the server log has the details")
