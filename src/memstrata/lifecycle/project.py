"""Deleting a whole project (one ``org_id/project_id`` tenant), with a receipt.

A project deletion is a forget job over the tenant with no user, agent or session
(``lifecycle.forget``): from the commit of its ``forget_jobs`` row every read hides the project,
then every episode, segment, fact, citation, event, short-term summary, queued extraction,
withdrawal, outdated mark and full-text and vector index row of it is deleted in chunks, and the
store rewrites the files so the text leaves the disk (``purge_deleted``), exactly as for a user.
Then what a user forget keeps because the user may come back goes too: the idempotency keys of
the tenant's writes (hashes and ids) and its REST API keys, which are revoked (their hash stays,
revoked, so an export of the database keeps them revoked).

What stays, content-free, is what a forget always leaves: the job's receipt (``forget_jobs``:
counts, SHA-256 of the deleted ids with a nonce), its tombstone event and the earlier ones, and
the forgotten ids (``store.forgotten``) so that no import brings anything back.

Writes racing a deletion: ``start_job`` takes the cuts with the tenant's writers locked out
(``lock_scopes``), and one message is one transaction, so every message lands either before the
cut (it is deleted, whole, and counted in the receipt) or after it (it survives, whole: episode,
segments, index rows and vectors). The same holds for an idempotency key: one written before the
job started is deleted, one written after survives.
"""

from __future__ import annotations

from dataclasses import replace

from memstrata.clock import utcnow
from memstrata.lifecycle.forget import ForgetReceipt, run_to_end, start_job
from memstrata.store.dialect import run
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Scope


def delete_project(store: LifecycleStore, tenant: Scope, *, actor: str) -> ForgetReceipt:
    """Delete every row of ``tenant`` (org and project; its user, agent and session unset) and
    return the receipt: counts per table as a user forget's, plus ``idempotency_keys`` deleted
    and ``api_keys_revoked``. Runs to the end in this thread.

    Raises:
        ValueError: ``tenant`` names a user, agent or session (that is a forget, not this).
    """
    if tenant.user_id is not None or tenant.agent_id is not None or tenant.session_id is not None:
        raise ValueError("delete_project takes an org and a project only")
    job = start_job(store, tenant, actor=actor)
    started = utcnow()
    d = store.dialect
    with store.db.write() as conn:
        keys = run(conn, d, "DELETE FROM idempotency_keys WHERE org_id = ? AND project_id = ? AND created_at <= ?",
                   (tenant.org_id, tenant.project_id, d.time(started))).rowcount
        revoked = run(conn, d, "UPDATE api_keys SET revoked_at = ? WHERE org_id = ? AND project_id = ? AND "
                               "revoked_at IS NULL", (d.time(started), tenant.org_id, tenant.project_id)).rowcount
    store.clear_caches()
    receipt = run_to_end(store, job)
    return replace(receipt, counts={**receipt.counts, "idempotency_keys": max(0, keys),
                                    "api_keys_revoked": max(0, revoked)})
