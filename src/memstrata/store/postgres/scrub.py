"""Deleted memory content on PostgreSQL's disk: what forgetting can remove, and space upkeep.

What a ``DELETE`` leaves behind, found by byte scans of a pgserver data directory
(PostgreSQL 18, default settings; ``tests/integration/test_forget_postgres.py``):

* the old row versions stay in the table and index files; a plain ``VACUUM`` marks their
  space free but does not overwrite it (a canary survived ``DELETE`` + ``VACUUM`` +
  ``CHECKPOINT``);
* the WAL holds the inserted rows and full-page images of the pages that held them until
  its segment is removed.

``scrub`` does what PostgreSQL allows without changing the server's configuration:

1. ``VACUUM FULL`` of every table that holds memory content: each table and its indexes
   are rewritten into new files without the deleted rows; the old files are truncated at
   commit (and unlinked at the next checkpoint). After it, a byte scan of the table files
   finds no forgotten text.
2. ``pg_switch_wal()`` then ``CHECKPOINT``: the segments holding the content precede the
   checkpoint's redo point and leave ``pg_wal``: with ``wal_recycle = off`` they are
   unlinked (a byte scan of ``pg_wal`` then finds nothing); with the default
   ``wal_recycle = on`` they are **renamed for reuse and keep their bytes until new WAL
   overwrites them** (up to ``min_wal_size``, 80 MB by default, of later writes).

Never covered: WAL archives (``archive_mode``), replicas and replication slots,
``wal_keep_size``, base backups, and blocks the file system freed but did not zero.
``VACUUM FULL`` takes an ``ACCESS EXCLUSIVE`` lock on each table while it rewrites it
(reads and writes of that table wait; at 1M segments that is minutes, HNSW rebuild
included; measured: 85 s after forgetting 10,000 of 50,000 384-d episodes on a busy 2-core
machine), so ``scrub`` waits at most ``LOCK_TIMEOUT_S`` for each lock and reports a table it
could not take as not scrubbed, and ``Settings.forget_scrub = "maintain"`` defers the whole
rewrite to the next ``maintain`` (``defer``, ``scrub_deferred``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import psycopg

from memstrata.store.postgres.connection import translated

#: Tables whose rows carry memory content (text, values, event details, vectors).
CONTENT_TABLES = ("episodes", "segments", "turns", "session_blocks", "facts", "active_fact_search", "memory_events",
                  "session_memory", "extraction_queue", "withdrawals")
#: Longest wait for one table's lock before that table is left for the next scrub.
LOCK_TIMEOUT_S = 10
#: ``maintain`` VACUUMs a table when dead rows are at least this share and this many
#: (autovacuum usually gets there first; below that a VACUUM frees nothing worth the I/O).
RECLAIM_DEAD_SHARE = 0.25
RECLAIM_MIN_DEAD = 10_000


def scrub(url: str, tables: Sequence[str] = CONTENT_TABLES) -> bool:
    """``VACUUM FULL`` ``tables`` (those where rows were deleted; only ``CONTENT_TABLES`` are
    taken), switch and checkpoint the WAL (module docstring). Nothing to rewrite: ``True``.

    Returns ``True`` when every table was rewritten and the checkpoint ran; ``False`` when a
    lock was not granted in time, a table was skipped for lack of ownership, or the role
    may not run ``pg_switch_wal``/``CHECKPOINT`` (superuser or ``pg_checkpoint``).

    Raises:
        StoreError: the server cannot be reached.
    """
    if not set(tables) & set(CONTENT_TABLES):
        return True
    skipped: list[str] = []
    with translated(url), psycopg.connect(url, autocommit=True) as conn:
        conn.add_notice_handler(lambda d: skipped.append(d.message_primary or "")
                                if d.severity_nonlocalized == "WARNING" else None)
        conn.execute(f"SET lock_timeout = '{LOCK_TIMEOUT_S}s'")
        complete = True
        for table in [t for t in CONTENT_TABLES if t in tables]:  # names never come from user text
            try:
                conn.execute(f"VACUUM (FULL) {table}")
            except psycopg.errors.LockNotAvailable:
                complete = False
        try:
            conn.execute("SELECT pg_switch_wal()")
            conn.execute("CHECKPOINT")
        except psycopg.errors.InsufficientPrivilege:
            complete = False
    return complete and not skipped


def posture(url: str, *, deferred: bool) -> str:
    """One line for ``memstrata doctor``: when forgets scrub, and what this server's settings
    and this role's privileges leave on disk (module docstring)."""
    with translated(url), psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT current_setting('wal_recycle'), (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) "
            "OR pg_has_role(current_user, 'pg_checkpoint', 'MEMBER'), "
            "has_function_privilege('pg_switch_wal()', 'EXECUTE')").fetchone()
    assert row is not None
    recycle, may_checkpoint, may_switch = row
    parts = ["VACUUM FULL, WAL switch and CHECKPOINT " + ("at the next maintain" if deferred else "at each forget")]
    if not (may_checkpoint and may_switch):
        parts.append("this role may not CHECKPOINT or pg_switch_wal(): receipts say wal_checkpointed false and "
                     "forgotten bytes stay in pg_wal")
    elif recycle == "on":
        parts.append("wal_recycle = on: recycled pg_wal segments keep forgotten bytes until overwritten "
                     "(set wal_recycle = off to have them unlinked)")
    else:
        parts.append("wal_recycle = off: checkpointed pg_wal segments are unlinked")
    return "; ".join(parts)


#: ``meta`` key listing the tables deferred scrubs left (JSON list), for ``scrub_deferred``.
PENDING_KEY = "scrub_pending"


def defer(conn: Any, tables: Sequence[str]) -> None:
    """Add ``tables`` to the pending scrub, inside an open write."""
    row = conn.execute("SELECT value FROM meta WHERE key = %s FOR UPDATE", (PENDING_KEY,)).fetchone()
    pending = sorted(set(json.loads(row[0]) if row else []) | (set(tables) & set(CONTENT_TABLES)))
    conn.execute("INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = "
                 "excluded.value", (PENDING_KEY, json.dumps(pending)))


def scrub_deferred(db: Any) -> tuple[bool, str | None]:
    """Run the pending scrub, if any (``maintain``); returns whether it ran and a note. The
    pending list is cleared only when the scrub completed, so an incomplete one is retried."""
    with db.read() as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = %s", (PENDING_KEY,)).fetchone()
    tables = json.loads(row[0]) if row else []
    if not tables:
        return False, None
    if not scrub(db.url, tables):
        return True, f"scrub of {', '.join(tables)} incomplete (lock not granted or no privilege): retried next run"
    with db.write() as conn:  # forgets deferred during the rewrite stay pending
        conn.execute("SELECT value FROM meta WHERE key = %s FOR UPDATE", (PENDING_KEY,))
        conn.execute("UPDATE meta SET value = %s WHERE key = %s AND value = %s",
                     ("[]", PENDING_KEY, json.dumps(tables)))
    return True, f"VACUUM FULL of {', '.join(tables)} after deferred forgets; WAL switched and checkpointed"


def reclaim(url: str) -> tuple[bool, str | None]:
    """Plain ``VACUUM`` of content tables whose dead rows reach ``RECLAIM_DEAD_SHARE`` and
    ``RECLAIM_MIN_DEAD``; returns whether one ran and a note naming them."""
    with translated(url), psycopg.connect(url, autocommit=True) as conn:
        stats: list[Any] = conn.execute(
            "SELECT relname, n_dead_tup, n_live_tup FROM pg_stat_user_tables WHERE schemaname = current_schema() "
            "AND relname = ANY(%s)", (list(CONTENT_TABLES),)).fetchall()
        due = [(name, dead, live) for name, dead, live in stats
               if dead >= RECLAIM_MIN_DEAD and dead >= RECLAIM_DEAD_SHARE * (dead + live)]
        for name, _, _ in due:
            conn.execute(f"VACUUM {name}")  # name comes from CONTENT_TABLES, never user text
    if not due:
        return False, None
    return True, "VACUUM: " + ", ".join(f"{name} ({dead} dead rows)" for name, dead, _ in due)
