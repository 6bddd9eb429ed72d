"""Self-maintenance: finish forgets, sweep expired, archive idle, merge near-duplicates, boost
often-recalled facts, ANALYZE and VACUUM when worthwhile.

Every step is made of short transactions that each leave the database consistent (one
merge, one chunk of expired rows), so other processes keep reading and writing, and a
crash (even SIGKILL) in the middle loses nothing and leaves nothing half-merged: the next
run picks up what is left. Running it twice in a row does nothing the second time. The
SQL is shared by the SQLite and PostgreSQL stores (``store.dialect``); space upkeep is
each store's ``reclaim_space`` (SQLite ``VACUUM``; PostgreSQL: deferred forget scrubs,
then ``VACUUM`` of tables full of dead rows).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from memstrata.config import Settings
from memstrata.facts.resolve import EXACT_KEYS
from memstrata.lifecycle.forget import SUPPRESSED_KEY, drop_summaries, run_to_end, running_jobs
from memstrata.lifecycle.retention import archive_idle
from memstrata.store import forgotten, suppressed
from memstrata.store.dialect import Dialect, rows, run, scalar
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Scope

ACTOR = "maintain"
#: Rows swept per transaction.
CHUNK = 500
#: Recalls since the last boost that earn one importance step (and the step).
BOOST_EVERY = 5
BOOST_STEP = 0.05
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


def maintain(store: LifecycleStore, settings: Settings, *, now: datetime,
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
        store.clear_caches()
        # memory_events with episodes too: their events of surviving facts were scrubbed
        swept = (("episodes", "segments", "extraction_queue", "memory_events", "session_memory")
                 if report.expired_episodes else ())
        store.purge_deleted(swept + (("facts", "memory_events") if report.expired_facts else ()))
    notes: list[str] = []
    report.analyzed = _analyze(store, notes)
    report.vacuumed, note = store.reclaim_space()
    notes += [note] if note else []
    report.notes = tuple(notes)
    return report


def sweep_expired(store: LifecycleStore, *, now: datetime,
                  on_step: Callable[[str], None] = lambda _: None) -> tuple[int, int]:
    """Delete episodes and facts whose ``expires_at`` has passed; returns ``(episodes, facts)``.

    Each fact leaves a content-free ``delete`` event (reason ``expired``); each chunk of
    episodes one tombstone per owner with the count. Expiry is forgetting on schedule, so the
    sweep keeps what a forget keeps, content-free: the ids it deletes (``store.forgotten``: an
    older export restored skips them), each message's identity digest (``store.suppressed``: a
    re-import of its log skips it) and, for an expired fact whose message stays, the fact's
    suppression in that message (no extraction of it makes the fact again).
    """
    d = store.dialect
    cutoff = d.time(now)
    episodes = facts = 0
    while True:
        with store.db.write() as conn:
            owners = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id FROM facts WHERE expires_at <= ? "
                                   f"ORDER BY id LIMIT ?{d.for_update}", (cutoff, CHUNK))
            if not owners:
                break
            ids = [o["id"] for o in owners]
            # an expired value leaves the events of the facts that stay too (``store.event_scrub``)
            store.scrub_events(conn, facts=ids, episodes=())
            forgotten.keep(conn, d, "facts", ids, now)
            staying = _expired_sources(conn, d, ids, cutoff)
            placed = {o["id"]: suppressed.placed(conn, d, [o["id"]], going=staying) for o in owners}
            store.keep_suppressed(conn, ids, now, going=sorted(staying))
            facts += store.delete_facts(conn, ids)
            for o in owners:
                store.log_event(conn, Scope(o["org_id"], o["project_id"], o["user_id"], o["agent_id"]),
                                fact_id=o["id"], action="delete", actor=ACTOR,
                                detail={"what": "fact", "reason": "expired",
                                        **({SUPPRESSED_KEY: placed[o["id"]]} if placed[o["id"]] else {})}, now=now)
        on_step("sweep facts")
    while True:
        with store.db.write() as conn:
            found = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id FROM episodes "
                                  f"WHERE expires_at <= ? ORDER BY id LIMIT ?{d.for_update}", (cutoff, CHUNK))
            if not found:
                break
            ids = [r["id"] for r in found]
            store.scrub_events(conn, facts=(), episodes=ids)
            drop_summaries(store, conn, ids)  # a summary quoting an expired message goes with it
            forgotten.keep(conn, d, "episodes", ids, now)
            suppressed.keep_messages(conn, d, ids, now)  # so no log import stores it again
            store.delete_segments(conn, ids)
            episodes += run(conn, d, f"DELETE FROM episodes WHERE id IN ({','.join('?' * len(ids))})", ids).rowcount
            per_owner: dict[Scope, int] = {}
            for r in found:
                owner = Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"])
                per_owner[owner] = per_owner.get(owner, 0) + 1
            for owner, n in per_owner.items():
                store.log_event(conn, owner, fact_id=None, action="delete", actor=ACTOR,
                                detail={"what": "episodes", "reason": "expired", "count": n}, now=now)
            store.bump(conn, "segments_deleted")
        on_step("sweep episodes")
    return episodes, facts


def _expired_sources(conn: Any, d: Dialect, facts: list[int], cutoff: object) -> set[int]:
    """The episodes cited by ``facts`` that expire by ``cutoff`` too: they go in this sweep, so a
    fact drawn from them needs no suppression in them (their own digests are kept)."""
    return {int(r["episode_id"]) for r in rows(
        conn, d, "SELECT DISTINCT c.episode_id FROM fact_citations c JOIN episodes e ON e.id = c.episode_id "
                 f"WHERE c.fact_id IN ({','.join('?' * len(facts))}) AND e.expires_at <= ?", (*facts, cutoff))}


def merge_duplicates(store: LifecycleStore, *, now: datetime, min_similarity: float,
                     on_step: Callable[[str], None] = lambda _: None) -> int:
    """Merge active facts of one owner, subject and key whose embeddings have cosine ≥
    ``min_similarity``: the keeper (higher confidence, then older) gains the other's
    citations; the other becomes ``superseded`` with ``merge`` events on both (the history of
    both stays). One transaction per merge. Returns how many facts were merged away. Keys whose
    values are matched only as values (``facts.resolve.EXACT_KEYS``: allergies, conditions, times,
    budgets) are never merged here either: a lobster allergy is not a shrimp one, nor is a flight
    budget the hotel budget."""
    d = store.dialect
    with store.db.read() as conn:
        active = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id, coalesce(subject, '') AS subject, "
                               "key, confidence, embedding FROM facts WHERE status = 'active' AND embedding IS NOT "
                               "NULL AND kind != 'episode' ORDER BY org_id, project_id, user_id, agent_id, subject, "
                               "key, id")
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in active:
        groups.setdefault(tuple(r[c] for c in ("org_id", "project_id", "user_id", "agent_id", "subject", "key")),
                          []).append(r)
    merged = 0
    for group, members in groups.items():
        if len(members) < 2 or group[-1] in EXACT_KEYS:
            continue
        vectors = d.read_vectors([m["embedding"] for m in members])
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


def _merge(store: LifecycleStore, *, keep: int, drop: int, cosine: float, now: datetime) -> bool:
    d = store.dialect
    with store.db.write() as conn:
        live = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id, confidence, access_count FROM facts "
                             f"WHERE id IN (?, ?) AND status = 'active' ORDER BY id{d.for_update}", (keep, drop))
        if len(live) != 2:  # another process changed one of them since the scan
            return False
        first, dropped = live[0], next(r for r in live if r["id"] == drop)
        scope = Scope(first["org_id"], first["project_id"], first["user_id"], first["agent_id"])
        have = {r[0] for r in run(conn, d, "SELECT episode_id FROM fact_citations WHERE fact_id = ?", (keep,))}
        theirs = [r[0] for r in run(conn, d, "SELECT episode_id FROM fact_citations WHERE fact_id = ?", (drop,))]
        added = sorted(set(theirs) - have)
        store.cite(conn, keep, added)
        run(conn, d, "UPDATE facts SET confidence = CASE WHEN confidence < ? THEN ? ELSE confidence END, "
                     "access_count = access_count + ?, updated_at = ? WHERE id = ?",
            (dropped["confidence"], dropped["confidence"], dropped["access_count"], d.time(now), keep))
        store.set_fact_status(conn, drop, "superseded", now=now)
        store.log_event(conn, scope, fact_id=keep, action="merge", actor=ACTOR,
                        detail={"absorbed": drop, "added_citations": added, "cosine": round(cosine, 4)}, now=now)
        store.log_event(conn, scope, fact_id=drop, action="merge", actor=ACTOR,
                        detail={"merged_into": keep, "cosine": round(cosine, 4)}, now=now)
    return True


def boost_recalled(store: LifecycleStore, *, now: datetime) -> int:
    """Raise the importance of active facts recalled ``BOOST_EVERY`` times since their last
    boost by ``BOOST_STEP`` per such run (capped at 1); returns how many were boosted."""
    d = store.dialect
    with store.db.write() as conn:
        due = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id, importance, access_count, boost_mark "
                            f"FROM facts WHERE status = 'active' AND access_count - boost_mark >= ?{d.for_update}",
                   (BOOST_EVERY,))
        for r in due:
            recalls = r["access_count"] - r["boost_mark"]
            raised = min(1.0, r["importance"] + BOOST_STEP * (recalls // BOOST_EVERY))
            run(conn, d, "UPDATE facts SET importance = ?, boost_mark = ?, updated_at = ? WHERE id = ?",
                (raised, r["access_count"], d.time(now), r["id"]))
            store.log_event(conn, Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"]), fact_id=r["id"],
                            action="update", actor=ACTOR,
                            detail={"boost": {"importance_from": r["importance"], "importance_to": raised,
                                              "recalls": recalls}}, now=now)
    return len(due)


#: Tables whose row counts decide ANALYZE, and that it analyzes.
ANALYZED_TABLES = ("episodes", "segments", "facts", "fact_citations", "memory_events")


def _analyze(store: LifecycleStore, notes: list[str]) -> bool:
    d = store.dialect
    with store.db.read() as conn:
        total = sum(int(scalar(conn, d, f"SELECT count(*) FROM {t}")) for t in ANALYZED_TABLES[:3])
        last = scalar(conn, d, "SELECT value FROM meta WHERE key = 'analyzed_rows'")
    if total < ANALYZE_MIN_ROWS or (last is not None and abs(total - int(last)) <= ANALYZE_CHANGE * int(last)):
        return False
    with store.db.write() as conn:
        for table in ANALYZED_TABLES:
            run(conn, d, f"ANALYZE {table}")
        store.set_meta(conn, "analyzed_rows", str(total))
    notes.append(f"ANALYZE: row count {last if last is not None else 'never analyzed'} -> {total}")
    return True
