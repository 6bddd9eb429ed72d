"""Request and response models of the REST API (pydantic).

Responses carry the SDK's own value types (``Fact``, ``Episode``, ``Hit``, ``MemoryEvent``,
``AddResult``): pydantic validates and serialises those frozen dataclasses directly, so
the wire format and the SDK cannot drift apart. Requests are pydantic models that
forbid unknown fields (a misspelt ``user_idd`` is a 422, not a silently wider scope).
Scope fields left out fall back to the API key's scope, then the server's defaults.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from memstrata.arguments import MAX_LIMIT, check_kinds, check_limit, check_statuses
from memstrata.config import MAX_TTL_SECONDS
from memstrata.context.block import check_budget
from memstrata.context.folders import absolute_folder
from memstrata.context.render import MIN_BUDGET_TOKENS
from memstrata.lifecycle.forget import Replaced
from memstrata.types import ApiKey, Episode, Fact, Hit, MemoryEvent
from memstrata.write.ingest import AddResult


def _kinds(value: Any) -> Any:
    return list(check_kinds(value))


def _status(value: Any) -> Any:
    check_statuses(value)
    return value


#: ``kinds`` of a request, checked by the SDK's own rule (``memstrata.arguments``): a string, an empty
#: list or an unknown kind is a 422 naming the argument and the value, in the SDK's words.
Kinds = Annotated[list[Literal["fact", "episode"]], BeforeValidator(_kinds)]
#: ``limit`` of a search, context block or listing: the SDK's one check (``arguments.check_limit``,
#: 1..``MAX_LIMIT``) and its words, not pydantic's "greater than or equal to 1"; the schema still
#: states the bounds.
Limit = Annotated[int, AfterValidator(check_limit), Field(json_schema_extra={"minimum": 1, "maximum": MAX_LIMIT})]
#: Largest ``budget_tokens`` of a context block over REST: a bound on one request's work.
MAX_BUDGET_TOKENS = 100_000
#: ``budget_tokens`` of a context block: the SDK's one check (``context.block.check_budget``) and its
#: words ("budget_tokens must be a whole number from 40 to 100000, got 0"), as ``Limit``.
Budget = Annotated[int, AfterValidator(lambda value: check_budget(value, MAX_BUDGET_TOKENS)),
                   Field(json_schema_extra={"minimum": MIN_BUDGET_TOKENS, "maximum": MAX_BUDGET_TOKENS})]
#: ``status`` of a fact listing, checked as ``Kinds`` is.
Status = Annotated[Literal["active", "superseded", "archived", "all"], BeforeValidator(_status)]

#: Largest id SQLite stores (signed 64-bit).
MAX_ID = 2**63 - 1
#: Largest list offset accepted (beyond any real table).
MAX_OFFSET = 10**9

# A listing's paging, asked (``ListFactsQuery``, ``ListEpisodesQuery``) and answered (``FactList``, ``EpisodeList``):
# one field each, so the two listings page and say it alike.
Offset = Annotated[int, Field(ge=0, le=MAX_OFFSET)]
Cursor = Annotated[str | None, Field(max_length=200, description=(
    "Page with a cursor instead of `offset`: `start` for the first page, then each answer's "
    "`next_cursor`. Rows come newest recorded first and none is repeated or skipped when memories "
    "are written between pages (offset pages shift by what was added or deleted). Not with `offset`."))]
Truncated = Annotated[bool, Field(description="The page was cut to fit MEMSTRATA_MAX_RESPONSE_BYTES "
                                              "(fewer items than `limit` although more exist).")]
NextOffset = Annotated[int | None, Field(description="Offset of the next page when more rows may follow "
                                                     "(a full or cut page); null on the last page and when "
                                                     "paging with `cursor`.")]
NextCursor = Annotated[str | None, Field(description="With `cursor`: the cursor of the next page (pass it back "
                                                     "unchanged); null on the last page.")]


class Strict(BaseModel):
    """Base of request models: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


# Numbers and booleans in a JSON body are ``strict=True``, as in the SDK: ``"limit": "5"`` is a
# 422 saying a JSON number is needed (``errors.STRICT_HINT``), not silently 5; ``true``/``false``,
# not ``"yes"``. Query parameters are text by nature and stay lax (``?limit=5``).


def as_utc(value: datetime | None) -> datetime | None:
    """A request time in UTC: one with an offset is converted, one without is UTC (as every time
    text memstrata reads, ``clock.parse_time``: ``2026-01-01T09:00:00`` is 09:00 UTC).

    Raises:
        ValueError: the time is out of range once converted (pydantic answers 422).
    """
    if value is None:
        return None
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise ValueError("the time is out of range once converted to UTC") from None


class Scoped(Strict):
    """Scope fields of a request. With a stored API key, org and project (and the user, if the
    key has one) are the key's: naming others is a 403."""

    org_id: str | None = None
    project_id: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None


class MessageIn(Strict):
    """One message to remember; its own ``user_id``/``agent_id``/``session_id`` override the request's."""

    content: str = Field(description="The message text (at most Settings.max_content_bytes UTF-8 bytes).")
    role: Literal["user", "assistant", "system", "tool"] = "user"
    speaker: str | None = Field(None, description="Who said it (prefix of the derivatives, subject of facts).")
    created_at: datetime | None = Field(None, description="When it was said (ISO 8601; without a UTC offset it is "
                                                          "UTC); default now.")
    metadata: dict[str, Any] = Field(default_factory=dict)
    produced_for: str | None = None
    content_type: Literal["message", "text"] = "message"
    ttl: float | None = Field(None, gt=0, le=MAX_TTL_SECONDS, strict=True,
                              description="Seconds until the episode and its facts expire, counted from the write.")
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None

    @field_validator("created_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        # The offset is kept: the extractor reads "tomorrow" / 明天 in the speaker's own day
        # (stored times are UTC either way).
        converted = as_utc(value)
        return value if value is not None and value.tzinfo is not None else converted


class AddMessagesRequest(Scoped):
    """``POST /v1/messages``: a batch of messages, stored in order, durable before the answer."""

    messages: list[MessageIn] = Field(min_length=1)
    wait: bool = Field(False, description="With an LLM configured, extract these messages before answering "
                                          "(read-your-writes: each result's `semantic` lists what the LLM did).",
                       strict=True)
    skip_forgotten: bool = Field(True, strict=True, description="Leave out each message its owner forgot here "
                                 "(known by its import key, else its role, speaker, time and text), as every "
                                 "import does: a client sending a log again (the coding-agent hooks sending a "
                                 "transcript's turns) never brings a forgotten message back. A message said anew "
                                 "(another time) is stored. `false` stores a forgotten message again on purpose.")


class AddMessagesResponse(BaseModel):
    """One result per message stored, in order (``created: false`` for an identical re-add); the
    messages left out as forgotten here (``skip_forgotten``, the default) have none and ``forgotten``
    lists their indices."""

    results: list[AddResult]
    forgotten: list[int] = Field(default_factory=list, description="The indices (from 0, "
                                 "as `messages[i]`) of the messages left out because their owner forgot them here.")
    replayed: bool = Field(False, description="The request's Idempotency-Key was used before: these are the first "
                                              "request's results and nothing was stored now.")


class SearchRequest(Scoped):
    """``POST /v1/search``."""

    query: str
    filter: str | None = Field(None, description="Filter expression (DESIGN.md section 5).")
    mode: Literal["long_term", "short_term", "both"] | None = Field(
        None, description="long_term (default), short_term (the session's recent episodes) or both; "
                          "the last two need a session_id.")
    limit: Limit = Field(10, description="At most this many hits (also ≤ MEMSTRATA_MAX_SEARCH_LIMIT).",
                         strict=True)
    kinds: Kinds = Field(["fact", "episode"], min_length=1)
    expand_context: int = Field(0, ge=0, le=20, description="Neighbouring segments attached to episode hits.",
                                strict=True)
    include_superseded: bool = Field(False, strict=True)
    include_archived: bool = Field(False, strict=True)
    as_of: datetime | None = Field(None, description="What was believed then: facts recorded by this time "
                                                     "and not yet retired at it (without a UTC offset: UTC).")
    min_score: float = Field(0.0, ge=0.0, le=1.0, strict=True)
    min_match: float = Field(0.0, ge=0.0, le=1.0, strict=True,
                             description="Drop hits whose query-match evidence (signals.match, or 1 for a memory "
                                         "said in a period the query names) is below this; 0.55 keeps real "
                                         "matches and drops most noise (the SDK's min_match).")

    @field_validator("as_of")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)


class ContextRequest(Scoped):
    """``POST /v1/context``: the SDK's ``Memory.context`` over HTTP."""

    query: str
    budget_tokens: Budget = Field(500, strict=True,
                                  description="Upper bound on the block's tokens (estimated as UTF-8 bytes / 3); "
                                              f"{MIN_BUDGET_TOKENS} (a title and one cited line) to "
                                              f"{MAX_BUDGET_TOKENS}.")
    limit: Limit = Field(20, strict=True, description="Hits considered (also ≤ MEMSTRATA_MAX_SEARCH_LIMIT).")
    filter: str | None = Field(None, description="Filter expression (DESIGN.md section 5), as in /v1/search.")
    mode: Literal["long_term", "short_term", "both"] | None = Field(
        None, description="As in /v1/search.")
    kinds: Kinds = Field(["fact", "episode"], min_length=1)
    as_of: datetime | None = Field(None, description="As in /v1/search (without a UTC offset: UTC).")
    min_score: float = Field(0.0, ge=0.0, le=1.0, strict=True)
    min_match: float = Field(0.0, ge=0.0, le=1.0, strict=True,
                             description="Drop hits whose query-match evidence (signals.match, or 1 for a memory "
                                         "said in a period the query names) is below this; 0.55 keeps real "
                                         "matches and drops most noise (the SDK's min_match).")
    profile: bool = Field(True, strict=True, description="When nothing matches, list the scope's current facts "
                                                          "(most important first) under their own title.")
    project_folder: str | None = Field(None, strict=True,
                                       description="The absolute path of the folder the agent works in: another "
                                                   "folder's project conventions are left out (the SDK's "
                                                   "project_folder; a relative path is refused).")

    @field_validator("as_of")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    @field_validator("project_folder")
    @classmethod
    def _absolute(cls, value: str | None) -> str | None:
        # "." hid every project's conventions, silently: no convention is said in a folder named "."
        return None if value is None else absolute_folder(value)


class ContextResponse(BaseModel):
    """A cited Markdown block for a system prompt (``""`` when nothing matched); outdated
    memories are labelled ``[outdated]`` / ``[已过时]``."""

    context: str


class SearchResponse(BaseModel):
    """Hits best first; ``truncated`` when the payload bound left some off."""

    hits: list[Hit]
    truncated: bool = False


class ScopeQuery(Scoped):
    """Scope as query parameters (GET and DELETE)."""


class DeleteFactQuery(ScopeQuery):
    """``DELETE /v1/facts/{id}`` query parameters."""

    sources: bool = Field(False, description="Forget the messages (episodes) that stated the fact too, whole, "
                                             "with the facts only they support.")


class ListFactsQuery(ScopeQuery):
    """``GET /v1/facts`` query parameters."""

    status: Status = "active"
    key: str | None = None
    filter: str | None = None
    limit: Limit = 50
    offset: Offset = 0
    cursor: Cursor = None


class KeyHistoryQuery(ScopeQuery):
    """``GET /v1/history`` query parameters."""

    key: str = Field(max_length=200, description="The fact key, e.g. `identity.employer` (`GET /v1/facts` shows "
                                                 "them).")
    subject: str | None = Field(None, max_length=200, description=(
        "One subject's timeline: `user` (or the user id) for the user's own, a person such as `wife`, a "
        "`project:<folder>`. Default: every subject's, the user's own first."))


class ListEpisodesQuery(ScopeQuery):
    """``GET /v1/episodes`` query parameters."""

    filter: str | None = None
    limit: Limit = 50
    offset: Offset = 0
    cursor: Cursor = None


class FactList(BaseModel):
    """A page of facts, newest observation first (with ``cursor``: newest recorded first);
    ``next_offset`` (``next_cursor``) is ``None`` on the last page."""

    items: list[Fact]
    truncated: Truncated = False
    next_offset: NextOffset = None
    next_cursor: NextCursor = None


class EpisodeList(BaseModel):
    """A page of episodes, newest first."""

    items: list[Episode]
    truncated: Truncated = False
    next_offset: NextOffset = None
    next_cursor: NextCursor = None


class UpdateFactRequest(Scoped):
    """``PATCH /v1/facts/{fact_id}``: a new value supersedes; importance/confidence change in place."""

    value: str | None = None
    importance: float | None = Field(None, ge=0.0, le=1.0, strict=True)
    confidence: float | None = Field(None, ge=0.0, le=1.0, strict=True)


class Rolledback(BaseModel):
    """The facts a rollback changed, as they are now."""

    facts: list[Fact]


class Deleted(BaseModel):
    """The id that was deleted; when it was a current value, the facts it had replaced, which
    stay superseded (``replaced``: each with the event whose rollback makes it current again),
    and ``note`` saying so in words."""

    deleted: int
    replaced: list[Replaced] = []
    sources_kept: list[int] = Field([], description="Ids of the episodes that stated the deleted fact, still "
                                                    "stored and found by search (`?sources=true` forgets them "
                                                    "with the fact; `POST /v1/forget` with `episode_id` one by one).")
    note: str | None = None


class HistoryEntry(BaseModel):
    """One fact under the key, with its audit events."""

    fact: Fact
    events: list[MemoryEvent]


class HistoryResponse(BaseModel):
    """Every fact under the key, as timelines: a fact id's subject alone; a key's every subject (the
    user's own first, then each other's as first recorded) or ``subject``'s; each oldest first."""

    timeline: list[HistoryEntry]


class ForgetRequest(Scoped):
    """``POST /v1/forget``: a user, agent or session (of the user unless ``all_users``), episodes said
    ``before`` a time, what a ``filter`` selects, or one fact. ``all_users`` alone forgets the
    whole project."""

    fact_id: int | None = Field(None, ge=1, le=MAX_ID, strict=True)
    sources: bool = Field(False, strict=True, description="With `fact_id`: forget the messages (episodes) that "
                                                          "stated the fact too, whole, with the facts only they "
                                                          "support.")
    episode_id: int | None = Field(None, ge=1, le=MAX_ID, strict=True,
                                   description="Forget one message, with the facts only it supports.")
    all_users: bool = Field(False, strict=True)
    before: datetime | None = Field(None, description="Forget the scope's episodes said before this time "
                                                      "(without a UTC offset: UTC).")
    filter: str | None = Field(None, description="Forget only what this filter (DESIGN.md section 5) selects in "
                                                 "the scope, of `kind`: exactly what GET /v1/facts?status=all "
                                                 "(or /v1/episodes) with the same filter lists. Not with `before` "
                                                 "or `fact_id`.")
    kind: Literal["fact", "episode"] = Field("fact", description="What `filter` selects: facts (any status) or "
                                                                 "episodes (with the facts only they support).")

    @field_validator("before")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)


class ForgetPreviewResponse(BaseModel):
    """``POST /v1/forget/preview``: what ``POST /v1/forget`` with the same body would delete now.
    ``counts``: rows per table (episodes, segments, facts, memory_events), what the receipt then
    counts unless something is written in between; ``facts``: those that would go, any status;
    ``sessions``: the sessions touched; ``episode_ids``: the messages, when the forget names them
    (a fact with ``sources``, an ``episode_id``, a filter of episodes)."""

    counts: dict[str, int]
    facts: list[Fact]
    sessions: list[str]
    episode_ids: list[int]


class ForgetResponse(BaseModel):
    """The deletion receipt: rows deleted per table, the job, and a SHA-256 of the deleted ids.
    ``status`` is ``running`` while a large forget finishes in the background (already hidden).
    ``counts.memory_events_scrubbed``: events of facts that stay from which forgotten values
    were removed. ``replaced``: facts that a deleted fact had replaced and whose key the forget
    left without a current value, each with the event whose rollback makes it current again;
    ``note`` says so in words. ``job_id`` is absent when the forget ran no job (one fact, a fact
    with its ``sources``, an ``episode_id``, a filter: deleted within the request)."""

    counts: dict[str, int]
    job_id: int | None = Field(None, description="The forget job's id (`Memory.forget_status`); absent when the "
                               "forget ran none: one fact, a fact with its `sources`, an `episode_id` and a filter "
                               "are deleted within the request.")
    status: str
    at: datetime
    ids_sha256: str
    nonce: str = Field("", description="The receipt's random nonce, hashed with the deleted ids into `ids_sha256` "
                       "(so no two receipts share a hash); empty on receipts written before nonces.")
    wal_checkpointed: bool | None
    replaced: list[Replaced] = []
    sources_kept: list[int] = Field([], description="With `fact_id` and no `sources`: the episodes that stated "
                                                    "the fact, still stored and found by search.")
    note: str | None = None

    @model_serializer(mode="wrap")
    def _no_job_no_field(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``job_id`` left out when there is no job: ``0`` or ``null`` would read as an id."""
        out: dict[str, Any] = handler(self)
        if out.get("job_id") is None:
            out.pop("job_id", None)
        return out


class ImportRequest(Scoped):
    """``POST /v1/import``: records of ``GET /v1/export`` (episodes are re-added; facts and events
    are derived again, so they are skipped) or message objects of ``memstrata import`` JSONL."""

    records: list[dict[str, Any]] = Field(min_length=1)


class ImportResponse(BaseModel):
    """How many messages were stored, were already there, or were skipped (fact/event records)."""

    added: int
    duplicates: int
    skipped: int
    moved: dict[str, int] = Field(default_factory=dict, description="Episode records that named another tenant, "
                                  "by the `org/project` they named: they were imported into the request's tenant "
                                  "(the API key's), which always decides where a key's writes go.")
    forgotten: list[int] = Field(default_factory=list, description="Ids of episode records not imported because "
                                 "they were forgotten in this database by the owner they name (an export taken "
                                 "before a forget): a forgotten message is never brought back.")
    forgotten_messages: int = Field(0, description="Messages not imported because their owner forgot them in this "
                                    "database (the same log line or message, by its import key or its role, "
                                    "speaker, time and text): nothing forgotten comes back by an import.")
    note: str | None = Field(None, description="Said when fact or event records were skipped (over REST facts are "
                                               "derived again from the episodes, so corrections and the audit "
                                               "history of the export are not carried over) and when records "
                                               "were moved from another tenant.")
    replayed: bool = Field(False, description="The request's Idempotency-Key was used before: the counts are the "
                                              "first request's and nothing was stored now.")


class KeyCreateRequest(Strict):
    """``POST /v1/keys`` (admin): a key bound to a tenant and optionally a user."""

    org_id: str
    project_id: str
    user_id: str | None = None
    name: str = Field("", max_length=200)


class KeyCreated(BaseModel):
    """The new key: ``secret`` is shown this once and never stored."""

    secret: str
    key: ApiKey


class KeyList(BaseModel):
    """Every key, revoked ones included."""

    keys: list[ApiKey]


class Health(BaseModel):
    """Liveness."""

    status: Literal["ok"]


class Ready(BaseModel):
    """Readiness: the database answers; which embedding state the engine is in."""

    status: Literal["ready"]
    schema_version: int
    embedding: str


class ErrorDetail(BaseModel):
    """The body of every error: a stable ``code``, a message saying what and where, details."""

    code: str
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class ErrorResponse(BaseModel):
    """``{"error": {"code", "message", "details"}}``."""

    error: ErrorDetail
