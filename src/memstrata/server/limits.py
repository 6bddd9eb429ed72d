"""Request limits: body size (413), rate per key (429), and the result payload bound.

The batch size, search ``limit`` and export size are checked where those requests are
handled (``app``); their maxima live in ``ServerConfig``.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Sequence
from typing import TypeVar

from pydantic import TypeAdapter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from memstrata.server.errors import ApiError, error_body
from memstrata.server.metrics import metrics

T = TypeVar("T")


class BodyLimitMiddleware:
    """Answers 413 (in the error shape) to a request body over ``max_bytes``, before the
    application reads any of it: by ``Content-Length`` when given, otherwise by counting a
    chunked body while buffering it (at most ``max_bytes`` are ever held)."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _reject(self, send: Send, size: str) -> None:
        metrics().errors.labels("body_too_large").inc()
        body = json.dumps(error_body("body_too_large", f"request body is {size} bytes; the limit is "
                                     f"{self.max_bytes:,} (MEMSTRATA_MAX_BODY_BYTES)",
                                     {"max": self.max_bytes}),
                          ensure_ascii=False, separators=(",", ":")).encode()  # as JSONResponse renders the rest
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._reject(send, f"{int(declared):,}")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                chunks_done: list[Message] = [message]
                break
            size += len(message.get("body", b""))
            if size > self.max_bytes:
                await self._reject(send, f"more than {self.max_bytes:,}")
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                chunks_done = []
                break
        replay: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False},
                                 *chunks_done]

        async def replayed() -> Message:
            return replay.pop(0) if replay else await receive()

        await self.app(scope, replayed, send)


class RateLimiter:
    """Token bucket per caller: ``per_minute`` requests a minute, bursts up to ``per_minute``.

    In-process (per uvicorn worker); ``per_minute == 0`` disables it.
    """

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def check(self, caller: str) -> None:
        """Take one token for ``caller``. Raises ``ApiError`` 429 with ``Retry-After`` when empty."""
        if self.per_minute <= 0:
            return
        rate = self.per_minute / 60.0
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(caller, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - last) * rate)
            if tokens < 1.0:
                wait = math.ceil((1.0 - tokens) / rate)
                self._buckets[caller] = (tokens, now)
                raise ApiError(429, "rate_limited", f"more than {self.per_minute} requests a minute; "
                               f"retry in {wait} s", {"retry_after_s": wait}, {"Retry-After": str(wait)})
            self._buckets[caller] = (tokens - 1.0, now)


def fit(items: Sequence[T], adapter: TypeAdapter[T], max_bytes: int) -> tuple[list[T], bool]:
    """The longest prefix of ``items`` whose JSON fits in ``max_bytes``; and whether any was left off.

    The first item is always kept (a single over-large item is still answered whole).
    """
    kept: list[T] = []
    total = 0
    for item in items:
        total += len(adapter.dump_json(item)) + 1
        if kept and total > max_bytes:
            return kept, True
        kept.append(item)
    return kept, False



class NoStoreMiddleware:
    """Marks every ``/v1/`` answer ``Cache-Control: no-store``, as the inspector marks its pages: the
    answers hold memories, and a browser or proxy that kept one (``GET /v1/export``, ``/v1/facts``)
    would show it again after it was forgotten. An answer that says its own ``Cache-Control`` keeps it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/v1/"):
            await self.app(scope, receive, send)
            return

        async def no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    message = {**message, "headers": [*headers, (b"cache-control", b"no-store")]}
            await send(message)

        await self.app(scope, receive, no_store)
