"""Provable forgetting: durable forget jobs, chunked deletion, receipts, background completion.

Every scope forget is a row in ``forget_jobs``. Inserting it is one transaction, and from
that commit on every read excludes the scope (``store.scope.hidden_predicate``, applied by
the SQLite and PostgreSQL stores): the memory is gone for readers at once. The rows are
then deleted in chunks of ``CHUNK`` episodes, each chunk one transaction that also records
the deleted ids, so a crash or restart resumes where it stopped (``running_jobs``); the job
row is locked for each chunk, so workers in several processes never delete or count a row
twice. When nothing is left the job writes its receipt (counts per table, finish time,
SHA-256 of the deleted ids and a random nonce: ``ids_digest``) and a content-free tombstone
event, and the store purges the deleted content from disk (``purge_deleted``: on SQLite the
full-text indexes are rewritten and the WAL checkpointed so ``secure_delete``'s zeroed pages are
what remains; on PostgreSQL see ``store.postgres.scrub``).

The SQL is written once for both stores (``store.dialect``).

What a job deletes, for its scope (org/project, and user/agent/session when given):

* a plain scope (user, agent or whole project): every episode with its segments and
  index rows, every fact of the user/agent with its citations, index rows and events, and
  a fact written after the job started that only forgotten episodes support;
* a session, or episodes said ``before`` a time: those episodes, and the facts that no
  remaining episode cites (a fact still supported elsewhere stays).

Short-term memory (``session_memory`` summaries) and queued LLM extraction of the scope go too.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from memstrata.clock import to_db, utcnow
from memstrata.errors import NotFound
from memstrata.store import forgotten, suppressed
from memstrata.store.backends import open_store
from memstrata.store.dialect import Dialect, rows, run, run_many, scalar
from memstrata.store.event_scrub import Scrubbed
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Scope

log = logging.getLogger(__name__)

#: Episodes deleted per transaction: small enough that readers and writers interleave.
CHUNK = 500
#: What a receipt counts, in this order: tables, and ``summaries`` (rows of ``session_memory``).
TABLES = ("episodes", "segments", "facts", "memory_events", "summaries", "extraction_queue")
#: Receipt count of events of facts that stay which lost forgotten content (``store.event_scrub``);
#: present only when non-zero.
SCRUBBED = "memory_events_scrubbed"
#: The table behind a receipt name that is not one.
TABLE_OF = {"summaries": "session_memory", SCRUBBED: "memory_events"}
#: ``forget_job_ids.tbl`` of a supersede event left pointing to a deleted fact (not a deleted id).
ROLLBACK = "rollback"
#: Key of the job's ``counts`` JSON listing those events whose key was left with no current value.
ROLLBACK_KEY = "rollback_events"
#: Key of the job's ``counts`` JSON (and of a tombstone's ``detail``) holding the receipt's nonce.
NONCE_KEY = "receipt_nonce"
#: Key of a tombstone's ``detail`` listing ``[episode id, digest]`` of each suppression the forget kept in
#: a message that stays (``store.suppressed.placed``): ids and digests only, for the Markdown export.
SUPPRESSED_KEY = "suppressed"
#: First line of the text a receipt hashes when it has a nonce (``ids_digest``).
RECEIPT_V2 = "memstrata forget receipt v2"


@dataclass(frozen=True)
class Replaced:
    """A fact the deleted fact had replaced (``Memory.delete`` of a current value). Deleting
    does not bring the old value back by itself: the user may have meant "no carrier at all",
    and the old value is one they replaced (after 顺丰 → UPS → "switch back to 顺丰", forgetting
    the last 顺丰 fact must not make UPS current while "Switch back to 顺丰" is still stored). So
    it stays ``superseded`` and its key may be left with no current value; its ``supersede``
    event no longer names the forgotten fact (``superseded_by`` ``None``: ``store.event_scrub``);
    rolling back ``event_id`` (``Memory.rollback``, ``memstrata rollback``,
    ``POST /v1/events/{id}/rollback``) makes it current again.

    Attributes:
        fact_id: the replaced fact. key, value: its key and value (as the caller may read it).
        event_id: the ``supersede`` event to roll back.
        by: the deleted fact that had replaced it, when the forget knew it before deleting
            (``Memory.delete``); ``None`` on the receipt of a scope, session or filter forget.
    """

    fact_id: int
    key: str
    value: str
    event_id: int
    by: int | None = None

    def note(self, deleted: int | None, rollback: str) -> str:
        """One line for a person: what stays superseded and ``rollback`` (how to roll back
        ``event_id`` on this surface, e.g. ``memstrata rollback 11``) to get it back. ``deleted``:
        the forgotten fact that had replaced it, when the caller knows it."""
        which = f"fact #{deleted}" if deleted else "a value since forgotten"
        return (f"fact #{self.fact_id} ({self.key} = {self.value}), which {which} had replaced, stays "
                f"superseded, so {self.key} may have no current value; {rollback} makes it current again")


@dataclass(frozen=True)
class ForgetReceipt(Mapping[str, int]):
    """What a forget deleted: counts per table (a ``Mapping``: ``receipt["episodes"]``) and proof.

    Attributes:
        job_id: the ``forget_jobs`` row (``forget_status(job_id)`` reads it again); ``None`` when
            the forget ran no job: one fact, messages by id (a fact's ``sources``), a filter, or any
            forget on the in-memory store delete in the call itself, with nothing left to poll.
            The tombstone event (``history``) keeps the hash and nonce either way.
        status: ``done``, or ``running`` while a background job finishes (counts so far).
        at: when the job finished (or started, while running), UTC.
        ids_sha256: hex SHA-256 of the deleted ids and the receipt's ``nonce`` (``ids_digest``;
            ``""`` while running): unique to this forget, and checked with ``verify``.
        nonce: 128 random bits in hex, drawn for this receipt; ``""`` on a receipt written before
            nonces (its hash covers the ids alone, so two forgets of nothing had the same hash).
        total_episodes: episodes in the scope when the job started (progress denominator).
        wal_checkpointed: whether the final checkpoint completed (another reader can hold it
            back; the text then leaves the file at the next checkpoint). ``None`` while running.
        replaced: when one current fact was deleted (``Memory.delete``), the facts it had
            replaced, which stay superseded (``Replaced``: how to bring one back); else ``()``.
        sources_kept: when one fact was deleted without its messages (``Memory.delete``'s
            ``sources=False``), the ids of the episodes that stated it, still stored and found by
            search (``delete(episode_id=...)`` or ``sources=True`` removes them); else ``()``.
        note: what the caller should know, in the SDK's words, as REST's ``note`` and the CLI's
            ``note:`` lines say it on theirs (``Memory.forget`` / ``delete``: ``sdk_note``): a
            replaced value left superseded and the rollback that brings it back, the messages
            ``sources_kept`` and how to forget them, a user with nothing stored; else ``None``.
    """

    job_id: int | None
    status: str
    at: datetime
    counts: dict[str, int] = field(default_factory=dict)
    ids_sha256: str = ""
    total_episodes: int = 0
    wal_checkpointed: bool | None = None
    replaced: tuple[Replaced, ...] = ()
    sources_kept: tuple[int, ...] = ()
    nonce: str = ""
    note: str | None = None

    def sources_note(self, how: str) -> str | None:
        """Words saying which messages that stated a deleted fact are still stored and ``how`` to
        forget them (a door's own command), or ``None`` when none is."""
        if not self.sources_kept:
            return None
        ids = ", ".join(f"#{e}" for e in self.sources_kept)
        return (f"the message{'s' if len(self.sources_kept) > 1 else ''} that stated it (episode {ids}) "
                f"{'are' if len(self.sources_kept) > 1 else 'is'} still stored and found by search; {how}")

    def verify(self, deleted: Iterable[tuple[str, int]]) -> bool:
        """Whether ``deleted`` (``("episodes", 12)``, ``("facts", 3)`` ...: the ids the forget was
        to delete, e.g. read from an export taken before) are exactly what ``ids_sha256`` covers.
        Works for receipts with and without a nonce."""
        return bool(self.ids_sha256) and ids_digest(list(deleted), self.nonce) == self.ids_sha256

    def __getitem__(self, key: str) -> int:
        return self.counts.get(key, 0) if key in TABLES or key == SCRUBBED else self.counts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def progress(self) -> float:
        """Share of the scope's episodes deleted so far, in [0, 1]."""
        if self.status == "done" or not self.total_episodes:
            return 1.0
        return min(1.0, self.counts.get("episodes", 0) / self.total_episodes)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form (the CLI's ``--json``); ``job`` only when the forget ran a job, ``replaced``
        only when a deleted fact had replaced any."""
        out: dict[str, object] = {
            **({"job": self.job_id} if self.job_id is not None else {}), "status": self.status,
            "at": to_db(self.at), "counts": dict(self.counts), "ids_sha256": self.ids_sha256,
            "total_episodes": self.total_episodes, "wal_checkpointed": self.wal_checkpointed,
            **({"nonce": self.nonce} if self.nonce else {})}
        if self.replaced:
            out["replaced"] = [{"fact_id": r.fact_id, "key": r.key, "value": r.value, "rollback_event": r.event_id,
                                **({"replaced_by": r.by} if r.by is not None else {})} for r in self.replaced]
        if self.sources_kept:
            out["sources_kept"] = list(self.sources_kept)
        return out


def sdk_note(receipt: ForgetReceipt, fact_id: int | None, unknown: str = "") -> ForgetReceipt:
    """``receipt`` with its ``note`` in the SDK's words (``Memory.forget`` / ``delete``), the notes
    REST's ``POST /v1/forget`` gives: each replaced value and the ``memory.rollback(...)`` that makes
    it current again, the messages ``sources_kept`` and the ``memory.forget(episode_id=...)`` that
    forgets them, and ``unknown`` (``lifecycle.nothing_stored``: a user with nothing stored)."""
    notes = [r.note(r.by or fact_id, f"memory.rollback({r.event_id})") for r in receipt.replaced]
    kept = receipt.sources_note(" and ".join(f"memory.forget(episode_id={e})" for e in receipt.sources_kept)
                                + " forgets what was said (or forget(fact_id=..., sources=True) next time)")
    notes += [n for n in (kept, unknown) if n]
    return replace(receipt, note="; ".join(notes)) if notes else receipt


def new_nonce() -> str:
    """A receipt's nonce: 128 random bits, hex (``secrets``)."""
    return secrets.token_hex(16)


def ids_digest(lines: list[tuple[str, int]], nonce: str = "") -> str:
    """SHA-256 hex of a receipt: the ``table:id`` lines sorted by table then numeric id, joined by
    newlines; with a ``nonce`` (every receipt written now) the text starts with ``RECEIPT_V2``
    and ``nonce:<nonce>`` lines, so no two receipts share a hash, not even two forgets that
    deleted nothing (both would have the SHA-256 of the empty text). Without
    one it is the hash receipts had before nonces, so those stay checkable."""
    text = "\n".join(f"{t}:{i}" for t, i in sorted(lines))
    if nonce:
        text = f"{RECEIPT_V2}\nnonce:{nonce}\n{text}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def start_job(store: LifecycleStore, scope: Scope, *, actor: str, before: datetime | None = None) -> int:
    """Record a forget job; from its commit on, the scope is hidden from every read. Returns its id.

    The scope's writers are locked out while the cuts are taken (``lock_scopes``), so a row
    of the scope is either below the cut (hidden, then deleted) or written after the job."""
    d = store.dialect
    with store.db.write() as conn:
        store.lock_scopes(conn, [scope])
        cuts = [scalar(conn, d, f"SELECT coalesce(max(id), 0) FROM {t}") for t in ("episodes", "segments", "facts")]
        where, params = episode_where(d, scope, before)
        total = scalar(conn, d, f"SELECT count(*) FROM episodes WHERE {where}", params)
        job = scalar(conn, d,
                     "INSERT INTO forget_jobs (org_id, project_id, user_id, agent_id, session_id, before, episode_cut, "
                     "segment_cut, fact_cut, status, actor, started_at, total_episodes) "
                     "VALUES (?,?,?,?,?,?,?,?,?,'running',?,?,?) RETURNING id",
                     (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, scope.session_id,
                      d.time(before), *cuts, actor, d.time(utcnow()), total))
        # Working copies of vectors are keyed on the read predicate, which now hides the scope.
        store.bump(conn, "segments_deleted")
        store.bump(conn, "facts_version")
        return int(job)


def episode_where(d: Dialect, scope: Scope, before: datetime | None) -> tuple[str, list[object]]:
    """SQL predicate (``?`` placeholders) and parameters of the episodes a job of ``scope`` deletes."""
    parts = ["org_id = ?", "project_id = ?"]
    params: list[object] = [scope.org_id, scope.project_id]
    for name in ("user_id", "agent_id", "session_id"):
        value = getattr(scope, name)
        if value is not None:
            parts.append(f"{name} = ?")
            params.append(value)
    if before is not None:
        parts.append("created_at < ?")
        params.append(d.time(before))
    return " AND ".join(parts), params


@dataclass
class _Job:
    id: int
    scope: Scope
    before: datetime | None
    episode_cut: int
    fact_cut: int
    actor: str
    counts: dict[str, int]
    total: int
    started_at: datetime

    @property
    def narrowed(self) -> bool:
        return self.scope.session_id is not None or self.before is not None


def _load(store: LifecycleStore, conn: Any, job_id: int) -> tuple[_Job, str]:
    """The job row, locked until the transaction ends (on PostgreSQL; SQLite's writer lock
    already excludes every other writer), so two workers never run the same chunk."""
    d = store.dialect
    row = rows(conn, d, f"SELECT * FROM forget_jobs WHERE id = ?{d.for_update}", (job_id,))[0]
    job = _Job(row["id"], Scope(row["org_id"], row["project_id"], row["user_id"], row["agent_id"], row["session_id"]),
               d.read_time(row["before"]), row["episode_cut"], row["fact_cut"], row["actor"],
               dict(d.read_json(row["counts"])), row["total_episodes"],
               d.read_time(row["started_at"]))  # type: ignore[arg-type]
    return job, str(row["status"])


def _add(counts: dict[str, int], table: str, n: int) -> None:
    counts[table] = counts.get(table, 0) + max(0, n)


def _marks(ids: list[int]) -> str:
    return ",".join("?" * len(ids))


def run_chunk(store: LifecycleStore, job_id: int) -> bool:
    """Delete the next chunk of a running job in one transaction; ``True`` when the job had
    nothing left (the caller then calls ``finish``). Safe to call from several processes at
    once: the job row is locked for the chunk, so each row is deleted (and counted) once."""
    d = store.dialect
    with store.db.write() as conn:
        job, status = _load(store, conn, job_id)
        if status != "running":
            return True
        where, params = episode_where(d, job.scope, job.before)
        episodes = [int(r[0]) for r in run(conn, d, f"SELECT id FROM episodes WHERE {where} AND id <= ? "
                                                    "ORDER BY id LIMIT ?", (*params, job.episode_cut, CHUNK))]
        facts: list[int] = []
        scrubbed = Scrubbed()
        if episodes:
            # For a plain scope this also takes a fact written after the cut from forgotten
            # episodes (an LLM worker's batch that committed while the job ran). A plain scope
            # takes every fact of its owners, so no event of theirs is left to scrub.
            facts, scrubbed = delete_episodes(store, conn, episodes, job.counts, scrub=job.narrowed)
        elif not job.narrowed:
            fwhere, fparams = fact_where(job.scope)
            facts = [int(r[0]) for r in run(conn, d, f"SELECT id FROM facts WHERE {fwhere} AND id <= ? "
                                                     "ORDER BY id LIMIT ?", (*fparams, job.fact_cut, CHUNK))]
            delete_facts(store, conn, facts, job.counts, scrub=False)
        run_many(conn, d, "INSERT INTO forget_job_ids (job_id, tbl, row_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                 [(job.id, "episodes", e) for e in episodes] + [(job.id, "facts", f) for f in facts]
                 + [(job.id, ROLLBACK, e) for e, _ in scrubbed.rollbacks])
        run(conn, d, "UPDATE forget_jobs SET counts = ? WHERE id = ?", (d.json(job.counts), job.id))
        store.bump(conn, "segments_deleted")
        return not episodes and not facts


def standing_only_on(chosen: str) -> str:
    """SQL selecting ``fact_id``: the facts cited by the episodes ``chosen`` (an SQL list or
    sub-select, bound twice) that no other episode states. An episode cited only because the
    value came back (``facts.engine``: a returning value cites the messages that said it
    before, which also cite the superseded fact of the same key and value) does not state the
    new fact: after "We use Jira" → "We've moved to Linear" → "we're back on Jira", forgetting the
    last message deletes the Jira that came back with it, and Linear stays superseded as after
    any forgotten replacement (``Replaced``; a rollback brings it back)."""
    carried = ("SELECT 1 FROM fact_citations p JOIN facts g ON g.id = p.fact_id JOIN facts f ON f.id = c.fact_id "
               "WHERE p.episode_id = o.episode_id AND g.id <> f.id AND g.status = 'superseded' "
               "AND g.key = f.key AND g.value_norm = f.value_norm")
    return (f"SELECT DISTINCT c.fact_id FROM fact_citations c WHERE c.episode_id IN ({chosen}) AND NOT EXISTS "
            "(SELECT 1 FROM fact_citations o WHERE o.fact_id = c.fact_id AND "
            f"o.episode_id NOT IN ({chosen}) AND NOT EXISTS ({carried}))")


def facts_only_on(store: LifecycleStore, conn: Any, episodes: Sequence[int]) -> list[int]:
    """Inside an open read or write: the ids of the facts that forgetting ``episodes`` takes with
    them (``standing_only_on``), ascending. ``delete_episodes`` decides with this, and the
    previews of a delete (``lifecycle.preview.messages_preview``) read with it, so the two agree."""
    if not episodes:
        return []
    found = run(conn, store.dialect, standing_only_on(_marks(list(episodes))), [*episodes, *episodes])
    return sorted(int(r[0]) for r in found)


def delete_episodes(store: LifecycleStore, conn: Any, episodes: list[int], counts: dict[str, int], *,
                    scrub: bool = True) -> tuple[list[int], Scrubbed]:
    """Inside an open write: delete ``episodes`` with their segments, index rows and queued
    extraction, and the facts no other episode cites (with their events); add what went to
    ``counts`` (per ``TABLES`` name); their ids stay in ``forgotten_ids`` (``store.forgotten``). With
    ``scrub``, what they said leaves the events of the
    facts that stay (``store.event_scrub``; a plain-scope job passes ``False``: every fact of
    the owner goes). Returns the ids of the deleted facts and what the scrub changed."""
    if not episodes:
        return [], Scrubbed()
    d = store.dialect
    marks = _marks(episodes)
    facts = facts_only_on(store, conn, episodes)  # decided before the citations go
    scrubbed = store.scrub_events(conn, facts=facts, episodes=episodes) if scrub else Scrubbed()
    _add(counts, "summaries", drop_summaries(store, conn, episodes))
    _add(counts, "extraction_queue", run(
        conn, d, f"DELETE FROM extraction_queue WHERE episode_id IN ({marks})", episodes).rowcount)
    _add(counts, "segments", store.delete_segments(conn, episodes))
    now = utcnow()  # one time for the chunk: its forgotten ids export as one record (``lifecycle.trail``)
    delete_facts(store, conn, facts, counts, scrub=False, now=now, going=episodes)
    forgotten.keep(conn, d, "episodes", episodes, now)  # so no import brings them back
    suppressed.keep_messages(conn, d, episodes, now)  # nor a log import (by import key or identity)
    _add(counts, "episodes", run(conn, d, f"DELETE FROM episodes WHERE id IN ({marks})", episodes).rowcount)
    _add(counts, SCRUBBED, scrubbed.events)
    return facts, scrubbed


def drop_summaries(store: LifecycleStore, conn: Any, episodes: Sequence[int]) -> int:
    """Inside an open write, before ``episodes`` go: delete the short-term summaries
    (``session_memory``) that folded any of them in (``summarised_through`` at or past the
    episode's ``sequence_num``): an extractive summary quotes each folded message's first
    sentence, so a ``before``, filter or expiry forget left it readable. The next write to the
    session folds its remaining episodes again. Returns how many summaries went."""
    d, dropped = store.dialect, 0
    for start in range(0, len(episodes), CHUNK):
        batch = list(episodes[start:start + CHUNK])
        for r in rows(conn, d, "SELECT org_id, project_id, user_id, agent_id, session_id, min(sequence_num) AS first "
                               f"FROM episodes WHERE id IN ({_marks(batch)}) AND session_id IS NOT NULL "
                               "GROUP BY org_id, project_id, user_id, agent_id, session_id", batch):
            dropped += run(conn, d, "DELETE FROM session_memory WHERE org_id = ? AND project_id = ? AND user_id IS NOT "
                                    "DISTINCT FROM ? AND agent_id IS NOT DISTINCT FROM ? AND session_id = ? AND "
                                    "summarised_through >= ?",
                           (r["org_id"], r["project_id"], r["user_id"], r["agent_id"], r["session_id"],
                            r["first"])).rowcount
    return max(0, dropped)


def delete_facts(store: LifecycleStore, conn: Any, facts: list[int], counts: dict[str, int], *,
                 scrub: bool = True, now: datetime | None = None, going: Sequence[int] = ()) -> Scrubbed:
    """Inside an open write: delete ``facts`` with their index rows, citations and events; add
    what went to ``counts``; their ids stay in ``forgotten_ids`` (``store.forgotten``), and their
    keys are suppressed in the messages they cite but ``going`` (deleted with them), so no
    extraction of a message that stays makes them again (``store.suppressed``). With
    ``scrub``, their values leave the events of the facts that
    stay (``store.event_scrub``). ``now``: when they were forgotten (default: now). Returns what
    the scrub changed."""
    if not facts:
        return Scrubbed()
    scrubbed = store.scrub_events(conn, facts=facts, episodes=()) if scrub else Scrubbed()
    _add(counts, "memory_events", int(scalar(
        conn, store.dialect, f"SELECT count(*) FROM memory_events WHERE fact_id IN ({_marks(facts)})", facts)))
    forgotten.keep(conn, store.dialect, "facts", facts, now or utcnow())
    store.keep_suppressed(conn, facts, now or utcnow(), going=going)
    _add(counts, "facts", store.delete_facts(conn, facts))
    _add(counts, SCRUBBED, scrubbed.events)
    return scrubbed


def fact_where(scope: Scope) -> tuple[str, list[object]]:
    """SQL predicate and parameters of the facts a plain-scope job deletes (the owner's, any session)."""
    parts = ["org_id = ?", "project_id = ?"]
    params: list[object] = [scope.org_id, scope.project_id]
    for name in ("user_id", "agent_id"):
        value = getattr(scope, name)
        if value is not None:
            parts.append(f"{name} = ?")
            params.append(value)
    return " AND ".join(parts), params


def finish(store: LifecycleStore, job_id: int) -> ForgetReceipt:
    """Close a job whose rows are gone: short-term memory, receipt, tombstone, physical purge."""
    d = store.dialect
    with store.db.write() as conn:
        job, status = _load(store, conn, job_id)
        if status == "running":
            sc = job.scope
            if job.before is None:
                where, params = episode_where(d, sc, None)
                _add(job.counts, "summaries",
                     run(conn, d, f"DELETE FROM session_memory WHERE {where}", params).rowcount)
            lines = [(str(t), int(i)) for t, i in run(
                conn, d, "SELECT tbl, row_id FROM forget_job_ids WHERE job_id = ?", (job.id,))]
            nonce = new_nonce()
            digest = ids_digest([(t, i) for t, i in lines if t != ROLLBACK], nonce)
            left = keys_left_empty(store, conn, [i for t, i in lines if t == ROLLBACK])
            now = utcnow()
            run(conn, d, "DELETE FROM forget_job_ids WHERE job_id = ?", (job.id,))
            counts = {t: job.counts.get(t, 0) for t in TABLES}
            if job.counts.get(SCRUBBED):
                counts[SCRUBBED] = job.counts[SCRUBBED]
            stored: dict[str, object] = {**counts, NONCE_KEY: nonce, **({ROLLBACK_KEY: left} if left else {})}
            run(conn, d, "UPDATE forget_jobs SET status = 'done', finished_at = ?, counts = ?, ids_sha256 = ? "
                         "WHERE id = ?", (d.time(now), d.json(stored), digest, job.id))
            what = "session" if sc.session_id is not None else ("before" if job.before is not None else "scope")
            store.log_event(conn, sc, fact_id=None, action="delete", actor=job.actor,
                            detail={"what": what, "job": job.id, "counts": counts, "ids_sha256": digest,
                                    NONCE_KEY: nonce}, now=now)
            store.bump(conn, "facts_version")
            store.bump(conn, "segments_deleted")
    store.clear_caches()
    done = receipt(store, job_id)
    checkpointed = store.purge_deleted([TABLE_OF.get(t, t) for t, n in done.counts.items() if n])
    return receipt(store, job_id, wal_checkpointed=checkpointed)


def receipt(store: LifecycleStore, job_id: int, *, wal_checkpointed: bool | None = None) -> ForgetReceipt:
    """The receipt of a job as it stands. Raises ``NotFound`` for an unknown job id."""
    d = store.dialect
    with store.db.read() as conn:
        found = rows(conn, d, "SELECT * FROM forget_jobs WHERE id = ?", (job_id,))
    if not found:
        raise NotFound(f"no forget job #{job_id}")
    row = found[0]
    at = d.read_time(row["finished_at"] or row["started_at"])
    counts = dict(d.read_json(row["counts"]))
    left = [int(e) for e in counts.pop(ROLLBACK_KEY, [])]
    nonce = str(counts.pop(NONCE_KEY, ""))  # absent on receipts written before nonces: still read
    return ForgetReceipt(job_id=row["id"], status=row["status"], at=at, counts=counts,  # type: ignore[arg-type]
                         ids_sha256=row["ids_sha256"] or "", total_episodes=row["total_episodes"],
                         wal_checkpointed=wal_checkpointed, replaced=replaced_of(store, left), nonce=nonce)


def keys_left_empty(store: LifecycleStore, conn: Any, event_ids: list[int]) -> list[int]:
    """Inside an open write, after a forget deleted facts: of the ``supersede`` events
    ``event_ids`` (whose successor was deleted, ``Scrubbed.rollbacks``), those that are their
    fact's latest supersede, whose fact is
    still superseded and whose key (same owner and subject) has no active value now: the
    keys the forget left without a current value, each with the event whose rollback fills it."""
    d, out = store.dialect, []
    for start in range(0, len(event_ids), CHUNK):
        batch = event_ids[start:start + CHUNK]
        # An event a later supersede of the same fact replaced (a late value said while the fact
        # held took its place: ``facts.place.cut_at``) no longer says what ended it; rollback
        # refuses it, so it is never offered.
        for r in rows(conn, d, "SELECT e.id, f.org_id, f.project_id, f.user_id, f.agent_id, f.subject, f.key, "
                               "f.status FROM memory_events e JOIN facts f ON f.id = e.fact_id "
                               f"WHERE e.id IN ({_marks(batch)}) AND NOT EXISTS (SELECT 1 FROM memory_events n "
                               "WHERE n.fact_id = e.fact_id AND n.action = 'supersede' AND n.id > e.id) "
                               "ORDER BY e.id", batch):
            if r["status"] != "superseded":
                continue
            current = run(conn, d, "SELECT 1 FROM facts WHERE org_id = ? AND project_id = ? AND user_id IS NOT "
                                   "DISTINCT FROM ? AND agent_id IS NOT DISTINCT FROM ? AND coalesce(subject, '') "
                                   "= coalesce(?, '') AND key = ? AND status = 'active' LIMIT 1",
                          (r["org_id"], r["project_id"], r["user_id"], r["agent_id"], r["subject"],
                           r["key"])).fetchone()
            if current is None:
                out.append(int(r["id"]))
    return out


def replaced_of(store: LifecycleStore, event_ids: list[int]) -> tuple[Replaced, ...]:
    """``Replaced`` for each of these ``supersede`` events whose fact still exists (values as
    the caller may read them, decrypted), in event order. Reads only."""
    if not event_ids:
        return ()
    d = store.dialect
    with store.db.read() as conn:
        found = rows(conn, d, "SELECT e.id, e.fact_id, e.detail, f.org_id, f.project_id, f.user_id, f.agent_id "
                              "FROM memory_events e JOIN facts f ON f.id = e.fact_id "
                              f"WHERE e.id IN ({_marks(event_ids)}) ORDER BY e.id", event_ids)
    out = []
    for r in found:
        fact = store.get_facts(Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"]),
                               [r["fact_id"]]).get(r["fact_id"])
        by = d.read_json(r["detail"]).get("superseded_by")
        if fact is not None:
            out.append(Replaced(fact.id, fact.key, fact.value, int(r["id"]), int(by) if by else None))
    return tuple(out)


def run_to_end(store: LifecycleStore, job_id: int, stop: threading.Event | None = None) -> ForgetReceipt:
    """Run a job's chunks until done (or until ``stop`` is set: it then resumes later)."""
    while not run_chunk(store, job_id):
        if stop is not None and stop.is_set():
            return receipt(store, job_id)
    return finish(store, job_id)


def running_jobs(store: LifecycleStore) -> list[int]:
    """Ids of jobs not finished (interrupted by a crash or still running), oldest first."""
    with store.db.read() as conn:
        return [int(r[0]) for r in run(conn, store.dialect,
                                       "SELECT id FROM forget_jobs WHERE status = 'running' ORDER BY id")]


class BackgroundForgetter:
    """Finishes forget jobs on a daemon thread with its own connection(s) to the database
    (a file path or a ``postgresql://`` URL).

    ``stop()`` asks it to stop after the current chunk (a job left running resumes at the
    next ``Memory`` open or ``memstrata maintain``).
    """

    def __init__(self, location: str | Path, *, busy_timeout_s: float, defer_scrub: bool = False) -> None:
        self.location, self.busy_timeout_s, self.defer_scrub = location, busy_timeout_s, defer_scrub
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the worker unless it is already running."""
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(target=self._run, name="memstrata-forget", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        store = cast(LifecycleStore, open_store(self.location, busy_timeout_s=self.busy_timeout_s, max_connections=1,
                                                      defer_scrub=self.defer_scrub))
        try:
            while not self._stop.is_set():
                jobs = running_jobs(store)
                if not jobs:
                    return
                run_to_end(store, jobs[0], self._stop)
        except Exception as exc:  # the job stays 'running' and resumes later; never content in the log
            log.warning("background forget stopped (%s); it resumes at the next open or maintain",
                        type(exc).__name__)
        finally:
            store.close()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker; ``True`` if it is no longer running."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def stop(self, timeout: float | None = 30.0) -> None:
        """Ask the worker to stop after its current chunk, and wait for it."""
        self._stop.set()
        self.join(timeout)
