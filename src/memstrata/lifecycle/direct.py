"""Forgetting in one transaction, for backends without forget jobs (``Capabilities.forget_jobs``).

A scope's rows are deleted in one transaction: at commit they are gone for every reader
(no hiding phase is needed). The in-memory ``ReferenceStore`` forgets this way; SQLite and
PostgreSQL run forget jobs. The receipt has the same shape as a forget job's
(``lifecycle.forget.ForgetReceipt``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from memstrata.clock import utcnow
from memstrata.errors import InvalidInput
from memstrata.lifecycle.forget import NONCE_KEY, ForgetReceipt, Replaced, ids_digest, new_nonce
from memstrata.types import Scope


def forget_now(store: Any, scope: Scope, *, actor: str, before: datetime | None = None) -> ForgetReceipt:
    """Delete ``scope`` (episodes, segments, facts, their events, session summaries) now.

    Raises:
        InvalidInput: ``before`` was given (cutting by time needs forget jobs, which this store lacks).
    """
    if before is not None:
        raise InvalidInput(f"forget(before=...) is not supported on {store.location}: it needs forget jobs "
                           "(the SQLite and PostgreSQL stores); forget the whole user or session instead")
    now, nonce = utcnow(), new_nonce()
    with store.db.write() as conn:
        counts, ids, scrubbed = store.delete_scope(conn, scope)
        digest = ids_digest(ids, nonce)
        store.log_event(conn, scope, fact_id=None, action="delete", actor=actor,
                        detail={"what": "scope", "counts": counts, "ids_sha256": digest, NONCE_KEY: nonce}, now=now)
    store.clear_caches()
    return ForgetReceipt(job_id=None, status="done", at=now, counts=counts, ids_sha256=digest, nonce=nonce,
                         total_episodes=counts.get("episodes", 0), wal_checkpointed=store.purge_deleted(),
                         replaced=_left_empty(store, scope, scrubbed.rollbacks))


def _left_empty(store: Any, scope: Scope, rollbacks: tuple[tuple[int, int], ...]) -> tuple[Replaced, ...]:
    """``Replaced`` for each ``(supersede event, fact)`` that is its fact's latest supersede, whose
    fact is still superseded and whose key (same owner and subject) has no active value
    (``forget.keys_left_empty``, through the store's reads)."""
    out = []
    tenant = Scope(scope.org_id, scope.project_id)
    for event_id, fact_id in rollbacks:
        fact = store.get_facts(tenant, [fact_id]).get(fact_id)
        if fact is None or fact.status != "superseded":
            continue
        supersedes = [e for e in store.events(fact.scope, [fact_id]) if e.action == "supersede"]
        if supersedes[-1].id != event_id:  # a later supersede replaced it (``forget.keys_left_empty``)
            continue
        if not [f for f in store.list_facts(fact.scope, statuses=["active"], key=fact.key)
                if f.subject == fact.subject]:
            out.append(Replaced(fact.id, fact.key, fact.value, event_id, supersedes[-1].detail.get("superseded_by")))
    return tuple(out)
