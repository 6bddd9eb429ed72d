"""The warm path: a hook talks to a running ``memstrata serve`` over HTTP (standard library only,
so the hook's process loads neither the model nor the engine).

``HookSettings.server_url`` names the server (``MEMSTRATA_HOOKS_URL``, default
``http://127.0.0.1:8080``, where ``memstrata serve`` listens; ``off`` never uses one);
``HookSettings.api_key`` (``MEMSTRATA_API_KEY``) is sent as the bearer token when the server
requires keys. A server counts as running when a TCP connection opens within
``CONNECT_TIMEOUT_S`` and ``GET /healthz`` answers ``{"status": "ok"}``: anything else (nothing
listening, another program on the port) is the cold path.
"""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import urlencode, urlsplit

from memstrata.clock import said_in
from memstrata.integrations.hooks.backend import KEY_REUSED, EarlierTurn
from memstrata.integrations.hooks.protocol import HookScope, HookSettings
from memstrata.integrations.hooks.transcript import Turn

#: How long the quick check waits for a connection, seconds: a loopback connect takes well under
#: a millisecond, and a hook must not wait on a port nobody listens on.
CONNECT_TIMEOUT_S = 0.05
#: How long one request may take, seconds (a first search after the server started embeds with a
#: model that loads on first use).
REQUEST_TIMEOUT_S = 10.0



def _minutes(value: object) -> int | None:
    """An episode's ``utc_offset_minutes`` as the server sent it (absent from a server older than offsets: UTC)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None

class RestError(RuntimeError):
    """The server answered with an error (status, the API's ``error.code`` and message).

    Attributes:
        code: the API's ``error.code`` (``""`` when the answer had none).
    """

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


class RestBackend:
    """``Backend`` over the REST API (``POST /v1/context``, ``GET /v1/episodes``, ``POST /v1/messages``)
    of one server."""

    def __init__(self, url: str, scope: HookScope, *, api_key: str | None = None) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"MEMSTRATA_HOOKS_URL must be an http(s) URL, got {url!r}")
        self.target = url.rstrip("/")
        self.scope = scope
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"
        port = parts.port or (443 if parts.scheme == "https" else 80)
        kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        self._address = (parts.hostname, port)
        self._prefix = parts.path.rstrip("/")
        self._conn = kind(parts.hostname, port, timeout=REQUEST_TIMEOUT_S)

    @classmethod
    def running(cls, settings: HookSettings) -> RestBackend | None:
        """The backend of the configured server if one is running there (the quick check), else ``None``."""
        if settings.server_url is None:
            return None
        backend = cls(settings.server_url, settings.scope, api_key=settings.api_key)
        try:
            socket.create_connection(backend._address, timeout=CONNECT_TIMEOUT_S).close()
            healthy = backend._call("GET", "/healthz") == {"status": "ok"}
        except (OSError, RestError, ValueError):
            backend.close()
            return None
        if not healthy:
            backend.close()
        return backend if healthy else None

    def context(self, query: str, *, budget_tokens: int, kinds: Sequence[str], filter: str | None,
                profile: bool, min_match: float, project_folder: str | None) -> str:
        """``POST /v1/context`` in the hook's scope; the block."""
        body = {"query": query, "budget_tokens": budget_tokens, "kinds": list(kinds), "filter": filter,
                "profile": profile, "min_match": min_match, "project_folder": project_folder, **self.scope.fields()}
        answer = self._call("POST", "/v1/context", body)
        return str(answer.get("context") or "") if isinstance(answer, dict) else ""

    def recent(self, *, filter: str, limit: int) -> list[EarlierTurn]:
        """``GET /v1/episodes?filter=...&limit=...`` in the hook's scope: the latest episodes, newest first."""
        query = urlencode({"filter": filter, "limit": limit, **self.scope.fields()})
        answer = self._call("GET", f"/v1/episodes?{query}")
        items = answer.get("items", []) if isinstance(answer, dict) else []
        return [EarlierTurn(str(e["role"]), str(e["content"]),
                            said_in(datetime.fromisoformat(e["created_at"]), _minutes(e.get("utc_offset_minutes"))))
                for e in items if isinstance(e, dict)]

    def add(self, turn: Turn, *, session_id: str, metadata: dict[str, Any], idempotency_key: str) -> bool:
        """``POST /v1/messages`` of one turn with its ``Idempotency-Key``, leaving it out when its owner
        forgot it (``skip_forgotten``); whether it was stored now."""
        message = {"content": turn.text, "role": turn.role, "metadata": metadata, "session_id": session_id}
        if turn.created_at is not None:
            message["created_at"] = turn.created_at.isoformat()
        try:
            answer = self._call("POST", "/v1/messages", {"messages": [message], "skip_forgotten": True,
                                                         **self.scope.fields()},
                                headers={"Idempotency-Key": idempotency_key})
        except RestError as exc:
            if exc.code == KEY_REUSED:  # the key names this very turn: stored before (``backend.KEY_REUSED``)
                return False
            raise
        if not isinstance(answer, dict) or answer.get("replayed") or answer.get("forgotten"):
            return False
        return any(r.get("created") for r in answer.get("results", []) if isinstance(r, dict))

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def _call(self, method: str, path: str, body: object = None, headers: Mapping[str, str] | None = None) -> Any:
        payload = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        self._conn.request(method, self._prefix + path, body=payload, headers={**self._headers, **(headers or {})})
        response = self._conn.getresponse()
        raw = response.read()
        try:
            answer = json.loads(raw) if raw else None
        except ValueError:
            raise RestError(f"{method} {path}: HTTP {response.status}, not JSON") from None
        if response.status >= 400:
            error = answer.get("error", {}) if isinstance(answer, dict) else {}
            message = error.get("message") or raw[:200].decode("utf-8", "replace")
            code = str(error.get("code") or "")
            raise RestError(f"{method} {path.split('?')[0]}: HTTP {response.status} {code}: "
                            f"{_for_the_hooks(error, message)}", code)
        return answer


#: The hooks' variable that sets each scope field a key may be bound to (``HookSettings.scope``).
SCOPE_VARIABLES = {"user_id": "MEMSTRATA_USER", "org_id": "MEMSTRATA_ORG", "project_id": "MEMSTRATA_PROJECT"}


def _for_the_hooks(error: Mapping[str, Any], message: str) -> str:
    """The server's refusal ``message`` said the way a hook user changes it: the server names its
    HTTP header, the hooks' user sets a variable of the agent's environment."""
    code = error.get("code")
    if code == "missing_api_key":
        return "this server requires an API key: set MEMSTRATA_API_KEY for the hooks (create one with " \
               "`memstrata keys create`)"
    if code == "invalid_api_key":
        return f"{message}: MEMSTRATA_API_KEY holds the key the hooks send"
    details = error.get("details")
    field = details.get("field") if isinstance(details, dict) else None
    if code == "scope_forbidden" and field in SCOPE_VARIABLES:
        return f"{message}; the hooks' {field} is {SCOPE_VARIABLES[field]}: set it to the key's, or use a key for it"
    return message
