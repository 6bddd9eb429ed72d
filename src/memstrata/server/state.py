"""What the REST routes share in one worker process: the ``ServerState`` (the engine, its lock,
the keys, the limits) and the request helpers every router uses (scope, limits, replays)."""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Header, Request
from fastapi.responses import Response

from memstrata.lifecycle.keys import ApiKeyAdmin
from memstrata.memory import Memory
from memstrata.memory.base import check_ids
from memstrata.server.auth import Principal
from memstrata.server.config import ServerConfig
from memstrata.server.errors import ApiError
from memstrata.server.limits import RateLimiter
from memstrata.server.models import ContextRequest, ListEpisodesQuery, ListFactsQuery, Scoped, ScopeQuery, SearchRequest
from memstrata.store.protocol import KeyStore
from memstrata.types import Scope
from memstrata.write.ingest import AddResult

#: The scope fields of a request (``models.Scoped``).
SCOPE_FIELDS = ("org_id", "project_id", "user_id", "agent_id", "session_id")


@dataclass
class ServerState:
    """What every request handler shares in one worker process."""

    memory: Memory
    keys: KeyStore | None
    config: ServerConfig
    limiter: RateLimiter
    lock: threading.Lock
    engine_filter: bool
    engine_modes: bool

    @classmethod
    def open(cls, memory: Memory, config: ServerConfig) -> ServerState:
        """The state of a worker serving ``memory`` with ``config``."""
        params = inspect.signature(memory.search).parameters
        # SQLite and PostgreSQL keep API keys; on the reference store only the admin key exists.
        keys = memory.api_keys
        return cls(memory, keys, config, RateLimiter(config.rate_limit_per_minute),
                   threading.Lock(), "filter" in params, "mode" in params)

    def scope(self, caller: Principal, req: Scoped, **override: str | None) -> dict[str, Any]:
        """The ``Memory`` scope keywords of a request (``override`` wins over ``req``'s fields)."""
        fields = {n: getattr(req, n) for n in SCOPE_FIELDS}
        fields.update({k: v for k, v in override.items() if v is not None})
        s = self.memory.settings
        return caller.scope(**fields, default_org=s.org_id, default_project=s.project_id)

    def engine_options(self, *, filter_text: str | None = None, mode: str | None = None) -> dict[str, Any]:
        """``filter``/``mode`` keywords for the engine, or a clear error if it has no such feature.

        Raises:
            ApiError: 400 ``filter_unsupported`` or 422 ``mode_unsupported``, with ``details.field``
                naming the body's field, as every other refused field is named (docs/errors.md).
        """
        options: dict[str, Any] = {}
        if filter_text is not None:
            if not self.engine_filter:
                raise ApiError(400, "filter_unsupported", "this server's engine has no filter language yet; "
                               "leave out `filter`", {"field": "filter"})
            options["filter"] = filter_text
        if mode is not None:
            if not self.engine_modes:
                raise ApiError(422, "mode_unsupported", "this server's engine has one search mode; leave out `mode`",
                               {"field": "mode"})
            options["mode"] = mode
        return options


def check_request_scope(req: Scoped) -> None:
    """Check the scope fields the request itself names (``memory.base.check_ids``) before its items: a batch's
    items (``messages``, ``records``) take the request's ``user_id`` when they name none, and a bad one is the
    request's mistake, named as its field (``details.field``: ``user_id``), not as its first item's
    (``messages[0]: ...``, ``details.index: 0``).

    Raises:
        InvalidInput: an empty, over-long, control- or invisible-character identifier, or one with outer whitespace.
    """
    check_ids(**{name: getattr(req, name) for name in SCOPE_FIELDS})


def merged(body: Scoped | None, query: ScopeQuery) -> Scoped:
    """The request's scope fields: the body's, with the query's filling the ones it leaves out."""
    if body is None:
        return query
    return body.model_copy(update={f: getattr(query, f) for f in SCOPE_FIELDS if getattr(body, f) is None})


#: What an export of a scope that holds nothing tells the client to check.
EMPTY_EXPORT_HINT = "check user_id (and agent_id, session_id, org_id, project_id)"


def whose(scope: dict[str, Any]) -> str:
    """A request's scope as errors name it (``default/default user=alice``)."""
    return Scope(**scope).describe()


def state_of(request: Request) -> ServerState:
    """The ``ServerState`` of the app serving ``request``."""
    state: ServerState = request.app.state.memstrata
    return state


def keys_of(request: Request) -> ApiKeyAdmin:
    """The database's API keys as the SDK manages them (``Memory.keys``): the ``/v1/keys`` routes
    create, list and revoke through the same path as ``memstrata keys`` and a program holding the
    ``Memory``, never the store's key table directly.

    Raises:
        ApiError: 501 ``not_supported`` on a store that keeps none (the reference store).
    """
    st = state_of(request)
    if st.keys is None:  # answered before Memory.keys raises its StoreError: a 501, not a 500
        raise ApiError(501, "not_supported", "this store keeps no API keys (SQLite and PostgreSQL do); "
                       "with this store use the admin key (MEMSTRATA_ADMIN_KEY)")
    return st.memory.keys


def limit_of(state: ServerState, req: SearchRequest | ContextRequest | ListFactsQuery | ListEpisodesQuery) -> int:
    """The request's ``limit``: a default is lowered to the server's maximum, an explicit one over it is a 422."""
    cap = state.config.max_search_limit
    if req.limit <= cap:
        return req.limit
    if "limit" not in req.model_fields_set:
        return cap
    raise ApiError(422, "limit_too_large", f"limit {req.limit} is over this server's maximum {cap} for search "
                   "results and list pages (MEMSTRATA_MAX_SEARCH_LIMIT); page with cursor or offset",
                   {"field": "limit", "max": cap})


def check_batch(state: ServerState, count: int, what: str) -> None:
    """Refuse a write of ``count`` items (``what``: ``messages``, ``records``) over the server's
    ``max_batch`` (``MEMSTRATA_MAX_BATCH``) before anything is stored.

    Raises:
        ApiError: 413 ``batch_too_large`` with ``details.max``.
    """
    cap = state.config.max_batch
    if count > cap:
        raise ApiError(413, "batch_too_large", f"{count} {what} in one request; the limit is {cap} "
                       "(MEMSTRATA_MAX_BATCH)", {"max": cap})


IdempotencyKeyHeader = Annotated[str | None, Header(
    alias="Idempotency-Key", max_length=255, description=(
        "A key made once per request (e.g. a UUID): a retry with the same key gets the first answer back "
        "(`replayed: true`, header `Idempotent-Replayed: true`) and stores nothing new, also after a server "
        "restart; the same key with other messages is a 422 `idempotency_key_reused`. Kept per tenant and "
        "user for 7 days."))]


def mark_replayed(results: list[AddResult], response: Response) -> bool:
    """Whether ``results`` answer a replayed Idempotency-Key (then the header says so too)."""
    replayed = any(r.replayed for r in results)
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return replayed
