"""One JSON POST with timeouts and retries: the transport both providers share.

Retried: HTTP 429 and 5xx, timeouts, connection errors. The wait before retry ``n``
(1-based) is ``backoff_s * 2 ** (n - 1)``, or the server's ``Retry-After`` seconds when it
sends one, never more than ``max_backoff_s``. Any other HTTP error fails at once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from memstrata.errors import LLMError, LLMRefused

log = logging.getLogger(__name__)

#: Characters of an error body quoted in an ``LLMError`` message.
ERROR_BODY_CHARS = 300


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    try:
        return None if value is None else max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def post_json(client: httpx.Client, url: str, *, headers: Mapping[str, str], body: dict[str, Any],
              max_retries: int, backoff_s: float, max_backoff_s: float,
              sleep: Callable[[float], None] = time.sleep) -> tuple[dict[str, Any], int, float]:
    """POST ``body`` as JSON; returns ``(answer JSON, attempts, latency in ms)``.

    Raises:
        LLMRefused: an HTTP 4xx other than 429, at once (not retried).
        LLMError: the last attempt failed (status, or timeout/connection error), naming the
            URL, the attempts made and an excerpt of the server's answer.
    """
    started = time.perf_counter()
    problem = ""
    for attempt in range(1, max_retries + 2):
        wait: float | None = None
        try:
            response = client.post(url, headers=dict(headers), json=body)
        except httpx.TimeoutException as exc:
            problem = f"timed out ({type(exc).__name__})"
        except httpx.TransportError as exc:
            problem = f"connection failed ({type(exc).__name__}: {exc})"
        else:
            if response.status_code < 300:
                try:
                    data = response.json()
                except ValueError as exc:
                    raise LLMError(f"{url} answered HTTP {response.status_code} with a body that is not JSON: "
                                   f"{response.text[:ERROR_BODY_CHARS]!r}") from exc
                if not isinstance(data, dict):
                    raise LLMError(f"{url} answered with JSON that is not an object: {str(data)[:ERROR_BODY_CHARS]}")
                return data, attempt, (time.perf_counter() - started) * 1000.0
            problem = f"HTTP {response.status_code}: {response.text[:ERROR_BODY_CHARS]!r}"
            if response.status_code != 429 and response.status_code < 500:
                raise LLMRefused(f"{url} refused the request ({problem}); check the model name, key and base URL",
                                 status=response.status_code, body=response.text[:ERROR_BODY_CHARS])
            wait = _retry_after(response)
        if attempt > max_retries:
            break
        delay = min(max_backoff_s, backoff_s * 2 ** (attempt - 1) if wait is None else wait)
        log.warning("llm request to %s failed (%s); retry %d of %d in %.2fs", url, problem, attempt,
                    max_retries, delay)
        sleep(delay)
    raise LLMError(f"{url} failed after {max_retries + 1} attempts; last: {problem}")
