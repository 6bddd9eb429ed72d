"""``ReferenceStore``'s episodes: messages, their segments, turn documents and session blocks
(``store.turns``), reads by id and by neighbourhood, and the whole-turn and session candidates."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import utcnow
from memstrata.filter import Expr, matches
from memstrata.paging import Position
from memstrata.store.records import NewSegment, episode_hash
from memstrata.store.reference.base import ReferenceBase, State, bm25, live, scope_of
from memstrata.store.turns import SESSION_BLOCK_TURNS, earliest, own_terms, turn_document
from memstrata.types import ContextSegment, Episode, Scope, Segment

#: ``ReferenceBase._in_scope``'s shape: (state, row, scope) -> whether the row is in the scope.
InScope = Callable[[State, dict[str, Any], Scope], bool]


class EpisodeLookups:
    """What ``insert_episode`` looks up in a state's episodes, kept across the inserts of one write:
    the episodes of each content digest (in insertion order), and the last sequence number of
    each scope asked for (``ReferenceBase._in_scope``, the SQL stores' ``max(sequence_num)``).

    Scanning every episode for both on each insert made adding n messages cost n² row tests
    (1,500 messages: ~1.1 million, most of the write's CPU time). The lookups hold while the
    state's episodes are the ones they were built from: episodes are inserted here alone (each
    taking a new id) and never change, so the next episode id and the episode count tell; any
    other change (a delete) rebuilds them."""

    def __init__(self, conn: State) -> None:
        self.stamp = self._stamp(conn)
        self.digests: dict[str, list[int]] = {}
        for eid, e in conn.episodes.items():
            self.digests.setdefault(e["content_hash"], []).append(eid)
        self.last: dict[Scope, int] = {}

    @staticmethod
    def _stamp(conn: State) -> tuple[int, int]:
        return conn.next_id["episodes"], len(conn.episodes)

    @classmethod
    def of(cls, conn: State) -> EpisodeLookups:
        """The lookups of ``conn``, built again unless its episodes are the ones they describe."""
        if not isinstance(conn.lookups, cls) or conn.lookups.stamp != cls._stamp(conn):
            conn.lookups = cls(conn)
        return conn.lookups

    def with_digest(self, conn: State, digest: str) -> list[dict[str, Any]]:
        """The episode rows whose content digest is ``digest``, oldest first."""
        return [conn.episodes[i] for i in self.digests.get(digest, ())]

    def last_sequence_num(self, conn: State, scope: Scope, in_scope: InScope) -> int:
        """The highest sequence number of the episodes in ``scope`` (0 when none)."""
        if scope not in self.last:
            self.last[scope] = max((e["sequence_num"] for e in conn.episodes.values() if in_scope(conn, e, scope)),
                                   default=0)
        return self.last[scope]

    def added(self, conn: State, row: dict[str, Any], in_scope: InScope) -> None:
        """Take in the episode ``row`` just inserted."""
        self.digests.setdefault(row["content_hash"], []).append(row["id"])
        for scope, last in self.last.items():
            if in_scope(conn, row, scope):
                self.last[scope] = max(last, row["sequence_num"])
        self.stamp = self._stamp(conn)


class EpisodeRows(ReferenceBase):
    """Episodes, segments, turn documents and session blocks."""

    # -- episodes ---------------------------------------------------------------------------
    def insert_episode(self, conn: State, *, scope: Scope, role: str, content: str, created_at: datetime,
                       producer_id: str | None, produced_for_id: str | None, content_type: str,
                       metadata: dict[str, Any], now: datetime, expires_at: datetime | None = None,
                       utc_offset_minutes: int | None = None) -> tuple[int, bool]:
        """Insert an episode; ``(id, created)``."""
        digest = episode_hash(role, producer_id, created_at, content)
        lookups = EpisodeLookups.of(conn)
        same = next((e for e in lookups.with_digest(conn, digest) if scope_of(e) == scope), None)
        if same is not None:
            return same["id"], False
        seq = 1 + lookups.last_sequence_num(conn, scope, self._in_scope)
        eid = conn.new_id("episodes")
        conn.episodes[eid] = {
            "id": eid, **{n: getattr(scope, n) for n in ("org_id", "project_id", "user_id", "agent_id",
                                                          "session_id")},
            "role": role, "producer_id": producer_id, "produced_for_id": produced_for_id, "content": content,
            "content_type": content_type, "created_at": created_at, "sequence_num": seq,
            "metadata": copy.deepcopy(metadata), "content_hash": digest, "expires_at": expires_at,
            "utc_offset_minutes": utc_offset_minutes}
        lookups.added(conn, conn.episodes[eid], self._in_scope)
        return eid, True

    def insert_segments(self, conn: State, *, episode_id: int, scope: Scope,
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
    def insert_turn(conn: State, *, episode_id: int, scope: Scope, terms: str,
                    expires_at: datetime | None = None, context: str = "") -> None:
        """Index an episode's whole text (and ``context``, ``store.turns.turn_document``); append
        it to its session's last block (a new block when that one holds ``SESSION_BLOCK_TURNS``)."""
        conn.turns[episode_id] = turn_document(terms, context).split()
        if scope.session_id is None:
            return
        own = [b for b in conn.blocks.values() if scope_of(b) == scope]
        last = max(own, key=lambda b: b["id"], default=None)
        if last is None or len(last["episodes"]) >= SESSION_BLOCK_TURNS:
            bid = conn.new_id("blocks")
            last = conn.blocks[bid] = {"id": bid, **{n: getattr(scope, n) for n in (
                "org_id", "project_id", "user_id", "agent_id", "session_id")}, "episodes": []}
        last["episodes"].append(episode_id)

    def backfill_turns(self, conn: State, version: int, fn: Callable[[str | None, str], str]) -> int | None:
        """Index the episodes without a turn document if meta ``turn_docs_version`` is below ``version``."""
        if int(conn.meta.get("turn_docs_version", "0")) >= version:
            return None
        todo = [e for i, e in sorted(conn.episodes.items()) if i not in conn.turns]
        for e in todo:
            self.insert_turn(conn, episode_id=e["id"], scope=scope_of(e), terms=fn(e["producer_id"] or e["role"],
                                                                                    e["content"]))
        conn.meta["turn_docs_version"] = str(version)
        return len(todo)

    @staticmethod
    def _drop_turns(conn: State, episode_ids: Iterable[int]) -> None:
        """Delete these episodes' turn documents and take them out of their blocks (an emptied
        block is deleted); a block's text is always built from its turns' current terms."""
        gone = set(episode_ids)
        for i in gone:
            conn.turns.pop(i, None)
        hit = {scope_of(b) for b in conn.blocks.values() if gone & set(b["episodes"])}
        for block in conn.blocks.values():
            if scope_of(block) in hit:  # the turns left lose their context (store.turns)
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
        return [(first[e], score) for e, score in bm25(sorted(docs), match, limit) if e in first]

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
        for bid, score in bm25(docs, match, len(docs)):
            best.setdefault(scope_of(s.blocks[bid]), score)
        return list(best.items())[:limit]

    def get_episode(self, scope: Scope, episode_id: int) -> Episode | None:
        """The episode in ``scope``, or ``None``."""
        row = self._s.episodes.get(episode_id)
        ok = row is not None and self._in_scope(self._s, row, scope) and live(row)
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
                if seg["idx"] == 0 and live(self._s.episodes[seg["episode_id"]], now)]
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
                      and live(self._s.episodes[e.id]) and (filter is None or matches(filter, e))
                      and e.scope.session_id == episode.scope.session_id
                      and e.scope.agent_id == episode.scope.agent_id)
        key = (episode.created_at, episode.id, segment_index)
        before = [r for r in rows if r[0] < key][-n:]
        after = [r for r in rows if r[0] > key][:n]
        return [ContextSegment(e.id, sg.index, sg.text, e.producer_id or e.role, e.created_at)
                for _, sg, e in before + after]

