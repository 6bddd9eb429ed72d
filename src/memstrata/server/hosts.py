"""The ``Host`` a server without keys answers: its own address or a loopback name (DNS rebinding).

A page on ``http://evil.example:8080`` whose name the attacker then points at 127.0.0.1 reaches a
server on the user's machine from the user's browser, as the same origin: without keys it read every
user's memories and could ``POST /v1/forget``. The browser still sends ``Host: evil.example:8080``, so a
server without keys answers only ``localhost``, ``127.0.0.1``, ``[::1]`` or the address it is bound to
(any port: an SSH tunnel moves it), and refuses the rest with 421, as ``memstrata mcp --http`` (the MCP
SDK's transport security) does. A server with keys answers any ``Host``: the page has no key to send (the
inspector's key cookie is kept for the name it was given under, never sent to ``evil.example``), and such
a server is reached under names of its own (a proxy, a public name) this check would refuse.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from memstrata.server.auth import keys_required
from memstrata.server.errors import error_body
from memstrata.server.metrics import metrics

#: The loopback names every server without keys answers, with any port or none.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def host_name(header: str | None) -> str | None:
    """The name of a ``Host`` header, lower-case, without its port or IPv6 brackets (``[::1]:8080``:
    ``::1``); ``None`` for none or one that is no host (``a:b:c``, ``a:port``)."""
    if not header:
        return None
    try:
        split = urlsplit("//" + header.strip())
        split.port  # noqa: B018 - raises ValueError for a port that is no number
    except ValueError:
        return None
    return split.hostname or None


class KeylessHostMiddleware:
    """Answers 421 ``invalid_host`` (in the error shape) to a request whose ``Host`` is neither a loopback
    name nor the address the connection came to, while the server requires no key (``keys_required``,
    asked per request: a key created while it runs turns the check off)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        name = host_name(header)
        bound = (scope.get("server") or ("",))[0]
        if (name in LOOPBACK_NAMES or (name is not None and name == str(bound).lower().strip("[]"))
                or keys_required(scope["app"].state.memstrata)):
            await self.app(scope, receive, send)
            return
        metrics().errors.labels("invalid_host").inc()
        body = json.dumps(error_body("invalid_host", f"Host {header[:80]!r} is not this server's: without API "
                                     "keys it answers localhost, 127.0.0.1 and [::1] only (a page of another "
                                     "site could otherwise read it through its own name)", {"host": header[:80]}),
                          ensure_ascii=False, separators=(",", ":")).encode()
        await send({"type": "http.response.start", "status": 421,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
