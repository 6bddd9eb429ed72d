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
from memstrata.lifecycle.forget import ForgetReceipt, ids_digest
from memstrata.types import Scope


def forget_now(store: Any, scope: Scope, *, actor: str, before: datetime | None = None) -> ForgetReceipt:
    """Delete ``scope`` (episodes, segments, facts, their events, session summaries) now.

    Raises:
        InvalidInput: ``before`` was given (cutting by time needs forget jobs, which this store lacks).
    """
    if before is not None:
        raise InvalidInput(f"forget(before=...) is not supported on {store.location}: it needs forget jobs "
                           "(the SQLite and PostgreSQL stores); forget the whole user or session instead")
    now = utcnow()
    with store.db.write() as conn:
        counts, ids = store.delete_scope(conn, scope)
        digest = ids_digest(ids)
        store.log_event(conn, scope, fact_id=None, action="delete", actor=actor,
                        detail={"what": "scope", "counts": counts, "ids_sha256": digest}, now=now)
    store.clear_caches()
    return ForgetReceipt(job_id=0, status="done", at=now, counts=counts, ids_sha256=digest,
                         total_episodes=counts.get("episodes", 0), wal_checkpointed=store.purge_deleted())
