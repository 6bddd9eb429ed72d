"""``ReferenceStore``: the whole ``Store`` protocol in plain Python dictionaries.

It is the oracle of the contract suite (``tests/contract``): small enough to read in
one sitting, exact in every search (brute-force cosine, a textbook BM25), and it
evaluates filters with ``memstrata.filter.matches``, the reference semantics. Use it
in your own tests as ``Memory(store=ReferenceStore())``. Nothing is persisted; a write
that raises leaves the state as it was before (the transaction works on a copy).
"""

from __future__ import annotations

import copy
import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import utcnow
from memstrata.filter import Expr, matches
from memstrata.paging import Position
from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store.event_scrub import Scrubbed, clean_detail
from memstrata.store.protocol import Capabilities
from memstrata.store.records import Citation, NewFact, NewSegment, episode_hash
from memstrata.store.sqlite.schema import SCHEMA_VERSION
from memstrata.store.turns import SESSION_BLOCK_TURNS, earliest, own_terms, turn_document
from memstrata.store.withdrawals import Withdrawal
from memstrata.text.stating import spans_stating
from memstrata.types import ContextSegment, Episode, Fact, MemoryEvent, Scope, Segment

#: BM25 parameters (Robertson & Zaragoza 2009; the usual defaults, as SQLite FTS5 uses).
BM25_K1, BM25_B = 1.2, 0.75


@dataclass
class _State:
    meta: dict[str, str] = field(default_factory=dict)
    episodes: dict[int, dict[str, Any]] = field(default_factory=dict)
    segments: dict[int, dict[str, Any]] = field(default_factory=dict)
    facts: dict[int, dict[str, Any]] = field(default_factory=dict)
    citations: set[tuple[int, int]] = field(default_factory=set)
    #: episode id -> its turn document's terms (``store.turns``).
    turns: dict[int, list[str]] = field(default_factory=dict)
    #: block id -> {scope fields, "episodes": [ids in order], "expires_at"} (``store.turns``).
    blocks: dict[int, dict[str, Any]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    #: (owner scope, ``Withdrawal``) rows (``store.withdrawals``); they go with their episode.
    withdrawals: list[tuple[Scope, Withdrawal]] = field(default_factory=list)
    #: (episode id, piece start, piece end, recorded_at, expired_at) of forgotten superseded values
    #: (``store.outdated_marks``); read only while their episode is stored.
    marks: list[tuple[int, int, int, datetime, datetime | None]] = field(default_factory=list)
    next_id: Counter[str] = field(default_factory=Counter)

    def new_id(self, table: str) -> int:
        self.next_id[table] += 1
        return self.next_id[table]


class _Db:
    def __init__(self) -> None:
        self.state = _State()
        self._lock = threading.RLock()

    @contextmanager
    def write(self) -> Iterator[_State]:
        with self._lock:
            work = copy.deepcopy(self.state)
            yield work
            self.state = work  # committed only if the block did not raise

    def schema_version(self) -> int:
        return SCHEMA_VERSION

    @property
    def address(self) -> str | None:
        """``None``: held in this process's memory, no second connection can open it."""
        return None


def _live(row: dict[str, Any], now: datetime | None = None) -> bool:
    return row.get("expires_at") is None or row["expires_at"] > (now or utcnow())


def _scope_of(row: dict[str, Any], session: bool = True) -> Scope:
    return Scope(row["org_id"], row["project_id"], row["user_id"], row["agent_id"],
                 row.get("session_id") if session else None)


class ReferenceStore:
    """In-memory ``Store`` (see the module docstring); thread-safe, one writer at a time."""

    location = "memory://reference"
    capabilities = Capabilities(forget_jobs=False, extraction_queue=False, short_term=False,
                                maintenance=False)

    def __init__(self) -> None:
        self.db = _Db()
        self.cipher: Cipher | None = None

    @property
    def _s(self) -> _State:
        return self.db.state

    def snapshot(self) -> AbstractContextManager[None]:
        """Nothing to share: every read sees the state as last committed."""
        return nullcontext()

    def close(self) -> None:
        """Nothing to release."""

    def clear_caches(self) -> None:
        """Nothing is cached."""

    def size_bytes(self) -> int:
        """Always 0: nothing is on disk."""
        return 0

    # -- scope ------------------------------------------------------------------------------
    def _in_scope(self, s: _State, row: dict[str, Any], scope: Scope, *, session: bool = True) -> bool:
        if (row["org_id"], row["project_id"]) != (scope.org_id, scope.project_id):
            return False
        for name in ("user_id", "agent_id", "session_id"):
            wanted = getattr(scope, name)
            if wanted is not None and (session or name != "session_id") and row.get(name) != wanted:
                return False
        if not session and scope.session_id is not None:  # as ``store.scope.scope_predicate``
            return any(f == row["id"] and s.episodes[e]["session_id"] == scope.session_id
                       and s.episodes[e]["org_id"] == scope.org_id and s.episodes[e]["project_id"] == scope.project_id
                       for f, e in s.citations)
        return True

    # -- metadata and locks -----------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        """A stored meta value, or ``None``."""
        return self._s.meta.get(key)

    @staticmethod
    def set_meta(conn: _State, key: str, value: str) -> None:
        """Set a meta value inside a write."""
        conn.meta[key] = value

    @staticmethod
    def bump(conn: _State, counter: str) -> None:
        """Increment a counter (parity with SQLite)."""
        conn.meta[counter] = str(int(conn.meta.get(counter, "0")) + 1)

    @staticmethod
    def upgrade_terms(conn: _State, version: int, fn: Callable[[str], str]) -> int | None:
        """Rewrite every stored terms list through ``fn`` if meta ``terms_version`` is below ``version``."""
        if int(conn.meta.get("terms_version", "0")) >= version:
            return None
        rewritten = 0
        for row in [*conn.segments.values(), *conn.facts.values()]:
            new = fn(" ".join(row["terms"])).split()
            rewritten += new != row["terms"]
            row["terms"] = new
        for episode_id, terms in conn.turns.items():
            new = fn(" ".join(terms)).split()
            rewritten += new != terms
            conn.turns[episode_id] = new
        conn.meta["terms_version"] = str(version)
        return rewritten

    @staticmethod
    def lock_scopes(conn: _State, scopes: Iterable[Scope]) -> None:
        """Nothing to do: one writer at a time."""

    # -- episodes ---------------------------------------------------------------------------
    def insert_episode(self, conn: _State, *, scope: Scope, role: str, content: str, created_at: datetime,
                       producer_id: str | None, produced_for_id: str | None, content_type: str,
                       metadata: dict[str, Any], now: datetime,
                       expires_at: datetime | None = None) -> tuple[int, bool]:
        """Insert an episode; ``(id, created)``."""
        digest = episode_hash(role, producer_id, created_at, content)
        same = [e for e in conn.episodes.values() if _scope_of(e) == scope and e["content_hash"] == digest]
        if same:
            return same[0]["id"], False
        seq = 1 + max((e["sequence_num"] for e in conn.episodes.values() if self._in_scope(conn, e, scope)),
                      default=0)
        eid = conn.new_id("episodes")
        conn.episodes[eid] = {
            "id": eid, **{n: getattr(scope, n) for n in ("org_id", "project_id", "user_id", "agent_id",
                                                          "session_id")},
            "role": role, "producer_id": producer_id, "produced_for_id": produced_for_id, "content": content,
            "content_type": content_type, "created_at": created_at, "sequence_num": seq,
            "metadata": copy.deepcopy(metadata), "content_hash": digest, "expires_at": expires_at}
        return eid, True

    def insert_segments(self, conn: _State, *, episode_id: int, scope: Scope,
                        segments: Sequence[NewSegment], expires_at: datetime | None = None) -> list[int]:
        """Insert an episode's segments; ids in order."""
        ids = []
        for idx, seg in enumerate(segments):
            sid = conn.new_id("segments")
            conn.segments[sid] = {
                "id": sid, "episode_id": episode_id, "idx": idx, "text": seg.text, "derivative": seg.derivative,
                **{n: getattr(scope, n) for n in ("org_id", "project_id", "user_id", "agent_id", "session_id")},
                "terms": seg.index_terms.split(),
                "embedding": None if seg.embedding is None else np.asarray(seg.embedding, np.float32),
                "expires_at": expires_at}
            ids.append(sid)
        return ids

    # -- turn documents and session blocks (``store.turns``) ---------------------------------
    @staticmethod
    def insert_turn(conn: _State, *, episode_id: int, scope: Scope, terms: str,
                    expires_at: datetime | None = None, context: str = "") -> None:
        """Index an episode's whole text (and ``context``, ``store.turns.turn_document``); append
        it to its session's last block (a new block when that one holds ``SESSION_BLOCK_TURNS``)."""
        conn.turns[episode_id] = turn_document(terms, context).split()
        if scope.session_id is None:
            return
        own = [b for b in conn.blocks.values() if _scope_of(b) == scope]
        last = max(own, key=lambda b: b["id"], default=None)
        if last is None or len(last["episodes"]) >= SESSION_BLOCK_TURNS:
            bid = conn.new_id("blocks")
            last = conn.blocks[bid] = {"id": bid, **{n: getattr(scope, n) for n in (
                "org_id", "project_id", "user_id", "agent_id", "session_id")}, "episodes": []}
        last["episodes"].append(episode_id)

    def backfill_turns(self, conn: _State, version: int, fn: Callable[[str | None, str], str]) -> int | None:
        """Index the episodes without a turn document if meta ``turn_docs_version`` is below ``version``."""
        if int(conn.meta.get("turn_docs_version", "0")) >= version:
            return None
        todo = [e for i, e in sorted(conn.episodes.items()) if i not in conn.turns]
        for e in todo:
            self.insert_turn(conn, episode_id=e["id"], scope=_scope_of(e), terms=fn(e["producer_id"] or e["role"],
                                                                                    e["content"]))
        conn.meta["turn_docs_version"] = str(version)
        return len(todo)

    @staticmethod
    def _drop_turns(conn: _State, episode_ids: Iterable[int]) -> None:
        """Delete these episodes' turn documents and take them out of their blocks (an emptied
        block is deleted); a block's text is always built from its turns' current terms."""
        gone = set(episode_ids)
        for i in gone:
            conn.turns.pop(i, None)
        hit = {_scope_of(b) for b in conn.blocks.values() if gone & set(b["episodes"])}
        for block in conn.blocks.values():
            if _scope_of(block) in hit:  # the turns left lose their context (store.turns)
                for e in block["episodes"]:
                    if e in conn.turns:
                        conn.turns[e] = own_terms(" ".join(conn.turns[e])).split()
        for bid, block in list(conn.blocks.items()):
            block["episodes"] = [e for e in block["episodes"] if e not in gone]
            if not block["episodes"]:
                del conn.blocks[bid]

    def fts_turns(self, scope: Scope, match: str, limit: int, *, filter: Expr | None = None,
                  now: datetime | None = None) -> list[tuple[int, float]]:
        """Whole-turn candidates (BM25 over the scope's live turns matching ``filter``), as the
        id of each turn's first segment."""
        s = self._s
        docs = [(e.id, s.turns[e.id]) for e in self._episodes(scope, filter, now=now) if e.id in s.turns]
        first = {seg["episode_id"]: seg["id"] for seg in s.segments.values() if seg["idx"] == 0}
        return [(first[e], score) for e, score in self._bm25(sorted(docs), match, limit) if e in first]

    def fts_sessions(self, scope: Scope, match: str, limit: int, *,
                     now: datetime | None = None) -> list[tuple[Scope, float]]:
        """Sessions ranked by their best block (BM25 over the scope's live blocks)."""
        s = self._s
        docs = []
        for block in sorted(s.blocks.values(), key=lambda b: b["id"]):
            if not self._in_scope(s, block, scope):
                continue
            expiry = earliest([s.episodes[e]["expires_at"] for e in block["episodes"]])
            if expiry is None or expiry > (now or utcnow()):
                docs.append((block["id"], [t for e in block["episodes"]
                                           for t in own_terms(" ".join(s.turns[e])).split()]))
        best: dict[Scope, float] = {}
        for bid, score in self._bm25(docs, match, len(docs)):
            best.setdefault(_scope_of(s.blocks[bid]), score)
        return list(best.items())[:limit]

    @staticmethod
    def _episode(row: dict[str, Any]) -> Episode:
        return Episode(id=row["id"], scope=_scope_of(row), role=row["role"], content=row["content"],
                       created_at=row["created_at"], sequence_num=row["sequence_num"],
                       producer_id=row["producer_id"], produced_for_id=row["produced_for_id"],
                       content_type=row["content_type"], metadata=copy.deepcopy(row["metadata"]),
                       expires_at=row["expires_at"])

    def _episodes(self, scope: Scope, filter: Expr | None, expiry: bool = True,
                  now: datetime | None = None) -> list[Episode]:
        s = self._s
        eps = [self._episode(e) for e in s.episodes.values()
               if self._in_scope(s, e, scope) and (not expiry or _live(e, now))]
        return [e for e in eps if filter is None or matches(filter, e)]

    def get_episode(self, scope: Scope, episode_id: int) -> Episode | None:
        """The episode in ``scope``, or ``None``."""
        row = self._s.episodes.get(episode_id)
        ok = row is not None and self._in_scope(self._s, row, scope) and _live(row)
        return self._episode(row) if ok and row is not None else None

    def list_episodes(self, scope: Scope, *, limit: int, offset: int = 0,
                      filter: Expr | None = None, expiry: bool = True, before: Position | None = None) -> list[Episode]:
        """Episodes in ``scope`` matching ``filter``, newest first (``before``: ``memstrata.paging``)."""
        eps = sorted(self._episodes(scope, filter, expiry), key=lambda e: (e.created_at, e.id), reverse=True)
        if before is not None:
            eps = [e for e in eps if (e.created_at, e.id) < (before.created_at, before.id)]
        return eps[offset:offset + limit]

    def _pair(self, seg: dict[str, Any]) -> tuple[Segment, Episode]:
        return (Segment(seg["id"], seg["episode_id"], seg["idx"], seg["text"], seg["derivative"]),
                self._episode(self._s.episodes[seg["episode_id"]]))

    def segments_with_episodes(self, ids: Iterable[int]) -> dict[int, tuple[Segment, Episode]]:
        """Segments by id with their episodes."""
        return {i: self._pair(self._s.segments[i]) for i in ids if i in self._s.segments}

    def adjacent_segments(self, episodes: Sequence[Episode], *, reach: int = 1, filter: Expr | None = None,
                          now: datetime | None = None) -> dict[int, list[tuple[Segment, Episode]]]:
        """First segments of the ``reach`` episodes said just before and just after each episode in
        its conversation (same scope, agent and session), in ``(created_at, id)`` order."""
        out: dict[int, list[tuple[Segment, Episode]]] = {}
        near = [self._pair(seg) for seg in self._s.segments.values()
                if seg["idx"] == 0 and _live(self._s.episodes[seg["episode_id"]], now)]
        for ep in episodes:
            key = (ep.created_at, ep.id)
            mine = ((sg, e) for sg, e in near if e.scope == ep.scope and (filter is None or matches(filter, e)))
            group = sorted(mine, key=lambda p: (p[1].created_at, p[1].id))
            before = [p for p in group if (p[1].created_at, p[1].id) < key]
            after = [p for p in group if (p[1].created_at, p[1].id) > key]
            out[ep.id] = (before[-reach:] if reach > 0 else []) + after[:max(reach, 0)]
        return out

    def neighbours(self, episode: Episode, segment_index: int, n: int, *,
                   filter: Expr | None = None) -> list[ContextSegment]:
        """Up to ``n`` segments before and after one segment, in ``(created_at, id, index)`` order."""
        if n <= 0:
            return []
        rows = sorted(((e.created_at, e.id, sg.index), sg, e) for sg, e in
                      (self._pair(x) for x in self._s.segments.values())
                      if self._in_scope(self._s, self._s.episodes[e.id], episode.scope)
                      and _live(self._s.episodes[e.id]) and (filter is None or matches(filter, e))
                      and e.scope.session_id == episode.scope.session_id
                      and e.scope.agent_id == episode.scope.agent_id)
        key = (episode.created_at, episode.id, segment_index)
        before = [r for r in rows if r[0] < key][-n:]
        after = [r for r in rows if r[0] > key][:n]
        return [ContextSegment(e.id, sg.index, sg.text, e.producer_id or e.role, e.created_at)
                for _, sg, e in before + after]

    # -- facts ------------------------------------------------------------------------------
    def _fact(self, s: _State, row: dict[str, Any]) -> Fact:
        cites = tuple(sorted(e for f, e in s.citations if f == row["id"]))
        return Fact(id=row["id"], scope=_scope_of(row, session=False), kind=row["kind"], key=row["key"],
                    value=reveal(row["value"], self.cipher), tag=row["tag"], confidence=row["confidence"],
                    importance=row["importance"],
                    sensitivity=row["sensitivity"], citations=cites, observed_at=row["observed_at"],
                    valid_from=row["valid_from"], valid_to=row["valid_to"], expires_at=row["expires_at"],
                    status=row["status"], access_count=row["access_count"],
                    last_accessed_at=row["last_accessed_at"], created_at=row["created_at"],
                    subject=row["subject"], statement=reveal(row["statement"], self.cipher),
                    expired_at=row["expired_at"], encrypted=row["encrypted"])

    def fact_ids(self, conn: _State, scope: Scope, *, keys: Sequence[str] | None, subject: str | None,
                 value_norm: str | None = None, status: str = "active") -> list[int]:
        """Facts of ``scope`` about ``subject`` under ``keys`` (``None``: any key) with ``status``
        (optionally one value)."""
        return [f["id"] for f in conn.facts.values() if self._in_scope(conn, f, scope, session=False)
                and (keys is None or f["key"] in keys) and f["status"] == status
                and (f["subject"] or "") == (subject or "") and _live(f)
                and (value_norm is None or f["value_norm"] == value_norm)]

    @staticmethod
    def _cosines(rows: list[dict[str, Any]], vector: np.ndarray) -> list[tuple[int, float]]:
        q = np.asarray(vector, np.float32)
        # A zero vector (hashed terms that cancel out) is close to nothing: cosine 0, not NaN.
        norm = float(np.linalg.norm(q)) or 1.0
        out = [(r["id"], float(np.dot(r["embedding"], q) / ((float(np.linalg.norm(r["embedding"])) or 1.0) * norm)))
               for r in rows if r["embedding"] is not None and len(r["embedding"]) == len(q)]
        return sorted(out, key=lambda p: (-p[1], p[0]))

    def nearest_facts(self, conn: _State, scope: Scope, *, key: str, subject: str | None, vector: np.ndarray,
                      min_similarity: float, k: int = 3) -> list[tuple[int, float]]:
        """Active facts under ``key`` about ``subject`` with cosine ≥ ``min_similarity``."""
        rows = [f for f in conn.facts.values() if self._in_scope(conn, f, scope, session=False)
                and f["key"] == key and f["status"] == "active" and (f["subject"] or "") == (subject or "")
                and _live(f)]
        return [p for p in self._cosines(rows, vector)[:k] if p[1] >= min_similarity]

    def load_facts(self, conn: _State, ids: Iterable[int]) -> list[Fact]:
        """Facts by id."""
        return [self._fact(conn, conn.facts[i]) for i in sorted(set(ids)) if i in conn.facts]

    def insert_fact(self, conn: _State, scope: Scope, fact: NewFact, *, citations: Sequence[int],
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
    def cite(conn: _State, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Add citations (idempotent)."""
        conn.citations.update((fact_id, e) for e in episode_ids)

    @staticmethod
    def uncite(conn: _State, fact_id: int, episode_ids: Iterable[int]) -> None:
        """Remove citations (a value split in two: ``facts.split``)."""
        conn.citations -= {(fact_id, e) for e in episode_ids}

    @staticmethod
    def episode_times(conn: _State, ids: Sequence[int]) -> dict[int, datetime]:
        """When each of these episodes was said (``created_at``)."""
        return {i: conn.episodes[i]["created_at"] for i in ids if i in conn.episodes}

    @staticmethod
    def set_fact_status(conn: _State, fact_id: int, status: str, *, now: datetime,
                        valid_to: datetime | None = None) -> None:
        """Change a fact's status: ``superseded`` closes ``valid_to`` (when given) and stamps
        ``expired_at``; ``active`` reopens both."""
        row = conn.facts[fact_id]
        if status == "active":
            row.update(status="active", valid_to=None, expired_at=None, updated_at=now)
            return
        row.update(status=status, updated_at=now, valid_to=valid_to if valid_to is not None else row["valid_to"],
                   expired_at=now if status == "superseded" else row["expired_at"])

    @staticmethod
    def insert_withdrawal(conn: _State, scope: Scope, withdrawal: Withdrawal) -> None:
        """Keep a withdrawal the user said (``store.withdrawals``)."""
        conn.withdrawals.append((Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id), withdrawal))

    @staticmethod
    def withdrawals_after(conn: _State, scope: Scope, *, key: str, subject: str | None,
                          after: datetime) -> list[Withdrawal]:
        """Withdrawals under ``key`` about ``subject`` said after ``after``, earliest first."""
        owner = Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id)
        return sorted((w for s, w in conn.withdrawals if s == owner and w.key == key
                       and (w.subject or "") == (subject or "") and w.said_at > after), key=lambda w: w.said_at)

    @staticmethod
    def set_valid_from(conn: _State, fact_id: int, valid_from: datetime, *, now: datetime) -> None:
        """Move the start of a fact's validity back."""
        conn.facts[fact_id].update(valid_from=valid_from, updated_at=now)

    @staticmethod
    def set_valid_to(conn: _State, fact_id: int, valid_to: datetime, *, now: datetime) -> None:
        """Move the end of a superseded fact's validity (status and ``expired_at`` stay)."""
        row = conn.facts[fact_id]
        if row["status"] == "superseded":
            row.update(valid_to=valid_to, updated_at=now)

    @staticmethod
    def set_fact_scores(conn: _State, fact_id: int, *, importance: float, confidence: float, now: datetime) -> None:
        """Set a fact's importance and confidence in place."""
        conn.facts[fact_id].update(importance=importance, confidence=confidence, updated_at=now)

    @staticmethod
    def touch_fact(conn: _State, fact_id: int, *, confidence: float, now: datetime, observed_at: datetime) -> None:
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
                 if self._in_scope(s, f, scope, session=False) and f["status"] in statuses and _live(f, now)]
        return [f for f in facts if filter is None or matches(filter, f)]

    def get_facts(self, scope: Scope, ids: Sequence[int]) -> dict[int, Fact]:
        """Facts by id inside ``scope`` (any status)."""
        s = self._s
        return {i: self._fact(s, s.facts[i]) for i in ids
                if i in s.facts and self._in_scope(s, s.facts[i], scope, session=False) and _live(s.facts[i])}

    def citing_facts(self, scope: Scope, episode_ids: Sequence[int]) -> list[Citation]:
        """The citations of ``episode_ids`` by facts inside ``scope`` (any status; not expired),
        one per (episode, fact)."""
        s, wanted = self._s, set(episode_ids)
        gone = [Citation(e, 0, "superseded", recorded, expired, s.episodes[e]["content"][a:b])
                for e, a, b, recorded, expired in s.marks if e in wanted and e in s.episodes]
        return [Citation(e, f, s.facts[f]["status"], s.facts[f]["created_at"], s.facts[f]["expired_at"],
                         reveal(s.facts[f]["value"], self.cipher))
                for f, e in sorted(s.citations) if e in wanted and f in s.facts
                and self._in_scope(s, s.facts[f], scope, session=False) and _live(s.facts[f])] + gone

    @staticmethod
    def keep_forgotten(conn: _State, table: str, ids: Sequence[int], now: datetime) -> None:
        """Nothing to keep: this store has no exact import that could bring a forgotten id back."""

    def keep_outdated_marks(self, conn: _State, facts: Sequence[int]) -> int:
        """Before ``facts`` are deleted: mark where their superseded values were stated
        (``store.outdated_marks``); returns how many marks."""
        before = len(conn.marks)
        for f in facts:
            row = conn.facts.get(f)
            if row is None or row["status"] != "superseded":
                continue
            for fact, e in sorted(conn.citations):
                if fact == f and e in conn.episodes:
                    conn.marks += [(e, a, b, row["created_at"], row["expired_at"]) for a, b in
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
    def log_event(conn: _State, scope: Scope, *, fact_id: int | None, action: str, actor: str,
                  detail: dict[str, Any], now: datetime) -> None:
        """Append to the audit log."""
        conn.events.append({"id": conn.new_id("events"), "fact_id": fact_id, "org_id": scope.org_id,
                            "project_id": scope.project_id, "action": action, "at": now, "actor": actor,
                            "detail": copy.deepcopy(detail)})

    def events(self, scope: Scope, fact_ids: Sequence[int]) -> list[MemoryEvent]:
        """Audit events of these facts in ``scope``, oldest first."""
        return [MemoryEvent(e["id"], e["fact_id"], e["action"], e["at"], e["actor"], copy.deepcopy(e["detail"]))
                for e in self._s.events if e["fact_id"] in fact_ids
                and (e["org_id"], e["project_id"]) == (scope.org_id, scope.project_id)]

    # -- search candidates ------------------------------------------------------------------
    @staticmethod
    def _bm25(docs: list[tuple[int, list[str]]], match: str, limit: int) -> list[tuple[int, float]]:
        """Okapi BM25 of each doc matching any query term, as ``-score`` (lower is better, like FTS5)."""
        terms = set(re.findall(r'"([^"]+)"', match))
        if not docs or not terms:
            return []
        avg = sum(len(t) for _, t in docs) / len(docs)
        df = Counter(term for _, toks in docs for term in set(toks) & terms)
        out = []
        for doc_id, toks in docs:
            tf = Counter(t for t in toks if t in terms)
            if not tf:
                continue
            score = sum(math.log(1 + (len(docs) - df[t] + 0.5) / (df[t] + 0.5)) * n * (BM25_K1 + 1)
                        / (n + BM25_K1 * (1 - BM25_B + BM25_B * len(toks) / avg)) for t, n in tf.items())
            out.append((doc_id, -score))
        return sorted(out, key=lambda p: (p[1], p[0]))[:limit]

    def _segments(self, scope: Scope, filter: Expr | None, now: datetime | None) -> list[dict[str, Any]]:
        s = self._s
        return [seg for seg in s.segments.values() if self._in_scope(s, seg, scope) and _live(seg, now)
                and (filter is None or matches(filter, self._episode(s.episodes[seg["episode_id"]])))]

    def fts_segments(self, scope: Scope, match: str, limit: int, *, filter: Expr | None = None,
                     now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates (BM25 over the scope's segments)."""
        return self._bm25([(seg["id"], seg["terms"]) for seg in self._segments(scope, filter, now)], match, limit)

    def fts_facts(self, scope: Scope, match: str, limit: int, statuses: Sequence[str], *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among facts (BM25)."""
        ids = {f.id for f in self._fact_rows(scope, statuses, filter, now)}
        return self._bm25([(i, self._s.facts[i]["terms"]) for i in sorted(ids)], match, limit)

    def nearest_segments(self, scope: Scope, vector: np.ndarray, *, k: int, min_similarity: float,
                         filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Exact cosine top ``k``."""
        return [p for p in self._cosines(self._segments(scope, filter, now), vector)[:k] if p[1] >= min_similarity]

    def nearest_scope_facts(self, scope: Scope, vector: np.ndarray, *, statuses: Sequence[str], k: int,
                            min_similarity: float, filter: Expr | None = None,
                            now: datetime | None = None) -> list[tuple[int, float]]:
        """Exact cosine top ``k`` among the scope's facts."""
        rows = [self._s.facts[f.id] for f in self._fact_rows(scope, statuses, filter, now)]
        return [p for p in self._cosines(rows, vector)[:k] if p[1] >= min_similarity]

    # -- deletion ---------------------------------------------------------------------------
    def delete_scope(self, conn: _State, scope: Scope) -> tuple[dict[str, int], list[tuple[str, int]], Scrubbed]:
        """Delete the scope's episodes, segments, facts (and their events); what they said leaves
        the events of the facts that stay (``scrub_events``). Returns the counts (``memory_events_scrubbed``
        when an event was scrubbed), the deleted ``(table, id)`` and the scrub's result."""
        segs = [i for i, seg in conn.segments.items() if self._in_scope(conn, seg, scope)]
        for i in segs:
            del conn.segments[i]
        facts = [i for i, f in conn.facts.items() if self._in_scope(conn, f, scope, session=False)]
        if scope.session_id is not None:  # only facts cited by nothing outside the session
            facts = [i for i in facts if all(conn.episodes[e]["session_id"] == scope.session_id
                                             for f, e in conn.citations if f == i)]
        events = sum(e["fact_id"] in facts for e in conn.events)
        eps = [i for i, e in conn.episodes.items() if self._in_scope(conn, e, scope)]
        scrubbed = self.scrub_events(conn, facts=facts, episodes=eps)
        n_facts = self.delete_facts(conn, facts)
        self._drop_turns(conn, eps)
        for i in eps:
            del conn.episodes[i]
        conn.citations = {(f, e) for f, e in conn.citations if e in conn.episodes}
        conn.withdrawals = [(s, w) for s, w in conn.withdrawals if w.episode_id in conn.episodes]
        counts = {"segments": len(segs), "memory_events": events, "facts": n_facts, "episodes": len(eps)}
        if scrubbed.events:
            counts["memory_events_scrubbed"] = scrubbed.events
        return counts, [("episodes", i) for i in sorted(eps)] + [("facts", i) for i in sorted(facts)], scrubbed

    @staticmethod
    def fact_event_count(conn: _State, fact_id: int) -> int:
        """Audit events held for one fact."""
        return sum(e["fact_id"] == fact_id for e in conn.events)

    @staticmethod
    def owner_active_facts(conn: _State, scope: Scope, *,
                           over: int = 0) -> list[tuple[int, datetime, float, float, int]]:
        """``(id, observed_at, confidence, importance, access_count)`` of the owner's active facts
        (``[]`` when there are ``over`` or fewer)."""
        rows = [(f["id"], f["observed_at"], f["confidence"], f["importance"], f["access_count"])
                for f in conn.facts.values() if f["status"] == "active"
                and (f["org_id"], f["project_id"], f["user_id"], f["agent_id"])
                == (scope.org_id, scope.project_id, scope.user_id, scope.agent_id)]
        return rows if len(rows) > over else []

    @staticmethod
    def scrub_events(conn: _State, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
        """Remove what ``facts``/``episodes`` (about to be deleted) said from the events of the
        facts that stay (``store.event_scrub.clean_detail``; every owner: the oracle stays simple)."""
        gone, said = set(facts), set(episodes)
        changed, rollbacks = 0, []
        for event in conn.events:
            if event["fact_id"] is None or event["fact_id"] in gone:
                continue
            detail = event["detail"]
            if event["action"] == "supersede" and detail.get("superseded_by") in gone:
                rollbacks.append((event["id"], event["fact_id"]))
            cleaned = clean_detail(detail, facts=gone, episodes=said)
            if cleaned is not None:
                event["detail"] = cleaned
                changed += 1
        return Scrubbed(changed, tuple(rollbacks))

    @staticmethod
    def delete_facts(conn: _State, ids: Sequence[int]) -> int:
        """Remove facts with their citations and events."""
        gone = set(ids)
        for i in gone:
            conn.facts.pop(i, None)
        conn.citations = {(f, e) for f, e in conn.citations if f not in gone}
        conn.events = [e for e in conn.events if e["fact_id"] not in gone]
        return len(gone)

    def counts(self, scope: Scope | None = None) -> dict[str, int]:
        """Row counts, optionally in a scope."""
        s = self._s

        def inside(row: dict[str, Any], session: bool = True) -> bool:
            return scope is None or self._in_scope(s, row, scope, session=session)
        segs = [x for x in s.segments.values() if inside(x)]
        out = {"episodes": sum(inside(e) for e in s.episodes.values()), "segments": len(segs),
               "embedded_segments": sum(x["embedding"] is not None for x in segs)}
        for status, n in sorted(Counter(f["status"] for f in s.facts.values() if inside(f, False)).items()):
            out[f"facts_{status}"] = n
        out["events"] = len(s.events)
        return out
