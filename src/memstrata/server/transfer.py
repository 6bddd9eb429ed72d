"""``POST /v1/import``: records of ``/v1/export`` or JSONL message objects, to ``Message`` values.

An exported episode record is re-added as the message it was (same text, role, speaker,
time, session, metadata and expiry: a message stored with a ``ttl`` keeps its ``expires_at``,
and one whose time is up is not stored again), so import after export is idempotent (episode
identity includes the time). Fact and event records are skipped: facts are derived again from
the episodes by the extractor, with fresh audit events, but never a fact forgotten from an episode
that stayed: the export's ``suppressed`` records (``store.suppressed``) are kept for the owner the
records are imported for before the messages are added, so the extractor draws nothing under a
forgotten key from those messages. An episode record whose id was forgotten
in this database by the owner it is imported for (``store.forgotten``: an export taken before a
forget) is not re-added: it is listed in ``Planned.forgotten`` and the answer says so. That owner
is the request's tenant and user, never the tenant a record names: another tenant's forgotten ids
are never answered about.

Whose records they become: a ``user_id``, ``agent_id`` or ``session_id`` the request names
applies to every record, and a record naming a different one is refused (422, naming the
record and both values; 403 when the caller's key may not write for the record's user) before
anything is written; never silently re-homed, never silently ignored. Without one in the
request, each record keeps the ids it names.

The tenant (org and project) is always the request's, that is the API key's: a key decides
where its writes go, so an export of one tenant imported with another tenant's key lands in
the key's tenant (that is how a tenant's data is moved). It is never silent: the records that
named another tenant are counted per ``org/project`` (``Planned.moved``) and the answer says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, NamedTuple

from memstrata.clock import parse_time
from memstrata.errors import InvalidInput, MemstrataError
from memstrata.lifecycle.trail import TRAIL_TYPES, suppressed_digests
from memstrata.loaders.identity import Keyer, settled
from memstrata.loaders.jsonl import message_from_object
from memstrata.memory import Memory
from memstrata.server.errors import ApiError
from memstrata.write.ingest import Message

ScopeOf = Callable[..., dict[str, Any]]


def _episode_message(memory: Memory, record: dict[str, Any], scope_of: ScopeOf) -> Message:
    """An exported episode record as the message it was (speaker ``None`` stays ``None``)."""
    scope = record.get("scope")
    scope = scope if isinstance(scope, dict) else {}
    created_at, metadata = record.get("created_at"), record.get("metadata") or {}
    if not isinstance(created_at, str):
        raise InvalidInput("an episode record needs created_at as an ISO 8601 string")
    if not isinstance(metadata, dict):
        raise InvalidInput("an episode record's metadata must be an object")
    ids = {n: scope.get(n) for n in ("user_id", "agent_id", "session_id")}
    if any(v is not None and not isinstance(v, str) for v in ids.values()):
        raise InvalidInput("an episode record's scope ids must be strings")
    for name in ("content", "role", "producer_id", "produced_for_id", "content_type"):
        if record.get(name) is not None and not isinstance(record.get(name), str):
            raise InvalidInput(f"an episode record's {name} must be a string")
    # An export of a database that stored a blank speaker (before a blank was refused) imports as said
    # by its role, not as bad input.
    speaker = record.get("producer_id") if (record.get("producer_id") or "").strip() else None
    message = memory.message(record.get("content"), role=record.get("role") or "user",  # type: ignore[arg-type]
                             speaker=speaker, created_at=parse_time(created_at, "created_at"),
                             metadata=metadata, produced_for=record.get("produced_for_id"),
                             content_type=record.get("content_type") or "message", **scope_of(**ids))
    expires_at = record.get("expires_at")
    if expires_at is None:  # it never expired: the server's message TTL, as for any message stored here
        return message
    if not isinstance(expires_at, str):
        raise InvalidInput("an episode record's expires_at must be an ISO 8601 string or null")
    # Its own lifetime (``add(..., ttl=...)``) comes along, or a message stored for an hour
    # comes back for ever; the facts drawn from it expire with it, as at first.
    return replace(message, expires_at=parse_time(expires_at, "expires_at"))


class ScopeMismatch(InvalidInput):
    """A record names another user, agent or session than the request does.

    Attributes:
        field: ``user_id``, ``agent_id`` or ``session_id``.
    """

    def __init__(self, field: str, named: str, requested: str) -> None:
        self.field = field
        super().__init__(f"the record names {field} {named!r} but the request names {requested!r}; leave {field} out "
                         f"of the request to import each record under the {field} it names, or out of the records "
                         f"to import them all under {requested!r}")


def _agreeing(requested: Mapping[str, str | None], scope_of: ScopeOf) -> ScopeOf:
    """``scope_of`` refusing a record id that differs from one the request names (``ScopeMismatch``).

    ``scope_of`` runs first: a record naming a user the caller's key may not write for is a 403
    whatever the request names (a user-bound key naming its own user in the request and another
    in a record got a 422, as if it were a mistake rather than a permission)."""
    def checked(**ids: str | None) -> dict[str, Any]:
        scope = scope_of(**ids)
        for field, named in ids.items():
            asked = requested.get(field)
            if asked is not None and named is not None and named != asked:
                raise ScopeMismatch(field, named, asked)
        return scope
    return checked


class Planned(NamedTuple):
    """What an import will write: ``messages``; ``skipped`` fact and event records; ``moved``:
    episode records that named another tenant than the one they are imported into, counted by
    the ``org/project`` they named; ``expired``: episode records whose ``expires_at`` has passed
    (their lifetime is over, so they are not stored again); ``forgotten``: the ids of episode
    records forgotten here (``store.forgotten``), not stored again; ``suppressed``: the
    ``suppressed`` records' digests (``store.suppressed``) with the ``Memory`` scope keywords of
    the owner they are kept for, to keep before the messages are added; ``older``: the older key of
    each message object's import key that has one (``loaders.identity.Keyer.older``), for
    ``loaders.identity.forgotten``."""

    messages: list[Message]
    skipped: int
    moved: dict[str, int]
    expired: int = 0
    forgotten: tuple[int, ...] = ()
    suppressed: tuple[tuple[dict[str, Any], tuple[str, ...]], ...] = ()
    older: Mapping[str, str] = MappingProxyType({})


def _tenant_named(record: dict[str, Any]) -> str | None:
    """The ``org/project`` an exported episode record names, ``None`` if it names none."""
    scope = record.get("scope")
    if not isinstance(scope, dict) or not isinstance(scope.get("org_id"), str) \
            or not isinstance(scope.get("project_id"), str):
        return None
    return f"{scope['org_id']}/{scope['project_id']}"


def messages_from_records(memory: Memory, records: Sequence[dict[str, Any]], scope_of: ScopeOf, *,
                          requested: Mapping[str, str | None] | None = None) -> Planned:
    """Validated messages of ``records``, the number skipped (fact and event records), and the
    records moved from another tenant (see the module docstring). ``api_key`` records count as
    skipped too: over REST an API key's request cannot create API keys.

    ``scope_of(user_id=, agent_id=, session_id=)`` returns the ``Memory`` scope keywords
    (the caller's key forced). ``requested`` holds the ``user_id``/``agent_id``/``session_id``
    the request itself names: each applies to every record, and a record naming another value
    is refused. Nothing is written here.

    Raises:
        ApiError: 422 naming the record index for a malformed record or one naming another
            user, agent or session than the request (``details.field``); 403 from ``scope_of``
            (a record of a user the key may not write for), naming the record index too.
    """
    now = datetime.now(UTC)
    built: list[Message] = []
    skipped = expired = 0
    moved: dict[str, int] = {}
    gone: list[int] = []
    suppressions: list[tuple[dict[str, Any], tuple[str, ...]]] = []
    scope_of = _agreeing(requested or {}, scope_of)
    keyer = Keyer()  # a message object without created_at is known by its import key (loaders.identity)
    forgotten_here = memory.forgotten_among([
        r["id"] for r in records if r.get("type") == "episode" and isinstance(r.get("id"), int)
        and not isinstance(r.get("id"), bool)])
    for i, record in enumerate(records):
        kind = record.get("type")
        if kind == "suppressed":  # what was forgotten from a message must not be extracted from it again
            try:
                suppressions.append(_suppressions(record, scope_of, f"records[{i}]"))
            except MemstrataError as exc:
                raise ApiError(422, exc.code, f"records[{i}]: {exc}", {"index": i, **exc.details()}) from None
            continue
        # api_key records (``export --all``) are never imported over REST: a key cannot mint keys; the
        # audit trail (``lifecycle.trail``) describes rows of the source database, which REST re-derives
        if kind in ("fact", "event", "api_key", *TRAIL_TYPES):
            skipped += 1
            continue
        try:
            if kind == "episode":
                message = _episode_message(memory, record, scope_of)
                if message.expires_at is not None and message.expires_at <= now:
                    expired += 1
                    continue
                if _forgotten_by_owner(record, message, forgotten_here):
                    gone.append(record["id"])
                    continue
                named = _tenant_named(record)
                if named is not None and named != f"{message.scope.org_id}/{message.scope.project_id}":
                    moved[named] = moved.get(named, 0) + 1
                built.append(message)
                continue
            if kind is not None:
                raise InvalidInput(f"unknown record type {json.dumps(kind)}; expected episode, fact or event")
            msg = keyer(message_from_object(record, line_no=i + 1, now=now))
            ids = msg.metadata.get("scope") or {}
            scope = scope_of(user_id=ids.get("user_id"), agent_id=ids.get("agent_id"),
                             session_id=msg.session_id or None)
            metadata = {k: v for k, v in msg.metadata.items() if k != "scope"}
            built.append(memory.message(msg.content, role=msg.role, speaker=msg.speaker, created_at=msg.created_at,
                                        metadata=metadata, **scope))
        except MemstrataError as exc:
            raise ApiError(422 if exc.code != "content_too_large" else 413, exc.code, f"records[{i}]: {exc}",
                           {"index": i, **exc.details()}) from None
        except ApiError as exc:  # 403 from scope_of: say which record
            raise ApiError(exc.status, exc.code, f"records[{i}]: {exc.message}", {"index": i, **exc.details},
                           exc.headers) from None
    return Planned(settled(memory, built, keyer.older), skipped, moved, expired, tuple(gone), tuple(suppressions),
                   keyer.older)


def _suppressions(record: dict[str, Any], scope_of: ScopeOf, where: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A ``suppressed`` record's digests and the scope keywords of the owner it is kept for: the
    request's tenant (the key's) and the user the request or the record names, as for an episode."""
    scope = record.get("scope")
    user = scope.get("user_id") if isinstance(scope, dict) else None
    if user is not None and not isinstance(user, str):
        raise InvalidInput("a suppressed record's scope.user_id must be a string or null")
    return scope_of(user_id=user), tuple(suppressed_digests(record, where))


def _forgotten_by_owner(record: dict[str, Any], message: Message, here: Mapping[int, Mapping[str, Any]]) -> bool:
    """Whether ``record``'s id was forgotten here by the owner the message is imported for: the
    request's tenant (the key's) and user. Never by what the record names: a record naming another
    tenant must not learn which ids that tenant forgot (it is imported as a new message instead)."""
    row = here.get(record.get("id"))  # type: ignore[arg-type]
    if row is None:
        return False
    owner = (message.scope.org_id, message.scope.project_id, message.scope.user_id)
    return owner == (row["org_id"], row["project_id"], row["user_id"])
