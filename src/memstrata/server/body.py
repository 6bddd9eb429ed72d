"""Request bodies the API cannot read: not JSON by their media type (415), or not UTF-8 (400).

Before this, JSON sent as ``text/plain`` got a 422 saying the body "should be a valid
dictionary" (it was one, read as a string), and a body with an invalid UTF-8 byte got a 400
"There was an error parsing the body" naming no position. Both are answered here, in the one
error shape, before a route reads the body.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from memstrata.errors import at_character, character
from memstrata.server.errors import error_body
from memstrata.server.metrics import metrics
from memstrata.write.ingest import MAX_METADATA_DEPTH

#: Media types of a JSON body; ``application/<anything>+json`` is JSON too.
JSON_MEDIA_TYPES = ("application/json",)
#: Routes that also take JSON Lines (``JSONL_MEDIA_TYPES``): ``POST /v1/import``.
JSONL_ROUTES = ("/v1/import",)
JSONL_MEDIA_TYPES = ("application/x-ndjson", "application/jsonl", "application/json-lines")
#: The browser inspector (``memstrata.ui``) under this path posts HTML forms, not JSON.
FORM_PREFIX = "/ui/"
FORM_MEDIA_TYPES = ("application/x-www-form-urlencoded",)
#: Deepest nesting of objects and arrays a body may have. Python's JSON parser recurses once a
#: level and gives up near Python's recursion limit (1,000 frames, less the server's own): 5,000
#: levels failed inside FastAPI as "There was an error parsing the body", naming nothing (from ~950
#: in a test client), while 900
#: parse and are refused by the field that holds them (metadata nests at most 32, by path).
MAX_BODY_DEPTH = 910
#: A JSON string (skipped whole: brackets inside it are text) or one bracket.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def media_type(scope: Scope) -> str:
    """The request's ``Content-Type`` without parameters, lower-cased (``""`` when absent)."""
    raw: bytes = dict(scope.get("headers") or []).get(b"content-type", b"")
    return raw.decode("latin-1").split(";")[0].strip().lower()


def _accepted(path: str) -> tuple[str, ...]:
    return JSON_MEDIA_TYPES + (JSONL_MEDIA_TYPES if path.rstrip("/") in JSONL_ROUTES else ())


def body_problem(scope: Scope, body: bytes) -> tuple[int, str, str, dict[str, Any]] | None:
    """``(status, code, message, details)`` when the API cannot read ``body``, else ``None``.

    A body is checked only when it is not empty: a ``POST`` whose scope is in the query (restore,
    rollback) sends none. JSON must be labelled JSON (``application/json`` or ``…+json``; JSON
    Lines on ``/v1/import``) and encoded as UTF-8 (RFC 8259 section 8.1).
    """
    if not body or scope.get("method") not in ("POST", "PUT", "PATCH"):
        return None
    media, path = media_type(scope), str(scope.get("path", ""))
    if path.startswith(FORM_PREFIX):
        if media in FORM_MEDIA_TYPES:
            return None
        return 415, "unsupported_media_type", (
            f"the inspector's forms are sent as {FORM_MEDIA_TYPES[0]}; got {media or 'no Content-Type'}"), {
            "accepted": list(FORM_MEDIA_TYPES)}
    accepted = _accepted(path)
    if media not in accepted and not (media.startswith("application/") and media.endswith("+json")):
        given = f"Content-Type is {media!r}" if media else "no Content-Type was given"
        return 415, "unsupported_media_type", (
            f"the request body must be JSON and say so: {given}; send 'Content-Type: application/json'"
            + (" (or application/x-ndjson for JSON Lines)" if len(accepted) > 1 else "")), {
            "accepted": list(accepted)}
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return 400, "malformed_json", (
            f"request body is not valid UTF-8: byte 0x{body[exc.start]:02x} at byte {exc.start + 1} "
            f"({exc.reason}); JSON must be UTF-8"), {"position": exc.start + 1}  # the byte named, counted from 1
    too_deep = deeper_than(body.decode("utf-8"), MAX_BODY_DEPTH)
    if too_deep is not None:
        where = at_character(too_deep)
        return 400, "malformed_json", (f"request body nests objects and arrays more than {MAX_BODY_DEPTH} levels "
                                       f"deep {where}; metadata may nest at most {MAX_METADATA_DEPTH}"), {
            "position": character(too_deep)}
    return None


def deeper_than(text: str, limit: int) -> int | None:
    """The offset in ``text`` (JSON) of the bracket that opens level ``limit + 1``, else ``None``;
    brackets inside strings are text. Reads nothing when ``text`` holds ``limit`` brackets or fewer."""
    if text.count("[") + text.count("{") <= limit:
        return None
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return token.start()
        elif bracket in "]}":
            depth -= 1
    return None


class BodyFormatMiddleware:
    """Answers 415 or 400 (``body_problem``) before the application reads a body it cannot read.

    Runs inside ``limits.BodyLimitMiddleware``, which has already buffered the body (at most
    ``MEMSTRATA_MAX_BODY_BYTES``), so reading it here costs no second network read.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        rest: list[Message] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                rest.append(message)
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        problem = body_problem(scope, body)
        if problem is not None:
            status, code, text, details = problem
            metrics().errors.labels(code).inc()
            payload = json.dumps(error_body(code, text, details), ensure_ascii=False,
                                 separators=(",", ":")).encode()
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(payload)).encode())]})
            await send({"type": "http.response.body", "body": payload})
            return
        replay: list[Message] = [{"type": "http.request", "body": body, "more_body": False}, *rest]

        async def replayed() -> Message:
            return replay.pop(0) if replay else await receive()

        await self.app(scope, replayed, send)


def as_sent(header: str) -> str:
    """A header's value as the client wrote it: the server decodes header bytes as Latin-1, so a
    key ``é`` sent in UTF-8 read ``Ã©`` and was named as "character 'Ã'"; bytes that are no
    UTF-8 stay as read."""
    try:
        return header.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return header
