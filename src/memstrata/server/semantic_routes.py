"""REST routes of the LLM-backed and session features: read-your-writes flushes, the
extraction queue, short-term memory, retrieval agents and consolidation (``/v1``).

They answer the same error shape as the other routes. Without an LLM configured the
flush routes report 0 batches (messages stay queued), and the LLM agents and consolidation
answer 422 ``llm_not_configured``; a failing LLM is a 502.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from memstrata.semantic.agents import AgentResult
from memstrata.semantic.stm import ShortTermMemory
from memstrata.server.auth import Caller
from memstrata.server.errors import ApiError
from memstrata.server.models import Kinds, Scoped, ScopeQuery
from memstrata.server.query import known_query
from memstrata.server.state import ServerState, state_of

router = APIRouter(prefix="/v1", dependencies=[Depends(known_query)])


def _require_llm(st: ServerState, what: str) -> None:
    if not st.memory.has_llm:
        raise ApiError(422, "llm_not_configured", f"{what} needs an LLM: start the server with "
                       "MEMSTRATA_LLM_PROVIDER, MEMSTRATA_LLM_BASE_URL and MEMSTRATA_LLM_MODEL set")


class Flushed(BaseModel):
    """How many extraction batches the LLM processed (0 without an LLM)."""

    batches: int


class QueueStatus(BaseModel):
    """The extraction queue of an owner (or, with ``all_users``, of every user in the project)."""

    pending: int
    running: int
    done: int
    failed: int
    last_error: str | None = None
    last_error_at: str | None = None
    llm: str | None = None
    worker_running: bool
    usage: dict[str, int]


class AgentSearchRequest(Scoped):
    """``POST /v1/search/agent``: an LLM retrieval agent around the hybrid search."""

    query: str
    agent: Literal["direct", "split", "chain", "router"] = Field(
        "router", description="direct (one search, no LLM), split (sub-queries), chain (chain-of-query) or "
                              "router (the LLM picks one).")
    limit: int = Field(10, ge=1, le=100, strict=True)
    kinds: Kinds = Field(["fact", "episode"], min_length=1)
    mode: Literal["long_term", "short_term", "both"] = "long_term"


class ConsolidateRequest(Scoped):
    """``POST /v1/consolidate``: merge a category's profile features now (undoable)."""

    category: str = "profile"


class ConsolidateRun(BaseModel):
    """The consolidation run id (``POST /v1/consolidate/{run}/undo`` reverts it)."""

    run: str


class Undone(BaseModel):
    """What an undo reverted, by kind."""

    counts: dict[str, int]


@router.post("/flush", response_model=Flushed, tags=["semantic"])
def flush(body: Scoped, caller: Caller, request: Request) -> Flushed:
    """Extract the scope's waiting messages now with the LLM (read-your-writes for a client
    that posted without ``wait``)."""
    st = state_of(request)
    scope = st.scope(caller, body)
    with st.lock:
        return Flushed(batches=st.memory.flush(**scope))


@router.post("/sessions/end", response_model=Flushed, tags=["semantic"])
def end_session(body: Scoped, caller: Caller, request: Request) -> Flushed:
    """The session is over: extract its waiting messages now. Needs ``session_id``."""
    st = state_of(request)
    scope = st.scope(caller, body)
    with st.lock:
        return Flushed(batches=st.memory.end_session(**scope))


class QueueQuery(ScopeQuery):
    """``GET /v1/queue`` query parameters: an owner, or ``all_users`` for the whole project."""

    all_users: bool = Field(False, description="Every user's queue in the project (not with user_id; "
                                               "refused for a key bound to one user).")


@router.get("/queue", response_model=QueueStatus, tags=["semantic"])
def queue(q: Annotated[QueueQuery, Query()], caller: Caller, request: Request) -> QueueStatus:
    """Extraction queue counts, the last error, the LLM in use and its token usage.

    Like every other read, it needs an owner (``user_id``, ``agent_id`` or ``session_id``):
    without one it is a 422, never a silent wider answer. ``all_users=true`` counts every user
    of the project (org/project of the key or the request), as ``POST /v1/forget`` does;
    a key bound to one user gets a 403 for it. Counts never cross the tenant boundary.
    """
    st = state_of(request)
    if q.all_users and caller.key is not None and caller.key.user_id is not None:
        raise ApiError(403, "scope_forbidden", "this API key is limited to one user; all_users is not allowed",
                       {"field": "all_users"})
    scope = st.scope(caller, q)
    if q.all_users and scope["user_id"] is not None:
        raise ApiError(422, "invalid_input", "GET /v1/queue: give user_id or all_users=true, not both",
                       {"field": "all_users"})
    if not q.all_users and not (scope["user_id"] or scope["agent_id"] or scope["session_id"]):
        raise ApiError(422, "invalid_input", "GET /v1/queue needs user_id, agent_id or session_id (whose queue), "
                       f"or all_users=true for every user of project {scope['org_id']}/{scope['project_id']}",
                       {"field": "user_id"})
    with st.lock:
        data: dict[str, Any] = st.memory.queue_status(all_users=q.all_users, **scope)
    return QueueStatus.model_validate({k: data.get(k) for k in QueueStatus.model_fields})


@router.get("/short-term", response_model=ShortTermMemory, tags=["semantic"])
def short_term(q: Annotated[ScopeQuery, Query()], caller: Caller, request: Request) -> ShortTermMemory:
    """The session's short-term memory: rolling summary and the recent episodes that fit.
    Needs ``session_id``."""
    st = state_of(request)
    scope = st.scope(caller, q)
    with st.lock:
        return st.memory.short_term(**scope)


@router.post("/search/agent", response_model=AgentResult, tags=["memories"])
def agent_search(body: AgentSearchRequest, caller: Caller, request: Request) -> AgentResult:
    """Search through a retrieval agent; the answer records the agent, its queries and LLM use."""
    st = state_of(request)
    scope = st.scope(caller, body)
    if body.agent != "direct":
        _require_llm(st, f"the {body.agent} agent")
    limit = min(body.limit, st.config.max_search_limit)
    with st.lock:
        return st.memory.agent_search(body.query, agent_mode=body.agent, limit=limit, kinds=tuple(body.kinds),
                                      mode=body.mode, **scope)


@router.post("/consolidate", response_model=ConsolidateRun, tags=["semantic"])
def consolidate(body: ConsolidateRequest, caller: Caller, request: Request) -> ConsolidateRun:
    """Consolidate the category's features for the scope's user now; returns the run id."""
    st = state_of(request)
    scope = st.scope(caller, body)
    _require_llm(st, "consolidation")
    with st.lock:
        return ConsolidateRun(run=st.memory.consolidate(body.category, **scope))


@router.post("/consolidate/{run}/undo", response_model=Undone, tags=["semantic"])
def undo(run: str, body: Scoped, caller: Caller, request: Request) -> Undone:
    """Revert a consolidation (or extraction) run from its audit events."""
    st = state_of(request)
    scope = st.scope(caller, body)
    with st.lock:
        return Undone(counts=st.memory.undo(run, actor=caller.actor, **scope))
