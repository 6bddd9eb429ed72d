"""The REST application: ``create_app`` builds a FastAPI app over one ``Memory``.

Every ``/v1`` route authenticates the caller (``auth``), forces the key's scope, calls
the ``Memory`` method of the same name and answers with the SDK's own types
(``models``). Calls into the engine are serialised per process by one lock (its caches
and SQLite connection are shared state); run ``memstrata serve --workers N`` for
parallel requests: each worker opens its own connection to the same WAL-mode file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.responses import Response
from pydantic import TypeAdapter

from memstrata import __version__
from memstrata.arguments import check_timeline
from memstrata.collector import freeze_startup_objects
from memstrata.errors import Conflict, MemstrataError
from memstrata.lifecycle.forget import TABLES, ForgetReceipt
from memstrata.lifecycle.nothing_stored import deleted_nothing, empty_project_note, nothing_stored_note
from memstrata.lifecycle.schedule import MaintenanceScheduler
from memstrata.lifecycle.target import (
    NARROWING_TARGETS,
    left_out_if_none,
    refuse_blank,
    refuse_null,
    require_owner,
    require_target,
    require_tenant,
)
from memstrata.memory import Memory
from memstrata.paging import cursor_after
from memstrata.server import docs, errors, semantic_routes, transfer_routes
from memstrata.server.auth import Caller, authorize_metrics
from memstrata.server.body import BodyFormatMiddleware, as_sent
from memstrata.server.config import ServerConfig
from memstrata.server.errors import ApiError
from memstrata.server.hosts import KeylessHostMiddleware
from memstrata.server.limits import BodyLimitMiddleware, NoStoreMiddleware, fit
from memstrata.server.metrics import MetricsMiddleware, exposition, metrics
from memstrata.server.models import (
    MAX_ID,
    AddMessagesRequest,
    AddMessagesResponse,
    ContextRequest,
    ContextResponse,
    Deleted,
    DeleteFactQuery,
    EpisodeList,
    ErrorResponse,
    FactList,
    ForgetPreviewResponse,
    ForgetRequest,
    ForgetResponse,
    Health,
    HistoryEntry,
    HistoryResponse,
    KeyCreated,
    KeyCreateRequest,
    KeyHistoryQuery,
    KeyList,
    ListEpisodesQuery,
    ListFactsQuery,
    MessageIn,
    Ready,
    Rolledback,
    Scoped,
    ScopeQuery,
    SearchRequest,
    SearchResponse,
    UpdateFactRequest,
)
from memstrata.server.query import known_query
from memstrata.server.state import (
    SCOPE_FIELDS,
    IdempotencyKeyHeader,
    ServerState,
    check_batch,
    check_request_scope,
    keys_of,
    limit_of,
    mark_replayed,
    merged,
    state_of,
)
from memstrata.types import ApiKey, Episode, Fact, Hit
from memstrata.ui import install as install_inspector
from memstrata.write.idempotency import check_key

_HITS: TypeAdapter[Hit] = TypeAdapter(Hit)
_FACTS: TypeAdapter[Fact] = TypeAdapter(Fact)
_EPISODES: TypeAdapter[Episode] = TypeAdapter(Episode)
FactId = Annotated[int, Path(ge=1, le=MAX_ID)]
EpisodeId = Annotated[int, Path(ge=1, le=MAX_ID)]
_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 401, 403, 404, 409, 413, 415, 422, 429, 501, 503)}


router = APIRouter(prefix="/v1", responses=_ERRORS, dependencies=[Depends(known_query)])


@router.post("/messages", response_model=AddMessagesResponse, tags=["memories"])
def add_messages(body: AddMessagesRequest, caller: Caller, request: Request, response: Response,
                 idempotency_key: IdempotencyKeyHeader = None) -> AddMessagesResponse:
    """Remember a batch of messages (one episode each; facts extracted); durable before the answer.
    With an ``Idempotency-Key`` header the batch is one transaction with the key, so a retried
    request (a lost answer, a timeout) is answered from the first and never stored twice."""
    st = state_of(request)
    if idempotency_key is not None:
        check_key(as_sent(idempotency_key), "the Idempotency-Key header")
    check_batch(st, len(body.messages), "messages")
    check_request_scope(body)
    scopes = [st.scope(caller, body, user_id=m.user_id, agent_id=m.agent_id, session_id=m.session_id)
              for m in body.messages]
    with st.lock:
        built = []
        for i, (m, scope) in enumerate(zip(body.messages, scopes, strict=True)):
            try:
                built.append(st.memory.message(m.content, role=m.role, speaker=m.speaker, created_at=m.created_at,
                                               metadata=m.metadata, produced_for=m.produced_for,
                                               content_type=m.content_type, ttl=m.ttl, **scope))
            except MemstrataError as exc:
                raise _message_error(exc, i, m) from None
        # What its owner forgot stays out unless asked for (a log sent again, a hook's transcript).
        every = st.memory.add_many(built, wait=body.wait, idempotency_key=idempotency_key,
                                   skip_forgotten=body.skip_forgotten)
    results = [r for r in every if not r.forgotten]  # the stored ones; the others by index in ``forgotten``
    replayed = mark_replayed(every, response)  # a retry whose messages were all forgotten since is one too
    if not replayed:
        metrics().messages.inc(sum(1 for r in results if r.created))
    return AddMessagesResponse(results=results, replayed=replayed,
                               forgotten=[i for i, r in enumerate(every) if r.forgotten])


def _message_error(exc: MemstrataError, index: int, message: MessageIn) -> ApiError:
    """``exc`` raised for ``messages[index]``, named where the caller wrote what it is about: the message's index
    (``messages[1]: ...``, ``details.index``) for its own content, role, time or scope field, none for a scope field
    the message leaves to the request (the request's missing or bad ``user_id``: ``details.field`` alone)."""
    status = errors.STATUS_BY_CODE.get(exc.code, 422)
    field = exc.details().get("field")
    if field in SCOPE_FIELDS and getattr(message, str(field), None) is None:
        return ApiError(status, exc.code, str(exc), exc.details())
    return ApiError(status, exc.code, f"messages[{index}]: {exc}", {"index": index, **exc.details()})


@router.post("/search", response_model=SearchResponse, tags=["memories"])
def search(body: SearchRequest, caller: Caller, request: Request) -> SearchResponse:
    """Ranked, cited memories for a query in the caller's scope."""
    st = state_of(request)
    limit = limit_of(st, body)
    scope = st.scope(caller, body)
    options = st.engine_options(filter_text=body.filter, mode=body.mode)
    with st.lock:
        hits = st.memory.search(body.query, limit=limit, kinds=tuple(body.kinds),
                                expand_context=body.expand_context, include_superseded=body.include_superseded,
                                min_score=body.min_score, min_match=body.min_match,
                                include_archived=body.include_archived,
                                as_of=body.as_of, **scope, **options)
    metrics().searches.inc()
    kept, truncated = fit(hits, _HITS, st.config.max_response_bytes)
    return SearchResponse(hits=kept, truncated=truncated)


@router.post("/context", response_model=ContextResponse, tags=["memories"])
def context(body: ContextRequest, caller: Caller, request: Request) -> ContextResponse:
    """A cited Markdown block of the best memories for a query, within ``budget_tokens``
    (the SDK's ``Memory.context``: one line per memory, outdated ones labelled)."""
    st = state_of(request)
    limit = limit_of(st, body)
    scope = st.scope(caller, body)
    options = st.engine_options(filter_text=body.filter, mode=body.mode)
    with st.lock:
        block = st.memory.context(body.query, budget_tokens=body.budget_tokens, limit=limit,
                                  kinds=tuple(body.kinds), min_score=body.min_score, min_match=body.min_match,
                                  as_of=body.as_of,
                                  profile=body.profile, project_folder=body.project_folder, **scope, **options)
    metrics().searches.inc()
    return ContextResponse(context=block)


def _cursor_page(st: ServerState, q: ListFactsQuery | ListEpisodesQuery, kind: str, limit: int,
                 scope: dict[str, Any], options: dict[str, Any]) -> tuple[list[Any], bool, str | None]:
    """A cursor page (``Memory.page``): the rows that fit the response bound, whether some were
    cut, and the next page's cursor (after the last row shown, so a cut page loses nothing)."""
    if "offset" in q.model_fields_set:
        raise ApiError(422, "invalid_input", "give `offset` or `cursor`, not both: a cursor already says where "
                       "the page starts", {"field": "cursor"})
    extra: dict[str, Any] = {"status": q.status, "key": q.key} if isinstance(q, ListFactsQuery) else {}
    with st.lock:
        page = st.memory.page(kind=kind, limit=limit, cursor=q.cursor, **extra, **scope, **options)
    kept: list[Any]
    if kind == "fact":
        kept, truncated = fit([f for f in page.items if isinstance(f, Fact)], _FACTS, st.config.max_response_bytes)
    else:
        kept, truncated = fit([e for e in page.items if isinstance(e, Episode)], _EPISODES,
                              st.config.max_response_bytes)
    return kept, truncated, cursor_after(kept[-1]) if truncated else page.next_cursor


@router.get("/facts", response_model=FactList, tags=["facts"])
def list_facts(q: Annotated[ListFactsQuery, Query()], caller: Caller, request: Request) -> FactList:
    """Facts in the scope, newest observation first (``status=all`` for every state). Page with
    ``offset``, or with ``cursor`` (``start``, then ``next_cursor``) for pages that stay right while
    memories are written: then newest recorded first."""
    st = state_of(request)
    limit = limit_of(st, q)
    scope = st.scope(caller, q)
    options = st.engine_options(filter_text=q.filter)
    if q.cursor is not None:
        items, cut, following = _cursor_page(st, q, "fact", limit, scope, options)
        return FactList(items=items, truncated=cut, next_offset=None, next_cursor=following)
    with st.lock:
        rows = [f for f in st.memory.list(kind="fact", status=q.status, key=q.key, limit=limit,
                                          offset=q.offset, **scope, **options) if isinstance(f, Fact)]
    kept, truncated = fit(rows, _FACTS, st.config.max_response_bytes)
    more = truncated or len(rows) == limit
    return FactList(items=kept, truncated=truncated, next_offset=q.offset + len(kept) if more else None,
                    next_cursor=None)


@router.get("/facts/{fact_id}", response_model=Fact, tags=["facts"])
def get_fact(fact_id: FactId, q: Annotated[ScopeQuery, Query()], caller: Caller, request: Request) -> Fact:
    """One fact by id (any status) in the scope."""
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        fact = st.memory.get(fact_id, **scope)
    assert isinstance(fact, Fact)
    return fact


@router.patch("/facts/{fact_id}", response_model=Fact, tags=["facts"])
def update_fact(fact_id: FactId, body: UpdateFactRequest, q: Annotated[ScopeQuery, Query()], caller: Caller,
                request: Request) -> Fact:
    """Change a fact: a new ``value`` supersedes it (the new fact is returned); importance and
    confidence change in place. Every change is an audit event. The scope may be given in the
    body or, as for GET and DELETE, in the query.

    A fact that is no longer active (superseded, archived) is a 409 ``conflict`` whose message
    points to ``GET /v1/facts/{fact_id}/history`` (details: ``fact_id``, ``fact_status``)."""
    st = state_of(request)
    scope = st.scope(caller, merged(body, q))
    with st.lock:
        try:
            return st.memory.update(fact_id, value=body.value, importance=body.importance,
                                    confidence=body.confidence, actor=caller.actor, **scope)
        except Conflict as exc:
            raise ApiError(409, exc.code, f"PATCH /v1/facts/{fact_id}: fact #{fact_id} is {exc.fact_status}; only an "
                           f"active fact can be updated: GET /v1/facts/{fact_id}/history names the active one, "
                           "PATCH that id", exc.details()) from None


@router.delete("/facts/{fact_id}", response_model=Deleted, tags=["facts"])
def delete_fact(fact_id: FactId, q: Annotated[DeleteFactQuery, Query()], caller: Caller,
                request: Request) -> Deleted:
    """Delete one fact and its audit trail (a content-free tombstone event remains). Deleting a
    current value leaves the value it replaced superseded: ``replaced`` and ``note`` name it and
    the event to roll back (``POST /v1/events/{id}/rollback``) to make it current again. The
    messages that stated the fact stay stored and searchable unless ``?sources=true``:
    ``sources_kept`` and ``note`` name them."""
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        receipt = st.memory.delete(fact_id, sources=q.sources, actor=caller.actor, **scope)
    notes = [r.note(fact_id, f"POST /v1/events/{r.event_id}/rollback") for r in receipt.replaced]
    notes += [n for n in [_sources_note(receipt)] if n]
    return Deleted(deleted=fact_id, replaced=list(receipt.replaced), sources_kept=list(receipt.sources_kept),
                   note="; ".join(notes) or None)


def _sources_note(receipt: ForgetReceipt) -> str | None:
    """How to forget the messages a deleted fact leaves behind, in REST words."""
    return receipt.sources_note("POST /v1/forget with " + " and ".join(
        f'{{"episode_id": {e}}}' for e in receipt.sources_kept) + " forgets what was said (or DELETE the fact "
        "with ?sources=true next time)")


@router.get("/facts/{fact_id}/history", response_model=HistoryResponse, tags=["facts"])
def fact_history(fact_id: FactId, q: Annotated[ScopeQuery, Query()], caller: Caller,
                 request: Request) -> HistoryResponse:
    """Every value the fact's key had for its subject, oldest first, with audit events."""
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        timeline = st.memory.history(fact_id, **scope)
    return HistoryResponse(timeline=[HistoryEntry(fact=f, events=ev) for f, ev in timeline])


@router.get("/history", response_model=HistoryResponse, tags=["facts"])
def key_history(q: Annotated[KeyHistoryQuery, Query()], caller: Caller, request: Request) -> HistoryResponse:
    """Every value a key held, with audit events: the user's own timeline first, then each other
    subject's (a relative, another speaker, a project's convention), each oldest first; ``subject``
    keeps one (``user`` for the user's own, ``wife``). A key or subject with nothing stored is an
    empty timeline, as ``GET /v1/facts?key=...`` of it is an empty list."""
    check_timeline(q.key, q.subject, "GET /v1/facts")  # in this route's words, not history()'s
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        timeline = st.memory.history(key=q.key, subject=q.subject, **scope)
    return HistoryResponse(timeline=[HistoryEntry(fact=f, events=ev) for f, ev in timeline])


@router.post("/facts/{fact_id}/restore", response_model=Fact, tags=["facts"])
def restore_fact(fact_id: FactId, q: Annotated[ScopeQuery, Query()], caller: Caller, request: Request,
                 body: Scoped | None = None) -> Fact:
    """Bring an archived fact back to active (an audit event). Scope in the body or the query."""
    st = state_of(request)
    scope = st.scope(caller, merged(body, q))
    with st.lock:
        return st.memory.restore(fact_id, actor=caller.actor, **scope)


@router.post("/events/{event_id}/rollback", response_model=Rolledback, tags=["facts"])
def rollback_event(event_id: Annotated[int, Path(ge=1, le=MAX_ID)], q: Annotated[ScopeQuery, Query()],
                   caller: Caller, request: Request, body: Scoped | None = None) -> Rolledback:
    """Undo a ``supersede``, ``merge`` or ``archive`` event (ids from the history); logged itself.
    Scope in the body or the query."""
    st = state_of(request)
    scope = st.scope(caller, merged(body, q))
    with st.lock:
        return Rolledback(facts=st.memory.rollback(event_id, actor=caller.actor, **scope))


@router.get("/episodes", response_model=EpisodeList, tags=["episodes"])
def list_episodes(q: Annotated[ListEpisodesQuery, Query()], caller: Caller, request: Request) -> EpisodeList:
    """Episodes (messages as received) in the scope, newest first. Page with ``offset``, or with
    ``cursor`` (``start``, then ``next_cursor``) for pages that stay right while memories are written."""
    st = state_of(request)
    limit = limit_of(st, q)
    scope = st.scope(caller, q)
    options = st.engine_options(filter_text=q.filter)
    if q.cursor is not None:
        items, cut, following = _cursor_page(st, q, "episode", limit, scope, options)
        return EpisodeList(items=items, truncated=cut, next_offset=None, next_cursor=following)
    with st.lock:
        rows = [e for e in st.memory.list(kind="episode", limit=limit, offset=q.offset, **scope, **options)
                if isinstance(e, Episode)]
    kept, truncated = fit(rows, _EPISODES, st.config.max_response_bytes)
    more = truncated or len(rows) == limit
    return EpisodeList(items=kept, truncated=truncated, next_offset=q.offset + len(kept) if more else None,
                       next_cursor=None)


@router.get("/episodes/{episode_id}", response_model=Episode, tags=["episodes"])
def get_episode(episode_id: EpisodeId, q: Annotated[ScopeQuery, Query()], caller: Caller,
                request: Request) -> Episode:
    """One episode by id in the scope."""
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        episode = st.memory.get(episode_id=episode_id, **scope)
    assert isinstance(episode, Episode)
    return episode


def _unknown_user_note(memory: Any, body: ForgetRequest, scope: dict[str, Any], receipt: ForgetReceipt) -> str:
    """The CLI's note for a forget of a whole user, or of one of its sessions or agents, that deleted
    nothing because nothing is stored for that user (a mistyped ``user_id``) or in that session or
    agent (another user's session, a typo): idempotent, so no error, but not to be read as done; ""
    otherwise."""
    if scope["user_id"] is None or body.all_users or not deleted_nothing(receipt, body.before, body.filter,
                                                                         body.fact_id, body.episode_id):
        return ""
    return nothing_stored_note(memory, scope["user_id"], org_id=scope["org_id"], project_id=scope["project_id"],
                               spelled="{}_id", session=body.session_id, agent=body.agent_id)


def _forget_scope(body: ForgetRequest, caller: Any, request: Request, operation: str) -> tuple[Any, dict[str, Any]]:
    """Check a forget's body (``operation``: ``POST /v1/forget`` or its preview) and fill in its scope:
    the server state and the scope ``Memory.forget`` gets. Raises what ``POST /v1/forget`` lists."""
    st = state_of(request)
    # `{"user_id": "alice", "fact_id": null}` is a fact id that was not filled in, not "all of alice"
    refuse_null(operation, *(name for name in NARROWING_TARGETS
                             if name in body.model_fields_set and getattr(body, name) is None), null="null")
    # The target is what the body names, before the key's user fills the scope: `{}` with a
    # user-bound key is refused, not "forget the key's user".
    require_target(operation, hint="user_id, agent_id, session_id, before, filter, fact_id, episode_id or "
                   '"all_users": true', user_id=body.user_id, agent_id=body.agent_id, session_id=body.session_id,
                   before=body.before, filter=body.filter, fact_id=body.fact_id, episode_id=body.episode_id,
                   all_users=body.all_users)
    if body.all_users and caller.key is not None and caller.key.user_id is not None:
        raise ApiError(403, "scope_forbidden", "this API key is limited to one user; all_users is not allowed",
                       {"field": "all_users"})
    refuse_blank(operation, org_id=body.org_id, project_id=body.project_id)
    if body.all_users:  # every user of a tenant: the body names it; the key's or server's tenant is a default
        require_tenant(f"{operation} with all_users", what="every user of the project",
                       hint='{"all_users": true, "org_id": ..., "project_id": ...}', org_id=body.org_id,
                       project_id=body.project_id)
    scope = st.scope(caller, body)
    if body.fact_id is None and body.episode_id is None:  # refused in REST's words, not the SDK's
        require_owner(operation, owner=scope["user_id"], all_users=body.all_users, user='"user_id"',
                      every='"all_users": true', session_id=body.session_id, agent_id=body.agent_id,
                      before=body.before, filter=body.filter)
    return st, scope


def _forget_arguments(body: ForgetRequest, scope: dict[str, Any]) -> dict[str, Any]:
    """The target arguments ``Memory.forget`` and ``Memory.forget_preview`` get from a checked body."""
    return {"user_id": scope["user_id"], "session_id": left_out_if_none(scope["session_id"]),
            "fact_id": left_out_if_none(body.fact_id), "agent_id": left_out_if_none(scope["agent_id"]),
            "all_users": body.all_users, "before": left_out_if_none(body.before), "org_id": scope["org_id"],
            "project_id": scope["project_id"], "filter": left_out_if_none(body.filter), "kind": body.kind,
            "episode_id": left_out_if_none(body.episode_id), "sources": body.sources}


@router.post("/forget", response_model=ForgetResponse, tags=["memories"])
def forget(body: ForgetRequest, caller: Caller, request: Request) -> ForgetResponse:
    """Delete everything about a user, agent or session, what a ``filter`` selects (of ``kind``), or
    one fact; returns the receipt."""
    st, scope = _forget_scope(body, caller, request, "POST /v1/forget")
    with st.lock:
        receipt = st.memory.forget(actor=caller.actor, **_forget_arguments(body, scope))
        unknown = _unknown_user_note(st.memory, body, scope, receipt)
    notes = [r.note(r.by or body.fact_id, f"POST /v1/events/{r.event_id}/rollback") for r in receipt.replaced]
    notes += [n for n in [_sources_note(receipt), unknown] if n]
    return ForgetResponse(counts={**{t: receipt[t] for t in TABLES}, **receipt.counts}, job_id=receipt.job_id,
                          status=receipt.status, at=receipt.at, ids_sha256=receipt.ids_sha256, nonce=receipt.nonce,
                          wal_checkpointed=receipt.wal_checkpointed, replaced=list(receipt.replaced),
                          sources_kept=list(receipt.sources_kept), note="; ".join(notes) or None)


@router.post("/forget/preview", response_model=ForgetPreviewResponse, tags=["memories"])
def forget_preview(body: ForgetRequest, caller: Caller, request: Request) -> ForgetPreviewResponse:
    """What ``POST /v1/forget`` with the same body would delete now, deleting nothing
    (``Memory.forget_preview``): counts per table, the facts, the sessions and, when the forget
    names them, the messages. Refused as the forget would be."""
    st, scope = _forget_scope(body, caller, request, "POST /v1/forget/preview")
    with st.lock:
        preview = st.memory.forget_preview(**_forget_arguments(body, scope))
    return ForgetPreviewResponse(counts=preview.counts, facts=list(preview.facts), sessions=list(preview.sessions),
                                 episode_ids=list(preview.episode_ids))


@router.delete("/projects/{project_id}", response_model=ForgetResponse, tags=["memories"])
def delete_project(project_id: Annotated[str, Path(max_length=256)], caller: Caller, request: Request,
                   org_id: Annotated[str | None, Query(max_length=256)] = None) -> ForgetResponse:
    """Delete a whole project of the org ``org_id`` (required: the server's default org is never the
    target): every row of it in every table and index, its idempotency keys, and its API keys
    revoked; returns the receipt. Admin only. A message written while it runs is either deleted
    whole or survives whole."""
    caller.require_admin()
    require_target("DELETE /v1/projects", project_id=project_id)
    require_tenant("DELETE /v1/projects", what="the whole project", hint=f"DELETE /v1/projects/{project_id}?org_id=...",
                   org_id=org_id)
    st = state_of(request)
    with st.lock:
        receipt = st.memory.delete_project(project_id, org_id=org_id, actor=caller.actor)
    note = empty_project_note(receipt, org_id or "", project_id, fields=("the project in the path", "org_id"))
    return ForgetResponse(counts={**{t: receipt[t] for t in TABLES}, **receipt.counts}, job_id=receipt.job_id,
                          status=receipt.status, at=receipt.at, ids_sha256=receipt.ids_sha256, nonce=receipt.nonce,
                          wal_checkpointed=receipt.wal_checkpointed, replaced=[], sources_kept=[], note=note or None)


@router.post("/keys", response_model=KeyCreated, tags=["keys"])
def create_key(body: KeyCreateRequest, caller: Caller, request: Request) -> KeyCreated:
    """Create an API key bound to a tenant (and optionally a user). Admin only: on a server
    without an admin key this is refused, since the first key would switch authentication on and
    lock out every client of the open server."""
    caller.require_admin()
    if caller.kind == "open":
        raise ApiError(403, "admin_required", "this server runs without authentication; creating a key here "
                       "would lock out its clients. Set MEMSTRATA_ADMIN_KEY and restart, or use "
                       "`memstrata keys create` and restart the server")
    key, secret = keys_of(request).create(org_id=body.org_id, project_id=body.project_id,
                                              user_id=body.user_id, name=body.name)
    return KeyCreated(secret=secret, key=key)


@router.get("/keys", response_model=KeyList, tags=["keys"])
def list_keys(caller: Caller, request: Request) -> KeyList:
    """Every API key (never a secret). Admin only."""
    caller.require_admin()
    return KeyList(keys=keys_of(request).list())


@router.delete("/keys/{key_id}", response_model=ApiKey, tags=["keys"])
def revoke_key(key_id: Annotated[str, Path(min_length=1, max_length=64)], caller: Caller,
               request: Request) -> ApiKey:
    """Revoke an API key by its public id. Admin only. A blank id is 422 ``invalid_input`` (field
    ``key_id``), not 404: a destructive route's target is never blank."""
    caller.require_admin()
    require_target("DELETE /v1/keys/{key_id}", key_id=key_id)
    return keys_of(request).revoke(key_id)


def create_app(config: ServerConfig | None = None, *, memory: Memory | None = None,
               freeze_collector: bool = False) -> FastAPI:
    """The FastAPI application.

    Args:
        config: limits and authentication; default ``ServerConfig.from_env()``.
        memory: the engine to serve; default a ``Memory`` opened at start-up from the
            environment (``MEMSTRATA_DB``, ``MEMSTRATA_EMBEDDING_MODEL``, ...) and closed at shutdown.
        freeze_collector: once the engine is open, freeze the process's objects
            (``collector.freeze_startup_objects``): for a process the server owns (``memstrata serve``'s
            workers), never an application's.
    """
    cfg = config or ServerConfig.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = memory if memory is not None else Memory()
        app.state.memstrata = state = ServerState.open(engine, cfg)
        metrics()
        if freeze_collector:
            freeze_startup_objects()
        every = engine.settings.maintain_every_s
        # its own connection: the file, or the URL with its password (``store.location`` hides it)
        at = engine.store.db.address or engine.path
        scheduler = (MaintenanceScheduler(at, engine.settings, every_s=every).start()
                     if every > 0 and engine.store.capabilities.maintenance else None)
        # With an LLM configured, each server process also runs the extraction worker; the
        # queue's transactional claims let several processes share it.
        worker = engine.has_llm
        if worker:
            engine.start_worker(lock=state.lock)
        try:
            yield
        finally:
            if worker:
                engine.semantic.stop()
            if scheduler is not None:
                scheduler.stop()
            if memory is None:
                engine.close()

    app = FastAPI(title="memstrata", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Long-term memory for AI agents: episodes, facts, hybrid recall. "
                              "Errors are `{\"error\": {\"code\", \"message\", \"details\"}}`.")
    errors.install(app)
    docs.install(app)
    app.include_router(router)
    app.include_router(transfer_routes.router, responses=_ERRORS)
    app.include_router(semantic_routes.router, responses=_ERRORS)
    install_inspector(app)

    @app.get("/healthz", response_model=Health, tags=["operations"])
    def healthz() -> Health:
        """Liveness: the process answers."""
        return Health(status="ok")

    @app.get("/readyz", response_model=Ready, tags=["operations"], responses={503: {"model": ErrorResponse}})
    def readyz(request: Request) -> Ready:
        """Readiness: the database answers a query."""
        st = state_of(request)
        with st.lock:
            version = st.memory.store.db.schema_version()
        return Ready(status="ready", schema_version=version, embedding=st.memory.embedding_status)

    @app.get("/metrics", tags=["operations"], response_class=Response, dependencies=[Depends(authorize_metrics)],
             responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text format."},
                        401: {"model": ErrorResponse}, 403: {"model": ErrorResponse}})
    def prometheus(request: Request) -> Response:
        """Prometheus metrics (no memory content, no user ids; counts of every tenant). When the
        server requires keys, send the admin key or ``MEMSTRATA_METRICS_KEY``."""
        st = state_of(request)
        if st.memory.store.capabilities.extraction_queue:
            with st.lock:  # jobs waiting for LLM extraction, all tenants together
                metrics().queue_depth.set(int(st.memory.queue_status()["pending"]))
        body, content_type = exposition()
        return Response(body, media_type=content_type)

    app.add_middleware(BodyFormatMiddleware)  # innermost: reads the body the limit buffered
    app.add_middleware(BodyLimitMiddleware, max_bytes=cfg.max_body_bytes)
    app.add_middleware(MetricsMiddleware)
    app.add_middleware(NoStoreMiddleware)  # every /v1/ answer, errors and 413s too
    app.add_middleware(KeylessHostMiddleware)  # outermost: a keyless server answers loopback names only
    return app


def app_from_env() -> FastAPI:
    """Factory for ``uvicorn --factory`` (each worker builds its app from the environment): the
    process is the server's, so it freezes its objects once the engine is open (``create_app``)."""
    return create_app(freeze_collector=True)
