"""Self-maintenance: finish forgets, sweep expired, archive idle, merge near-duplicates, boost
often-recalled facts, ANALYZE and VACUUM when worthwhile.

Every step is made of short transactions that each leave the file consistent (one merge,
one chunk of expired rows), so other processes keep reading and writing, and a crash
(even SIGKILL) in the middle loses nothing and leaves nothing half-merged: the next run
picks up what is left. Running it twice in a row does nothing the second time.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from memstrata.clock import to_db
from memstrata.config import Settings
from memstrata.errors import StoreError
from memstrata.lifecycle.forget import run_to_end, running_jobs
from memstrata.lifecycle.retention import archive_idle
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.store.vectors import decode_vectors
from memstrata.types import Scope

ACTOR = "maintain"
#: Rows swept per transaction.
CHUNK = 500
#: Recalls since the last boost that earn one importance step (and the step).
BOOST_EVERY = 5
BOOST_STEP = 0.05
#: VACUUM when free pages are at least this share of the file and at least ``VACUUM_MIN_BYTES``.
VACUUM_FREE_SHARE = 0.25
VACUUM_MIN_BYTES = 1 << 20
#: ANALYZE when the row count of the main tables changed by this share since the last one
#: (and there are at least ``ANALYZE_MIN_ROWS``: below that every plan is a scan anyway).
ANALYZE_CHANGE = 0.25
ANALYZE_MIN_ROWS = 1000


@dataclass
class MaintenanceReport:
    """What one ``maintain`` run did (counts; ``vacuumed``/``analyzed`` say whether they ran)."""

    forgets_finished: int = 0
    expired_episodes: int = 0
    expired_facts: int = 0
    archived: int = 0
    merged: int = 0
    boosted: int = 0
    analyzed: bool = False
    vacuumed: bool = False
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {**asdict(self), "notes": list(self.notes)}

    @property
    def changed(self) -> bool:
        """Whether the run changed anything."""
        return any((self.forgets_finished, self.expired_episodes, self.expired_facts, self.archived,
                    self.merged, self.boosted, self.analyzed, self.vacuumed))


def maintain(store: SQLiteStore, settings: Settings, *, now: datetime,
             on_step: Callable[[str], None] | None = None) -> MaintenanceReport:
    """Run every maintenance step once; see the module docstring. ``on_step`` hears each
    committed step (``"merge 12<-15"``, ``"sweep"``...), never memory content."""
    step = on_step or (lambda _: None)
    report = MaintenanceReport()
    for job in running_jobs(store):
        run_to_end(store, job)
        report.forgets_finished += 1
        step(f"forget job {job}")
    report.expired_episodes, report.expired_facts = sweep_expired(store, now=now, on_step=step)
    with store.db.write() as conn:
        report.archived = len(archive_idle(store, conn, now=now, idle_days=settings.archive_after_days,
                                           below_importance=settings.archive_below_importance))
    report.merged = merge_duplicates(store, now=now, min_similarity=settings.merge_similarity, on_step=step)
    report.boosted = boost_recalled(store, now=now)
    if report.expired_episodes or report.expired_facts:
        store.vectors.clear()
        store.purge_deleted()
    notes: list[str] = []
    report.analyzed = _analyze(store, notes)
    report.vacuumed = _vacuum(store, notes)
    report.notes = tuple(notes)
    return report


def sweep_expired(store: SQLiteStore, *, now: datetime,
                  on_step: Callable[[str], None] = lambda _: None) -> tuple[int, int]:
    """Delete episodes and facts whose ``expires_at`` has passed; returns ``(episodes, facts)``.

    Each fact leaves a content-free ``delete`` event (reason ``expired``); each chunk of
    episodes one tombstone per owner with the count.
    """
    cutoff = to_db(now)
    episodes = facts = 0
    while True:
        with store.db.write() as conn:
            ids = [r[0] for r in conn.execute("SELECT id FROM facts WHERE expires_at <= ? ORDER BY id LIMIT ?",
                                              (cutoff, CHUNK))]
            if not ids:
                break
            owners = conn.execute(f"SELECT id, org_id, project_id, user_id, agent_id FROM facts WHERE id IN "
                                  f"({','.join('?' * len(ids))})", ids).fetchall()
            facts += store.delete_facts(conn, ids)
            for fid, org, project, user, agent in owners:
                store.log_event(conn, Scope(org, project, user, agent), fact_id=fid, action="delete", actor=ACTOR,
                                detail={"what": "fact", "reason": "expired"}, now=now)
        on_step("sweep facts")
    while True:
        with store.db.write() as conn:
            rows = conn.execute("SELECT id, org_id, project_id, user_id, agent_id FROM episodes WHERE expires_at <= ? "
                                "ORDER BY id LIMIT ?", (cutoff, CHUNK)).fetchall()
            if not rows:
                break
            ids = [r[0] for r in rows]
            marks = ",".join("?" * len(ids))
            conn.execute(f"DELETE FROM segments_fts WHERE rowid IN (SELECT id FROM segments WHERE episode_id IN "
                         f"({marks}))", ids)
            conn.execute(f"DELETE FROM segments WHERE episode_id IN ({marks})", ids)
            episodes += conn.execute(f"DELETE FROM episodes WHERE id IN ({marks})", ids).rowcount
            per_owner: dict[Scope, int] = {}
            for _, org, project, user, agent in rows:
                owner = Scope(org, project, user, agent)
                per_owner[owner] = per_owner.get(owner, 0) + 1
            for owner, n in per_owner.items():
                store.log_event(conn, owner, fact_id=None, action="delete", actor=ACTOR,
                                detail={"what": "episodes", "reason": "expired", "count": n}, now=now)
            store.bump(conn, "segments_deleted")
        on_step("sweep episodes")
    return episodes, facts


def merge_duplicates(store: SQLiteStore, *, now: datetime, min_similarity: float,
                     on_step: Callable[[str], None] = lambda _: None) -> int:
    """Merge active facts of one owner, subject and key whose embeddings have cosine ≥
    ``min_similarity``: the keeper (higher confidence, then older) gains the other's
    citations; the other becomes ``superseded`` with ``merge`` events on both (the history of
    both stays). One transaction per merge. Returns how many facts were merged away."""
    with store.db.read() as conn:
        rows = conn.execute(
            "SELECT id, org_id, project_id, user_id, agent_id, ifnull(subject, ''), key, confidence, embedding "
            "FROM facts WHERE status = 'active' AND embedding IS NOT NULL AND kind != 'episode' "
            "ORDER BY org_id, project_id, user_id, agent_id, subject, key, id").fetchall()
    groups: dict[tuple[Any, ...], list[sqlite3.Row]] = {}
    for r in rows:
        groups.setdefault(tuple(r[1:7]), []).append(r)
    merged = 0
    for members in groups.values():
        if len(members) < 2:
            continue
        dim = len(members[0]["embedding"]) // 2
        vectors = decode_vectors([m["embedding"] for m in members], dim)
        sims = vectors @ vectors.T
        gone: set[int] = set()
        order = sorted(range(len(members)), key=lambda i: (-members[i]["confidence"], members[i]["id"]))
        for a in order:
            if members[a]["id"] in gone:
                continue
            for b in order:
                if b == a or members[b]["id"] in gone or sims[a, b] < min_similarity:
                    continue
                if _merge(store, keep=members[a]["id"], drop=members[b]["id"], cosine=float(sims[a, b]), now=now):
                    gone.add(members[b]["id"])
                    merged += 1
                    on_step(f"merge {members[a]['id']}<-{members[b]['id']}")
    return merged


def _merge(store: SQLiteStore, *, keep: int, drop: int, cosine: float, now: datetime) -> bool:
    with store.db.write() as conn:
        live = conn.execute("SELECT id, org_id, project_id, user_id, agent_id FROM facts WHERE id IN (?, ?) "
                            "AND status = 'active'", (keep, drop)).fetchall()
        if len(live) != 2:  # another process changed one of them since the scan
            return False
        scope = Scope(live[0][1], live[0][2], live[0][3], live[0][4])
        have = {r[0] for r in conn.execute("SELECT episode_id FROM fact_citations WHERE fact_id = ?", (keep,))}
        theirs = [r[0] for r in conn.execute("SELECT episode_id FROM fact_citations WHERE fact_id = ?", (drop,))]
        added = sorted(set(theirs) - have)
        store.cite(conn, keep, added)
        conn.execute("UPDATE facts SET confidence = max(confidence, (SELECT confidence FROM facts WHERE id = ?)), "
                     "access_count = access_count + (SELECT access_count FROM facts WHERE id = ?), updated_at = ? "
                     "WHERE id = ?", (drop, drop, to_db(now), keep))
        store.set_fact_status(conn, drop, "superseded", now=now)
        store.log_event(conn, scope, fact_id=keep, action="merge", actor=ACTOR,
                        detail={"absorbed": drop, "added_citations": added, "cosine": round(cosine, 4)}, now=now)
        store.log_event(conn, scope, fact_id=drop, action="merge", actor=ACTOR,
                        detail={"merged_into": keep, "cosine": round(cosine, 4)}, now=now)
    return True


def boost_recalled(store: SQLiteStore, *, now: datetime) -> int:
    """Raise the importance of active facts recalled ``BOOST_EVERY`` times since their last
    boost by ``BOOST_STEP`` per such run (capped at 1); returns how many were boosted."""
    with store.db.write() as conn:
        rows = conn.execute("SELECT id, org_id, project_id, user_id, agent_id, importance, access_count, boost_mark "
                            "FROM facts WHERE status = 'active' AND access_count - boost_mark >= ?",
                            (BOOST_EVERY,)).fetchall()
        for fid, org, project, user, agent, importance, count, mark in rows:
            raised = min(1.0, importance + BOOST_STEP * ((count - mark) // BOOST_EVERY))
            conn.execute("UPDATE facts SET importance = ?, boost_mark = ?, updated_at = ? WHERE id = ?",
                         (raised, count, to_db(now), fid))
            store.log_event(conn, Scope(org, project, user, agent), fact_id=fid, action="update", actor=ACTOR,
                            detail={"boost": {"importance_from": importance, "importance_to": raised,
                                              "recalls": count - mark}}, now=now)
    return len(rows)


def _table_rows(conn: sqlite3.Connection) -> int:
    return int(sum(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("episodes", "segments", "facts")))


def _analyze(store: SQLiteStore, notes: list[str]) -> bool:
    with store.db.read() as conn:
        rows = _table_rows(conn)
        last = conn.execute("SELECT value FROM meta WHERE key = 'analyzed_rows'").fetchone()
    if rows < ANALYZE_MIN_ROWS or (last is not None and abs(rows - int(last[0])) <= ANALYZE_CHANGE * int(last[0])):
        return False
    with store.db.write() as conn:
        conn.execute("ANALYZE")
        store.set_meta(conn, "analyzed_rows", str(rows))
    notes.append(f"ANALYZE: row count {last[0] if last else 'never analyzed'} -> {rows}")
    return True


def _vacuum(store: SQLiteStore, notes: list[str]) -> bool:
    conn = store.db.conn
    pages, free, size = (conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "freelist_count",
                                                                               "page_size"))
    if free * size < VACUUM_MIN_BYTES or free < VACUUM_FREE_SHARE * max(1, pages):
        return False
    try:
        store.db.vacuum()
    except StoreError as exc:  # another process is writing: next time
        notes.append(f"VACUUM skipped: {exc}")
        return False
    store.vectors.clear()
    notes.append(f"VACUUM: {free} of {pages} pages were free ({free * size / 1e6:.1f} MB)")
    return True
