"""Who is looking, and whether a form really came from the inspector's own pages.

Keys: the inspector takes the REST API's keys (``server.auth``). An API client sends one in a
header (``Authorization: Bearer`` or ``X-API-Key``); a browser signs in once with a form that
stores the key in the ``KEY_COOKIE`` cookie: ``HttpOnly`` (no script reads it), ``SameSite=Strict``
(no other site's page makes the browser send it) and limited to ``/ui``.

Cross-site requests: every page visit carries a random session nonce (``SESSION_COOKIE``, also
``HttpOnly`` and ``SameSite=Strict``); each form holds ``csrf_token(nonce)``, an HMAC of it, and a
POST whose token does not match its cookie is refused, as is one whose ``Origin`` (or
``Referer``) names another site or whose ``Sec-Fetch-Site`` says ``cross-site``. This matters
most on the open server (``memstrata ui``): it has no key at all, so without the token a page on
any site could post a forget to ``127.0.0.1``. A POST authenticated by a header key needs no
token: a browser never adds that header to another site's form.

Logs: the access log line of a ``/ui`` request keeps its path and drops the query string, which
holds search text, filters and ids (``QueryRedaction``).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi import Request
from starlette.responses import Response

from memstrata.server.auth import Principal, principal_for
from memstrata.server.errors import ApiError

KEY_COOKIE = "memstrata_key"
SESSION_COOKIE = "memstrata_session"
#: Form field (and header, for scripts) carrying the CSRF token.
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
PATH = "/ui"
#: A session nonce: 32 random bytes, URL-safe base64.
NONCE_BYTES = 32


@dataclass(frozen=True)
class Credential:
    """The caller and how the key came: ``header``, ``cookie`` or ``none`` (an open server)."""

    principal: Principal
    source: str


def nonce_of(request: Request) -> str | None:
    """The session nonce the browser sent, if any."""
    value = request.cookies.get(SESSION_COOKIE)
    return value if value and len(value) <= 128 else None


def new_nonce() -> str:
    """A fresh session nonce."""
    return secrets.token_urlsafe(NONCE_BYTES)


def csrf_token(nonce: str) -> str:
    """The form token of a session: HMAC-SHA256 of its nonce (hex), so the page never shows the nonce."""
    return hmac.new(nonce.encode("ascii"), b"memstrata ui csrf v1", hashlib.sha256).hexdigest()


def set_cookie(response: Response, request: Request, name: str, value: str) -> None:
    """Set ``name`` as the inspector's cookies are: HttpOnly, SameSite=Strict, path ``/ui``, Secure on https."""
    response.set_cookie(name, value, path=PATH, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")


def clear_cookie(response: Response, name: str) -> None:
    """Remove ``name`` from the browser."""
    response.delete_cookie(name, path=PATH, httponly=True, samesite="strict")


def header_key(request: Request) -> str | None:
    """An API key sent in ``Authorization: Bearer`` or ``X-API-Key``."""
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    return request.headers.get("x-api-key") or None


def credential(request: Request) -> Credential:
    """The caller of a page: a header key, else the login cookie's key, else none.

    Raises:
        ApiError: 401 when the server needs a key and none (or a bad one) was given.
    """
    state = request.app.state.memstrata
    address = request.client.host if request.client else ""
    given, source = header_key(request), "header"
    if given is None:
        given, source = request.cookies.get(KEY_COOKIE), "cookie"
    if given is None:
        source = "none"
    return Credential(principal_for(state, given, address), source)


def _own_origin(request: Request) -> str:
    host = request.headers.get("host", "")
    return f"{request.url.scheme}://{host}".lower()


def check_same_origin(request: Request) -> None:
    """Refuse a POST another site's page sent (``Sec-Fetch-Site``, ``Origin``, ``Referer``).

    Raises:
        ApiError: 403 ``cross_site_request``.
    """
    if request.headers.get("sec-fetch-site", "") == "cross-site":
        raise ApiError(403, "cross_site_request", "this form was sent by another site's page; it was refused")
    origin = request.headers.get("origin")
    if origin is None and request.headers.get("referer"):
        parts = urlsplit(request.headers["referer"])
        origin = f"{parts.scheme}://{parts.netloc}"
    if origin is not None and origin.lower() != _own_origin(request):
        raise ApiError(403, "cross_site_request", "this form was sent from another origin; it was refused",
                       {"origin": origin[:200]})


def check_csrf(request: Request, form: dict[str, str], cred: Credential) -> None:
    """Refuse a state-changing POST that did not come from one of this session's pages.

    Raises:
        ApiError: 403 ``cross_site_request`` (``check_same_origin``) or ``csrf_token_invalid``.
    """
    check_same_origin(request)
    if cred.source == "header":
        return
    nonce = nonce_of(request)
    sent = form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER, "")
    if nonce is None or not hmac.compare_digest(sent.encode("ascii", "replace"), csrf_token(nonce).encode("ascii")):
        raise ApiError(403, "csrf_token_invalid", "the form's token does not match this browser session: reload "
                       "the page and send it again (a form from another site is refused)")


class QueryRedaction(logging.Filter):
    """Drops the query string of ``/ui`` requests from uvicorn's access log lines.

    uvicorn logs ``'%s - "%s %s HTTP/%s" %d'`` with ``(client, method, path?query, version,
    status)`` as ``record.args``; the third is cut at ``?``.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's path argument; every record is kept."""
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            path: str = args[2]
            if path.startswith(PATH) and "?" in path:
                record.args = (*args[:2], path.split("?", 1)[0] + "?…", *args[3:])
        return True


def redact_access_log() -> None:
    """Install ``QueryRedaction`` on uvicorn's access logger once per process."""
    logger = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, QueryRedaction) for f in logger.filters):
        logger.addFilter(QueryRedaction())


def form_fields(raw: bytes) -> dict[str, str]:
    """The fields of a form-encoded body; no form of the inspector repeats a name.

    Raises:
        ApiError: 400 when the body is not UTF-8; 422 naming a field given twice (``user=alice&user=bob``
            forgot bob, the last value winning: a forget's target must be one).
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "bad_request", "the form body is not UTF-8") from None
    pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=64)
    fields = dict(pairs)
    if len(fields) < len(pairs):
        name = next(n for i, (n, _) in enumerate(pairs) if any(n == m for m, _ in pairs[:i]))
        raise ApiError(422, "invalid_input", f"the form gives `{name[:40]}` more than once; give it once: nothing "
                       "was changed", {"field": name[:40]})
    return fields


def describe(principal: Principal) -> dict[str, Any]:
    """What the page header says about the caller: kind, key id, bound tenant and user."""
    key = principal.key
    return {"kind": principal.kind, "key_id": key.key_id if key else None,
            "org_id": key.org_id if key else None, "project_id": key.project_id if key else None,
            "user_id": key.user_id if key else None}
