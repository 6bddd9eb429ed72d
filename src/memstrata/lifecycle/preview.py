"""What a forget would delete, read before it runs; and who owns memories in a tenant.

``forget_preview`` selects exactly what a forget job of the same scope deletes
(``lifecycle.forget``): the scope's episodes with their segments, and

* for a user or agent (a plain scope): every fact of the owner, any status, and any fact
  only those episodes cite;
* for a session, or the episodes said ``before`` a time: the facts that no remaining
  episode cites (a fact still supported by another session stays, and so does a fact set by
  hand, which cites no episode),

with the audit events of those facts. It reads one snapshot and changes nothing, so a door
can show "this is what will go" and ask for a confirmation; the receipt of the forget that
follows counts the same rows unless something was written in between.

``delete_preview`` shows what ``Memory.delete`` of one fact (with ``sources=True``, the messages
that stated it) or one message would take: the messages, and every fact only they state, decided
by the function the delete itself decides with (``forget.facts_only_on``), on the target the
delete itself reads (``delete.resolve``). "I'm allergic to peanuts and I ship with FedEx" states
two facts; deleting the allergy with its messages takes the FedEx fact too, and the preview
lists it.

``filter_preview`` shows what a forget by filter takes: the ids the forget itself reads
(``forget_filter.matching_ids``), and for messages the facts only they state.

``owners`` lists the users of a tenant with how much each has stored (episodes, active
facts), for an inspector's list of users.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from memstrata.errors import InvalidInput
from memstrata.filter import Expr
from memstrata.lifecycle.delete import Reader, Target, resolve
from memstrata.lifecycle.forget import episode_where, fact_where, facts_only_on, standing_only_on
from memstrata.lifecycle.forget_filter import matching_ids
from memstrata.store.dialect import rows, scalar
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.types import Fact, Scope

#: Fact ids read per ``get_facts`` call (bounded so a large user is read in pieces).
READ_CHUNK = 500


@dataclass(frozen=True)
class ForgetPreview:
    """What ``Memory.forget`` of ``scope`` would delete now.

    Attributes:
        scope: the target (org/project with a user, agent and/or session).
        counts: rows per receipt name: ``episodes``, ``segments``, ``facts``, ``memory_events``.
        facts: the facts that would go (any status), oldest first; an encrypted one keeps its
            ``encrypted`` flag so a door can hide its value.
        sessions: the session ids of the episodes that would go, sorted.
        episode_ids: the messages that would go, ascending, when the forget names them (one fact's,
            one message, a filter's: ``delete_preview``, ``filter_preview``); a scope's are counted,
            not listed: ``()``.
    """

    scope: Scope
    counts: dict[str, int]
    facts: tuple[Fact, ...]
    sessions: tuple[str, ...]
    episode_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class OwnerCount:
    """One user of a tenant: ``episodes`` stored and ``facts`` active."""

    user_id: str
    episodes: int
    facts: int


def forget_preview(store: LifecycleStore, scope: Scope, *, before: datetime | None = None) -> ForgetPreview:
    """The rows a forget of ``scope`` (optionally only episodes said ``before``) would delete.

    Args:
        store: a store with forget jobs (SQLite or PostgreSQL).
        scope: a validated forget target: org/project with a user, agent or session.
        before: as ``Memory.forget(before=...)``: only episodes said before this time.

    Returns:
        A ``ForgetPreview``; nothing is changed.
    """
    d = store.dialect
    narrowed = scope.session_id is not None or before is not None
    where, params = episode_where(d, scope, before)
    chosen = f"SELECT id FROM episodes WHERE {where}"
    # Facts that stand on the chosen episodes alone, as ``forget.delete_episodes`` decides.
    only_theirs = standing_only_on(chosen)
    with store.db.read() as conn:
        episodes = int(scalar(conn, d, f"SELECT count(*) FROM episodes WHERE {where}", params))
        segments = int(scalar(conn, d, f"SELECT count(*) FROM segments WHERE episode_id IN ({chosen})", params))
        fact_ids = {int(r["fact_id"]) for r in rows(conn, d, only_theirs, [*params, *params])}
        if not narrowed:
            fwhere, fparams = fact_where(scope)
            fact_ids |= {int(r["id"]) for r in rows(conn, d, f"SELECT id FROM facts WHERE {fwhere}", fparams)}
        ordered = sorted(fact_ids)
        events = sum(_events_of(conn, store, ordered[i:i + READ_CHUNK]) for i in range(0, len(ordered), READ_CHUNK))
        sessions = sorted(str(r["session_id"]) for r in rows(
            conn, d, f"SELECT DISTINCT session_id FROM episodes WHERE {where} AND session_id IS NOT NULL", params))
    facts = _facts(store, scope, ordered)
    counts = {"episodes": episodes, "segments": segments, "facts": len(ordered), "memory_events": events}
    return ForgetPreview(scope, counts, tuple(facts), tuple(sessions))


def delete_preview(store: Store, reader: Reader, fact_id: int | None, episode_id: int | None, *, sources: bool,
                   operation: str = "delete_preview()") -> ForgetPreview:
    """What ``Memory.delete`` with the same arguments would delete now, changing nothing.

    Args:
        store: a store with forget jobs (SQLite or PostgreSQL).
        reader: the caller's scoped reads, as the delete gets them (``delete.Reader``).
        fact_id, episode_id, sources: as ``Memory.delete``.
        operation: the call the user made, for error messages.

    Returns:
        A ``ForgetPreview`` of the owner's scope: ``episode_ids`` (the messages), ``facts`` (the
        named fact and every fact only those messages state, any status, oldest first), ``counts``
        (episodes, segments, facts, memory_events) and ``sessions``. A fact deleted alone shows
        itself and no message.

    Raises:
        InvalidInput, NotFound: as ``Memory.delete`` for the same arguments; ``InvalidInput`` also
            on a store without forget jobs (the in-memory reference store).
    """
    if not store.capabilities.forget_jobs:
        raise InvalidInput(f"{operation} is not supported on {store.location}: it needs the SQLite or "
                           "PostgreSQL store")
    return messages_preview(cast(LifecycleStore, store), resolve(store, reader, fact_id, episode_id,
                                                                  sources=sources, operation=operation))


def messages_preview(store: LifecycleStore, target: Target) -> ForgetPreview:
    """The rows ``delete.delete`` of ``target`` takes: its messages with their segments, the facts
    only they state (``facts_only_on``) and the named fact, which goes in any case; with the audit
    events of those facts. The preview decides over all the messages at once, the delete per
    ``forget.CHUNK`` of them after the earlier chunks went: a fact all of whose messages go is taken
    by the chunk of its last one, so both take the same facts."""
    return _rows_preview(store, target.owner, target.episodes, () if target.fact is None else (target.fact.id,))


def filter_preview(store: LifecycleStore, scope: Scope, expr: Expr, *, kind: str) -> ForgetPreview:
    """What ``Memory.forget(filter=..., kind=...)`` of ``scope`` deletes now, changing nothing: the
    ids the forget reads (``forget_filter.matching_ids``, what ``list(kind=kind, filter=...,
    status="all")`` shows); for ``kind="fact"`` those facts with their events (their messages stay:
    ``episode_ids`` is empty), for ``kind="episode"`` those messages with their segments and the
    facts only they state, as ``forget_filter.forget_ids`` deletes them.

    Args:
        store: a store with forget jobs; scope: the owner's scope, as ``delete.forget_target`` gives it;
        expr: the parsed filter, checked (``delete.check_filter``); kind: ``fact`` or ``episode``.
    """
    ids = matching_ids(store, scope, expr, kind=kind)
    if kind == "episode":
        return _rows_preview(store, scope, tuple(ids), ())
    return _rows_preview(store, scope, (), tuple(ids))


def _rows_preview(store: LifecycleStore, owner: Scope, episode_ids: Sequence[int],
                  named: Sequence[int]) -> ForgetPreview:
    """The preview of forgetting the messages ``episode_ids`` of ``owner`` with the facts only they
    state, and the facts ``named`` in any case."""
    d, episodes = store.dialect, list(episode_ids)
    marks = ",".join("?" * len(episodes))
    with store.db.read() as conn:
        ordered = sorted(set(facts_only_on(store, conn, episodes)) | set(named))
        events = sum(_events_of(conn, store, ordered[i:i + READ_CHUNK]) for i in range(0, len(ordered), READ_CHUNK))
        segments = int(scalar(conn, d, f"SELECT count(*) FROM segments WHERE episode_id IN ({marks})",
                              episodes)) if episodes else 0
        sessions = sorted({str(r["session_id"]) for r in rows(
            conn, d, f"SELECT session_id FROM episodes WHERE id IN ({marks}) AND session_id IS NOT NULL",
            episodes)}) if episodes else []
    facts = _facts(store, owner, ordered)
    counts = {"episodes": len(episodes), "segments": segments, "facts": len(ordered), "memory_events": events}
    return ForgetPreview(owner, counts, tuple(facts), tuple(sessions), tuple(episodes))


def _facts(store: LifecycleStore, scope: Scope, ordered: list[int]) -> list[Fact]:
    """The facts ``ordered`` of ``scope``'s tenant, read in pieces, oldest first."""
    owner = Scope(scope.org_id, scope.project_id)
    facts: list[Fact] = []
    for i in range(0, len(ordered), READ_CHUNK):
        facts.extend(store.get_facts(owner, ordered[i:i + READ_CHUNK]).values())
    facts.sort(key=lambda f: (f.created_at, f.id))
    return facts


def _events_of(conn: Any, store: LifecycleStore, fact_ids: list[int]) -> int:
    if not fact_ids:
        return 0
    marks = ",".join("?" * len(fact_ids))
    return int(scalar(conn, store.dialect, f"SELECT count(*) FROM memory_events WHERE fact_id IN ({marks})",
                      fact_ids))


def owners(store: LifecycleStore, org_id: str, project_id: str) -> list[OwnerCount]:
    """The users of one tenant who have episodes or facts stored, by user id.

    Returns:
        One ``OwnerCount`` per user id (memories of no user, an agent's own, are not listed).
    """
    d = store.dialect
    tenant = "org_id = ? AND project_id = ? AND user_id IS NOT NULL"
    with store.db.read() as conn:
        said = {str(r["user_id"]): int(r["n"]) for r in rows(
            conn, d, f"SELECT user_id, count(*) AS n FROM episodes WHERE {tenant} GROUP BY user_id",
            (org_id, project_id))}
        known = {str(r["user_id"]): int(r["n"]) for r in rows(
            conn, d, f"SELECT user_id, count(*) AS n FROM facts WHERE {tenant} AND status = 'active' "
                     "GROUP BY user_id", (org_id, project_id))}
    return [OwnerCount(u, said.get(u, 0), known.get(u, 0)) for u in sorted(said.keys() | known.keys())]
