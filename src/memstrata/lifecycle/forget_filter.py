"""Forgetting what a filter selects inside a scope: ``Memory.forget(filter=..., kind=...)``.

The contract is the list's: ``forget(filter=f, kind=k)`` deletes exactly what
``list(kind=k, filter=f, status="all")`` shows in the same scope, nothing else. A filter that
negates a field a kind lacks matches every record of that kind (``tag != "x"`` holds for every
episode, which has no tag: see ``memstrata.filter``), so the kind is named, never guessed, and
``list`` is the preview.

* ``kind="fact"``: the matching facts (any status), their index rows, citations and events.
* ``kind="episode"``: the matching episodes with their segments, index rows and queued
  extraction, and the facts no remaining episode cites (as a ``before`` forget does; a fact
  still supported by another episode stays).

The ids are read first (through the same filtered queries as ``list``), then deleted in
chunks of ``forget.CHUNK``, each chunk one transaction; a content-free tombstone event holds
the counts and a SHA-256 of the deleted ids, and the store purges the deleted content from
disk as a forget job does. Unlike a scope forget there is no hiding phase: a reader running
during the call may still see a record of a chunk not yet deleted. A call interrupted by a
crash has deleted whole chunks only; calling it again deletes what still matches.
"""

from __future__ import annotations

from memstrata.clock import utcnow
from memstrata.errors import InvalidInput
from memstrata.filter import Expr
from memstrata.lifecycle.forget import (
    CHUNK,
    NONCE_KEY,
    SCRUBBED,
    SUPPRESSED_KEY,
    TABLE_OF,
    TABLES,
    ForgetReceipt,
    delete_episodes,
    delete_facts,
    ids_digest,
    keys_left_empty,
    new_nonce,
    replaced_of,
)
from memstrata.paging import START, Position
from memstrata.store import suppressed
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Episode, Fact, Scope

#: Ids read per page while collecting what the filter selects.
PAGE = 1000
#: Fact statuses a filter forget reaches: all of them (a superseded value is still the user's data).
STATUSES = ("active", "superseded", "archived")


def matching_ids(store: LifecycleStore, scope: Scope, expr: Expr, *, kind: str) -> list[int]:
    """Ids of the facts (any status) or episodes of ``scope`` that ``expr`` selects, ascending."""
    ids: list[int] = []
    # Keyset pages (``memstrata.paging``), not offsets: a fact re-stated by a concurrent writer
    # moves in the offset order and could slip between two pages, and be left unforgotten.
    before = START
    while True:
        page: list[Fact] | list[Episode] = (
            store.list_facts(scope, statuses=STATUSES, limit=PAGE, filter=expr, before=before)
            if kind == "fact" else store.list_episodes(scope, limit=PAGE, filter=expr, before=before))
        ids.extend(row.id for row in page)
        if len(page) < PAGE:
            return sorted(set(ids))
        before = Position(page[-1].created_at, page[-1].id)


def forget_matching(store: LifecycleStore, scope: Scope, expr: Expr, *, kind: str, actor: str) -> ForgetReceipt:
    """Delete what ``expr`` selects of ``kind`` in ``scope`` (see the module docstring).

    Args:
        store: a store with forget jobs (SQLite or PostgreSQL).
        scope: the owner's scope (org/project and a user, agent or session).
        expr: the parsed filter.
        kind: ``fact`` or ``episode``.
        actor: who asked, for the tombstone event.

    Returns:
        A ``ForgetReceipt`` (``job_id`` ``None``: no job row) with the counts per table and the ids' hash.

    Raises:
        InvalidInput: ``kind`` is neither ``fact`` nor ``episode``.
    """
    if kind not in ("fact", "episode"):
        raise InvalidInput(f"kind must be 'fact' or 'episode' (what the filter selects), got {kind!r}")
    return forget_ids(store, scope, matching_ids(store, scope, expr, kind=kind), kind=kind, actor=actor,
                      what="filter")


def forget_ids(store: LifecycleStore, scope: Scope, ids: list[int], *, kind: str, actor: str,
               what: str = "ids") -> ForgetReceipt:
    """Delete the facts or episodes ``ids`` (ascending, already known to be in ``scope``) as
    ``forget_matching`` deletes what a filter selects: episodes with the facts only they
    support; chunks, tombstone (``what``: ``filter``, or ``ids`` for ``Memory.delete(episode_id=...)``
    and a fact's sources), purge. Returns the receipt; for facts its ``sources_kept`` names the messages
    that stated them, which stay stored and found by search (as ``Memory.delete`` of one fact says)."""
    counts: dict[str, int] = {}
    deleted: list[tuple[str, int]] = []
    rollbacks: list[int] = []
    kept: set[int] = set()  # the messages that stated the facts forgotten: they stay, and the receipt says so
    placed: list[list[int | str]] = []  # [episode, digest] of each suppression kept in them
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        with store.db.write() as conn:
            if kind == "episode":
                facts, scrubbed = delete_episodes(store, conn, chunk, counts)
                deleted += [("episodes", e) for e in chunk]
            else:
                facts = chunk
                kept.update(e for fact in store.load_facts(conn, facts) for e in fact.citations)
                placed += suppressed.placed(conn, store.dialect, facts)  # where the suppressions go: the tombstone
                store.keep_outdated_marks(conn, facts)  # their messages stay: outdated or current, as they were
                scrubbed = delete_facts(store, conn, facts, counts)
            deleted += [("facts", f) for f in facts]
            rollbacks += [e for e, _ in scrubbed.rollbacks]
            store.bump(conn, "segments_deleted")
            store.bump(conn, "facts_version")
    now, nonce = utcnow(), new_nonce()
    digest = ids_digest(deleted, nonce)
    receipt_counts = {t: counts.get(t, 0) for t in TABLES}
    if counts.get(SCRUBBED):
        receipt_counts[SCRUBBED] = counts[SCRUBBED]
    with store.db.write() as conn:
        left = keys_left_empty(store, conn, rollbacks)
        store.log_event(conn, scope, fact_id=None, action="delete", actor=actor, now=now, detail={
            "what": what, "kind": kind, "counts": receipt_counts, "ids_sha256": digest, NONCE_KEY: nonce,
            **({SUPPRESSED_KEY: placed} if placed else {})})
    store.clear_caches()
    purged = store.purge_deleted([TABLE_OF.get(t, t) for t, n in receipt_counts.items() if n]) if deleted else True
    return ForgetReceipt(job_id=None, status="done", at=now, counts=receipt_counts, ids_sha256=digest, nonce=nonce,
                         total_episodes=len(ids) if kind == "episode" else 0, wal_checkpointed=purged,
                         replaced=replaced_of(store, left), sources_kept=tuple(sorted(kept)))
