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

``owners`` lists the users of a tenant with how much each has stored (episodes, active
facts), for an inspector's list of users.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memstrata.lifecycle.forget import episode_where, fact_where, standing_only_on
from memstrata.store.dialect import rows, scalar
from memstrata.store.protocol import LifecycleStore
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
    """

    scope: Scope
    counts: dict[str, int]
    facts: tuple[Fact, ...]
    sessions: tuple[str, ...]


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
    owner = Scope(scope.org_id, scope.project_id)
    facts: list[Fact] = []
    for i in range(0, len(ordered), READ_CHUNK):
        facts.extend(store.get_facts(owner, ordered[i:i + READ_CHUNK]).values())
    facts.sort(key=lambda f: (f.created_at, f.id))
    counts = {"episodes": episodes, "segments": segments, "facts": len(ordered), "memory_events": events}
    return ForgetPreview(scope, counts, tuple(facts), tuple(sessions))


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
