"""Who is calling, and which scope they may touch.

A request carries an API key as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``:

- the admin key (``MEMSTRATA_ADMIN_KEY``): any scope; manages keys over ``/v1/keys``;
- a stored key (``memstrata keys create``): bound to one ``org_id/project_id`` and
  optionally one ``user_id``. Every request made with it is forced into that scope: a
  request naming another org, project or user gets 403, whatever else it says, and ids of
  another tenant's facts are simply not found (the store's queries carry the scope).

Without any key configured (no admin key, no active stored key, and the server not told
to require keys) the server is *open*: it is bound to loopback only, and a request names
its scope itself.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from memstrata.server.errors import ApiError
from memstrata.types import ApiKey

bearer = HTTPBearer(auto_error=False, description="An API key: `Authorization: Bearer msk_...`")
api_key_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="Or the key in `X-API-Key`")


@dataclass(frozen=True)
class Principal:
    """The caller: ``kind`` is ``admin``, ``key`` (a stored, scoped key) or ``open`` (no keys configured)."""

    kind: str
    key: ApiKey | None = None
    address: str = ""

    @property
    def actor(self) -> str:
        """The audit-log actor: ``api:key:<key_id>``, ``api:admin`` or ``api:open``."""
        return f"api:key:{self.key.key_id}" if self.key is not None else f"api:{self.kind}"

    @property
    def bucket(self) -> str:
        """Rate-limit bucket: the key id, or the client address without a key."""
        return self.key.key_id if self.key is not None else f"{self.kind}:{self.address}"

    def scope(self, *, org_id: str | None, project_id: str | None, user_id: str | None,
              agent_id: str | None = None, session_id: str | None = None,
              default_org: str, default_project: str) -> dict[str, Any]:
        """The scope keyword arguments for ``Memory``: the key's scope forced, the rest as asked.

        Raises:
            ApiError: 422 ``invalid_input`` for an org or project given blank (``?org_id=``: an unset
                variable, never "the default tenant", which would read or delete another tenant's
                rows); 403 ``scope_forbidden`` when the request names another org, project or user
                than the key is bound to.
        """
        for name, value in (("org_id", org_id), ("project_id", project_id)):
            if value is not None and not value.strip():
                raise ApiError(422, "invalid_input", f"{name} is {'empty' if value == '' else 'only whitespace'}; name "
                               f"the tenant or leave {name} out for the default; nothing was read or changed",
                               {"field": name})
        if self.key is None:
            return {"org_id": org_id or default_org, "project_id": project_id or default_project,
                    "user_id": user_id, "agent_id": agent_id, "session_id": session_id}
        for name, asked, bound in (("org_id", org_id, self.key.org_id),
                                   ("project_id", project_id, self.key.project_id),
                                   ("user_id", user_id, self.key.user_id)):
            if asked is not None and bound is not None and asked != bound:
                raise ApiError(403, "scope_forbidden", f"this API key is limited to {name} {bound!r}; "
                               f"the request names {asked!r}", {"field": name})
        return {"org_id": self.key.org_id, "project_id": self.key.project_id,
                "user_id": self.key.user_id or user_id, "agent_id": agent_id, "session_id": session_id}

    def require_admin(self) -> None:
        """Raises ``ApiError`` 403 unless the caller is the admin (or the server is open)."""
        if self.kind not in ("admin", "open"):
            raise ApiError(403, "admin_required", "this needs the admin key (MEMSTRATA_ADMIN_KEY)")


def authenticate(request: Request,
                 creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
                 header_key: Annotated[str | None, Depends(api_key_header)] = None) -> Principal:
    """FastAPI dependency: the ``Principal`` of the request (``principal_for`` its key).

    Raises:
        ApiError: as ``principal_for``.
    """
    address = request.client.host if request.client else ""
    given = creds.credentials if creds is not None else header_key
    return principal_for(request.app.state.memstrata, given, address)


def principal_for(state: Any, given: str | None, address: str) -> Principal:
    """The ``Principal`` holding the API key ``given`` (``None``: no key sent), rate limited.

    ``state`` is the server's ``ServerState`` (its config, key store and limiter). The browser
    inspector (``memstrata.ui``) calls this with the key of its login cookie.

    Raises:
        ApiError: 401 ``missing_api_key`` when keys are required and none was sent,
            401 ``invalid_api_key`` for an unknown, malformed or revoked key, and 429
            when the caller is over the rate limit.
    """
    challenge = {"WWW-Authenticate": "Bearer"}
    if given:
        admin = state.config.admin_key
        if admin and hmac.compare_digest(given.encode("utf-8"), admin.encode("utf-8")):
            principal = Principal("admin", address=address)
        else:
            key = None if state.keys is None else state.keys.verify(given)
            if key is None:
                raise ApiError(401, "invalid_api_key", "the API key is unknown, malformed or revoked",
                               headers=challenge)
            principal = Principal("key", key, address)
    elif keys_required(state):
        raise ApiError(401, "missing_api_key", "this server requires an API key: send "
                       "`Authorization: Bearer <key>` (create one with `memstrata keys create`)", headers=challenge)
    else:
        principal = Principal("open", address=address)
    state.limiter.check(principal.bucket)
    return principal


def keys_required(state: Any) -> bool:
    """Whether a request without a key is refused: the server requires keys, has an admin key,
    or keeps an active stored key (``state``: the ``ServerState``)."""
    return bool(state.config.require_auth or state.config.admin_key
                or (state.keys is not None and state.keys.any_active()))


def authorize_metrics(request: Request,
                      creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
                      header_key: Annotated[str | None, Depends(api_key_header)] = None) -> None:
    """FastAPI dependency of ``/metrics``: per-route and per-status counts and the queue depth are of
    every tenant, so when keys are required they need the admin key or ``MEMSTRATA_METRICS_KEY``
    (a key for a scraper that reads nothing else); an open (loopback) server answers anyone.

    Raises:
        ApiError: 401 ``missing_api_key`` without a key; 403 ``metrics_key_required`` for any other key.
    """
    state = request.app.state.memstrata
    if not keys_required(state):
        return
    given = creds.credentials if creds is not None else header_key
    if not given:
        raise ApiError(401, "missing_api_key", "/metrics needs the admin key or MEMSTRATA_METRICS_KEY: send "
                       "`Authorization: Bearer <key>`", headers={"WWW-Authenticate": "Bearer"})
    for allowed in (state.config.admin_key, state.config.metrics_key):
        if allowed and hmac.compare_digest(given.encode("utf-8"), allowed.encode("utf-8")):
            return
    raise ApiError(403, "metrics_key_required", "/metrics shows counts of every tenant: it needs the admin key or "
                   "MEMSTRATA_METRICS_KEY, not a tenant's API key")


Caller = Annotated[Principal, Depends(authenticate)]
