"""``ReferenceStore``'s facts: rows, citations, withdrawals, status and validity changes, the
lifecycle hooks before a deletion, and the audit events."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.filter import Expr, matches
from memstrata.paging import Position
from memstrata.privacy.crypto import UNREADABLE, reveal
from memstrata.store import suppressed
from memstrata.store.outdated_marks import mark_citation
from memstrata.store.records import Citation, NewFact
from memstrata.store.reference.base import ReferenceBase, State, cosines, live, scope_of
from memstrata.store.withdrawals import Withdrawal
from memstrata.text.stating import spans_stating
from memstrata.types import Fact, MemoryEvent, Scope


class FactRows(ReferenceBase):
    """Facts, citations, withdrawals and events."""

    # -- facts ------------------------------------------------------------------------------
    def _fact(self, s: State, row: dict[str, Any]) -> Fact:
        cites = tuple(sorted(e for f, e in s.citations if f == row["id"]))
        return Fact(id=row["id"], scope=scope_of(row, session=False), kind=row["kind"], key=row["key"],
                    value=reveal(row["value"], self.cipher), tag=row["tag"], confidence=row["confidence"],
                    importance=row["importance"],
                    sensitivity=row["sensitivity"], citations=cites, observed_at=row["observed_at"],
                    valid_from=row["valid_from"], valid_to=row["valid_to"], expires_at=row["expires_at"],
                    status=row["status"], access_count=row["access_count"],
                    last_accessed_at=row["last_accessed_at"], created_at=row["created_at"],
                    subject=row["subject"], statement=reveal(row["statement"], self.cipher),
                    expired_at=row["expired_at"], encrypted=row["encrypted"])

    def fact_ids(self, conn: State, scope: Scope, *, keys: Sequence[str] | None, subject: str | None,
                 value_norm: str | None = None, status: str = "active") -> list[int]:
        """Facts of ``scope`` about ``subject`` under ``keys`` (``None``: any key) with ``status``
        (optionally one value)."""
        return [f["id"] for f in conn.facts.values() if self._in_scope(conn, f, scope, session=False)
                and (keys is None or f["key"] in keys) and f["status"] == status
                and (f["subject"] or "") == (subject or "") and live(f)
                and (value_norm is None or f["value_norm"] == value_norm)]

    def nearest_facts(self, conn: State, scope: Scope, *, key: str, subject: str | None, vector: np.ndarray,
                      min_similarity: float, k: int = 3) -> list[tuple[int, float]]:
        """Active facts under ``key`` about ``subject`` with cosine ≥ ``min_similarity``."""
        rows = [f for f in conn.facts.values() if self._in_scope(conn, f, scope, session=False)
                and f["key"] == key and f["status"] == "active" and (f["subject"] or "") == (subject or "")
                and live(f)]
        return [p for p in cosines(rows, vector)[:k] if p[1] >= min_similarity]

    def load_facts(self, conn: State, ids: Iterable[int]) -> list[Fact]:
        """Facts by id."""
        return [self._fact(conn, conn.facts[i]) for i in sorted(set(ids)) if i in conn.facts]

    def insert_fact(self, conn: State, scope: Scope, fact: NewFact, *, citations: Sequence[int],
                    now: datetime) -> int:
        """Insert an active fact; returns its id."""
        fid = conn.new_id("facts")
        conn.facts[fid] = {
            "id": fid, "org_id": scope.org_id, "project_id": scope.project_id, "user_id": scope.user_id,
            "agent_id": scope.agent_id, "subject": fact.subject, "kind": fact.kind, "key": fact.key,
            "tag": fact.tag, "value": fact.value, "value_norm": fact.value_norm, "statement": fact.statement,
            "confidence": fact.confidence, "importance": fact.importance, "sensitivity": fact.sensitivity,
            "observed_at": fact.observed_at, "valid_from": fact.valid_from, "valid_to": fact.valid_to,
            "expires_at": fact.expires_at, "status": "active", "access_count": 0, "last_accessed_at": None,
            "expired_at": None, "encrypted": fact.encrypted,
            "created_at": now, "updated_at": now, "terms": fact.index_terms.split(),
            "embedding": None if fact.embedding is None else np.asarray(fact.embedding, np.float32)}
        self.cite(conn, fid, citations)
        return fid

    @staticmethod
    def cite(conn: State, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Add citations (idempotent)."""
        conn.citations.update((fact_id, e) for e in episode_ids)

    @staticmethod
    def uncite(conn: State, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Remove citations (a value split in two: ``facts.split``)."""
        conn.citations -= {(fact_id, e) for e in episode_ids}

    def user_turns_between(self, conn: State, scope: Scope, after: int, before: int) -> int:
        """How many user episodes of ``scope`` (any session) lie strictly between two episode ids."""
        return sum(1 for i, e in conn.episodes.items() if after < i < before and e["role"] == "user"
                   and self._in_scope(conn, e, Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id)))

    @staticmethod
    def episode_text(conn: State, episode_id: int) -> str | None:
        """What the episode said (its content); ``None`` when there is none."""
        row = conn.episodes.get(episode_id)
        return None if row is None else str(row["content"])

    @staticmethod
    def episode_times(conn: State, ids: Sequence[int]) -> dict[int, datetime]:
        """When each of these episodes was said (``created_at``)."""
        return {i: conn.episodes[i]["created_at"] for i in ids if i in conn.episodes}

    @staticmethod
    def set_fact_status(conn: State, fact_id: int, status: str, *, now: datetime,
                        valid_to: datetime | None = None) -> None:
        """Change a fact's status: ``superseded`` closes ``valid_to`` (when given) and stamps
        ``expired_at``; ``active`` reopens both (``valid_to``: the fact's own end, which it holds again); a
        fact that had already ended keeps its own, earlier end when superseded, and none ends before its start."""
        row = conn.facts[fact_id]
        if status == "active":
            row.update(status="active", valid_to=valid_to, expired_at=None, updated_at=now)
            return
        ends = [end for end in (valid_to, row["valid_to"]) if end is not None]
        row.update(status=status, updated_at=now, valid_to=_not_before_start(row, min(ends, default=None)),
                   expired_at=now if status == "superseded" else row["expired_at"])

    @staticmethod
    def insert_withdrawal(conn: State, scope: Scope, withdrawal: Withdrawal) -> None:
        """Keep a withdrawal the user said (``store.withdrawals``)."""
        conn.withdrawals.append((Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id), withdrawal))

    @staticmethod
    def withdrawals_after(conn: State, scope: Scope, *, key: str, subject: str | None,
                          after: datetime) -> list[Withdrawal]:
        """Withdrawals under ``key`` about ``subject`` said after ``after``, earliest first."""
        owner = Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id)
        return sorted((w for s, w in conn.withdrawals if s == owner and w.key == key
                       and (w.subject or "") == (subject or "") and w.said_at > after), key=lambda w: w.said_at)

    @staticmethod
    def set_valid_from(conn: State, fact_id: int, valid_from: datetime, *, now: datetime) -> None:
        """Move the start of a fact's validity back."""
        conn.facts[fact_id].update(valid_from=valid_from, updated_at=now)

    @staticmethod
    def set_valid_to(conn: State, fact_id: int, valid_to: datetime, *, now: datetime) -> None:
        """Move the end of a superseded fact's validity (status and ``expired_at`` stay; never before its start)."""
        row = conn.facts[fact_id]
        if row["status"] == "superseded":
            row.update(valid_to=_not_before_start(row, valid_to), updated_at=now)

    @staticmethod
    def set_fact_scores(conn: State, fact_id: int, *, importance: float, confidence: float, now: datetime) -> None:
        """Set a fact's importance and confidence in place."""
        conn.facts[fact_id].update(importance=importance, confidence=confidence, updated_at=now)

    @staticmethod
    def touch_fact(conn: State, fact_id: int, *, confidence: float, now: datetime, observed_at: datetime) -> None:
        """A restated fact: newer ``observed_at``, higher confidence."""
        row = conn.facts[fact_id]
        row.update(confidence=max(row["confidence"], confidence), updated_at=now,
                   observed_at=max(row["observed_at"], observed_at))

    def record_access(self, fact_ids: Sequence[int], now: datetime) -> bool:
        """Count a recall of each fact."""
        with self.db.write() as conn:
            for fid in fact_ids:
                if fid in conn.facts:
                    conn.facts[fid]["access_count"] += 1
                    conn.facts[fid]["last_accessed_at"] = now
        return True

    def purge_deleted(self, tables: Sequence[str] | None = None) -> bool:
        """Deleted rows are gone from the dictionaries already."""
        return True

    def _fact_rows(self, scope: Scope, statuses: Sequence[str], filter: Expr | None,
                   now: datetime | None = None) -> list[Fact]:
        s = self._s
        facts = [self._fact(s, f) for f in s.facts.values()
                 if self._in_scope(s, f, scope, session=False) and f["status"] in statuses and live(f, now)]
        return [f for f in facts if filter is None or matches(filter, f)]

    def get_facts(self, scope: Scope, ids: Sequence[int]) -> dict[int, Fact]:
        """Facts by id inside ``scope`` (any status)."""
        s = self._s
        return {i: self._fact(s, s.facts[i]) for i in ids
                if i in s.facts and self._in_scope(s, s.facts[i], scope, session=False) and live(s.facts[i])}

    def citing_facts(self, scope: Scope, episode_ids: Sequence[int]) -> list[Citation]:
        """The citations of ``episode_ids`` by facts inside ``scope`` (any status; not expired),
        one per (episode, fact)."""
        s, wanted = self._s, set(episode_ids)
        gone = [mark_citation(e, s.episodes[e]["content"], (a, b), recorded, expired)
                for e, a, b, recorded, expired in s.marks if e in wanted and e in s.episodes]
        return [Citation(e, f, s.facts[f]["status"], s.facts[f]["created_at"], s.facts[f]["expired_at"],
                         reveal(s.facts[f]["value"], self.cipher))
                for f, e in sorted(s.citations) if e in wanted and f in s.facts
                and self._in_scope(s, s.facts[f], scope, session=False) and live(s.facts[f])] + gone

    @staticmethod
    def keep_forgotten(conn: State, table: str, ids: Sequence[int], now: datetime) -> None:
        """Nothing to keep: this store has no exact import that could bring a forgotten id back."""

    def keep_suppressed(self, conn: State, facts: Sequence[int], now: datetime, *, going: Sequence[int] = ()) -> int:
        """Before ``facts`` are forgotten: suppress their keys in the messages that stay, and their
        lines in a Markdown projection (``store.suppressed``)."""
        self.keep_fact_lines(conn, facts)
        before, gone = len(conn.suppressed), set(going)
        for f, e in sorted(conn.citations):
            row = conn.facts.get(f)
            if f in facts and row is not None and e not in gone and e in conn.episodes:
                owner = suppressed.owner_of(Scope(row["org_id"], row["project_id"], row["user_id"]))
                conn.suppressed.update((*owner, sha) for sha in _fact_digests(conn.episodes[e], row["key"]))
        return len(conn.suppressed) - before

    def keep_fact_lines(self, conn: State, facts: Iterable[int]) -> None:
        """``store.suppressed.keep_fact_lines`` of ``facts``."""
        for f in facts:
            row = conn.facts.get(f)
            shown = "" if row is None else (reveal(row["statement"] or "", self.cipher)
                                            or reveal(row["value"], self.cipher))
            if row is not None and shown and shown != UNREADABLE:
                owner = suppressed.owner_of(Scope(row["org_id"], row["project_id"], row["user_id"]))
                conn.suppressed.add((*owner, suppressed.line_digest(suppressed.LONG_TERM_FILE, shown)))

    @staticmethod
    def suppressed_among(conn: State, scope: Scope, episodes: Sequence[int], key: str) -> set[int]:
        """Of ``episodes``, those whose facts under ``key`` were forgotten (``store.suppressed``)."""
        owner = suppressed.owner_of(scope)
        return {e for e in episodes if e in conn.episodes
                and any((*owner, sha) in conn.suppressed for sha in _fact_digests(conn.episodes[e], key))}

    def keep_outdated_marks(self, conn: State, facts: Sequence[int]) -> int:
        """Before ``facts`` are deleted: mark where their values were stated, superseded or
        current (``store.outdated_marks``); returns how many marks."""
        before = len(conn.marks)
        for f in facts:
            row = conn.facts.get(f)
            if row is None or row["status"] == "deleted":
                continue
            retired = row["expired_at"] if row["status"] == "superseded" else None
            for fact, e in sorted(conn.citations):
                if fact == f and e in conn.episodes:
                    conn.marks += [(e, a, b, row["created_at"], retired) for a, b in
                                   spans_stating(conn.episodes[e]["content"], reveal(row["value"], self.cipher))]
        return len(conn.marks) - before

    def list_facts(self, scope: Scope, *, statuses: Sequence[str], key: str | None = None, limit: int = 100,
                   offset: int = 0, filter: Expr | None = None, before: Position | None = None) -> list[Fact]:
        """Facts in ``scope`` with one of ``statuses``, newest observation first (``before``:
        recorded before that position, newest recorded first; ``memstrata.paging``)."""
        facts = [f for f in self._fact_rows(scope, statuses, filter)
                 if key is None or f.key == key or f.key.startswith(key + ".")]
        if before is not None:
            facts = [f for f in facts if (f.created_at, f.id) < (before.created_at, before.id)]
            facts.sort(key=lambda f: (f.created_at, f.id), reverse=True)
        else:
            facts.sort(key=lambda f: (f.observed_at, f.id), reverse=True)
        return facts[offset:offset + limit]

    # -- events -----------------------------------------------------------------------------
    @staticmethod
    def log_event(conn: State, scope: Scope, *, fact_id: int | None, action: str, actor: str,
                  detail: dict[str, Any], now: datetime) -> None:
        """Append to the audit log."""
        conn.events.append({"id": conn.new_id("events"), "fact_id": fact_id, "org_id": scope.org_id,
                            "project_id": scope.project_id, "user_id": scope.user_id, "action": action, "at": now,
                            "actor": actor, "detail": copy.deepcopy(detail)})

    def events(self, scope: Scope, fact_ids: Sequence[int]) -> list[MemoryEvent]:
        """Audit events of these facts in ``scope``, oldest first."""
        return [MemoryEvent(e["id"], e["fact_id"], e["action"], e["at"], e["actor"], copy.deepcopy(e["detail"]))
                for e in self._s.events if e["fact_id"] in fact_ids
                and (e["org_id"], e["project_id"]) == (scope.org_id, scope.project_id)]


def _not_before_start(row: dict[str, Any], end: datetime | None) -> datetime | None:
    """``end``, or the fact's start when ``end`` comes before it: a fact closed before it began (a plan
    corrected before its day) held for no time, ``valid_to == valid_from``."""
    start = row["valid_from"]
    return start if end is not None and start is not None and end < start else end


def _fact_digests(episode: dict[str, Any], key: str) -> list[str]:
    """``store.suppressed.fact_digests`` of an episode row under ``key``."""
    return suppressed.fact_digests(episode["content_hash"], key, episode["role"], episode["producer_id"],
                                   episode["created_at"], episode["content"])
