"""``ReferenceStore``: the whole ``Store`` protocol in plain Python dictionaries.

It is the oracle of the contract suite (``tests/contract``): small enough to read in
one sitting, exact in every search (brute-force cosine, a textbook BM25), and it
evaluates filters with ``memstrata.filter.matches``, the reference semantics. Use it
in your own tests as ``Memory(store=ReferenceStore())``. Nothing is persisted; a write
that raises leaves the state as it was before (the transaction works on a copy).

The class is composed by concern: ``base`` (state, scope, meta), ``episodes`` (episodes,
segments, turns), ``facts`` (facts, citations, events); here the full-text and vector
candidates, deletion and counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.filter import Expr, matches
from memstrata.store import suppressed
from memstrata.store.event_scrub import Scrubbed, clean_detail
from memstrata.store.reference.base import State, bm25, cosines, live, scope_of
from memstrata.store.reference.episodes import EpisodeRows
from memstrata.store.reference.facts import FactRows
from memstrata.types import Scope


def _message_digests(row: dict[str, Any]) -> list[str]:
    """``store.suppressed.message_digests`` of an episode row."""
    return suppressed.message_digests(row["content_hash"], row["metadata"], row["role"], row["producer_id"],
                                      row["created_at"], row["content"])


class ReferenceStore(EpisodeRows, FactRows):
    """In-memory ``Store`` (see the module docstring); thread-safe, one writer at a time."""

    # -- search candidates ------------------------------------------------------------------
    def _segments(self, scope: Scope, filter: Expr | None, now: datetime | None) -> list[dict[str, Any]]:
        s = self._s
        return [seg for seg in s.segments.values() if self._in_scope(s, seg, scope) and live(seg, now)
                and (filter is None or matches(filter, self._episode(s.episodes[seg["episode_id"]])))]

    def fts_segments(self, scope: Scope, match: str, limit: int, *, filter: Expr | None = None,
                     now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates (BM25 over the scope's segments)."""
        return bm25([(seg["id"], seg["terms"]) for seg in self._segments(scope, filter, now)], match, limit)

    def fts_facts(self, scope: Scope, match: str, limit: int, statuses: Sequence[str], *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among facts (BM25)."""
        ids = {f.id for f in self._fact_rows(scope, statuses, filter, now)}
        return bm25([(i, self._s.facts[i]["terms"]) for i in sorted(ids)], match, limit)

    def nearest_segments(self, scope: Scope, vector: np.ndarray, *, k: int, min_similarity: float,
                         filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Exact cosine top ``k``."""
        return [p for p in cosines(self._segments(scope, filter, now), vector)[:k] if p[1] >= min_similarity]

    def nearest_scope_facts(self, scope: Scope, vector: np.ndarray, *, statuses: Sequence[str], k: int,
                            min_similarity: float, filter: Expr | None = None,
                            now: datetime | None = None) -> list[tuple[int, float]]:
        """Exact cosine top ``k`` among the scope's facts."""
        rows = [self._s.facts[f.id] for f in self._fact_rows(scope, statuses, filter, now)]
        return [p for p in cosines(rows, vector)[:k] if p[1] >= min_similarity]

    # -- deletion ---------------------------------------------------------------------------
    def delete_scope(self, conn: State, scope: Scope) -> tuple[dict[str, int], list[tuple[str, int]], Scrubbed]:
        """Delete the scope's episodes, segments, facts (and their events); what they said leaves
        the events of the facts that stay (``scrub_events``). Returns the counts (``memory_events_scrubbed``
        when an event was scrubbed), the deleted ``(table, id)`` and the scrub's result."""
        segs = [i for i, seg in conn.segments.items() if self._in_scope(conn, seg, scope)]
        for i in segs:
            del conn.segments[i]
        facts = [i for i, f in conn.facts.items() if self._in_scope(conn, f, scope, session=False)]
        if scope.session_id is not None:  # only facts no episode outside the session states
            facts = [i for i in facts if all(conn.episodes[e]["session_id"] == scope.session_id
                                             or self._carried(conn, i, e) for f, e in conn.citations if f == i)]
        events = sum(e["fact_id"] in facts for e in conn.events)
        eps = [i for i, e in conn.episodes.items() if self._in_scope(conn, e, scope)]
        for i in eps:  # so no log import stores it again (``store.suppressed``), as the SQL stores keep it
            row = conn.episodes[i]
            kept = _message_digests(row)[0]  # the first: the one a forget keeps
            line = suppressed.episode_line_digest(row["role"], row["producer_id"], row["created_at"], row["content"],
                                                  row["metadata"])
            moved = suppressed.note_text_digests(row["metadata"], row["content"])  # a note in another file
            conn.suppressed.update((*suppressed.owner_of(scope_of(row)), sha) for sha in (kept, line, *moved))
        self.keep_fact_lines(conn, facts)
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

    # -- forgotten digests (``store.protocol.DigestStore``) --------------------------------------
    def held_digests(self, owner: tuple[str, str, str], digests: Sequence[str]) -> set[str]:
        """Of ``digests``, those ``owner`` keeps (``store.suppressed.held``)."""
        kept = self._s.suppressed
        return {sha for sha in digests if (*owner, sha) in kept}

    def expired_digests(self, owner: tuple[str, str, str], now: datetime) -> set[str]:
        """The message digest of each of ``owner``'s episodes expired by ``now`` (``store.suppressed.expired``)."""
        return {sha for e in self._s.episodes.values()
                if suppressed.owner_of(scope_of(e)) == owner and not live(e, now) for sha in _message_digests(e)}

    def keep_digests(self, owner: tuple[str, str, str], digests: Sequence[str]) -> int:
        """Keep ``digests`` for ``owner``; how many were new (``store.suppressed.keep_stored``)."""
        with self.db.write() as conn:
            before = len(conn.suppressed)
            conn.suppressed.update((*owner, sha) for sha in digests)
            return len(conn.suppressed) - before

    @staticmethod
    def fact_event_count(conn: State, fact_id: int) -> int:
        """Audit events held for one fact."""
        return sum(e["fact_id"] == fact_id for e in conn.events)

    @staticmethod
    def owner_active_facts(conn: State, scope: Scope, *,
                           over: int = 0) -> list[tuple[int, datetime, float, float, int]]:
        """``(id, observed_at, confidence, importance, access_count)`` of the owner's active facts
        (``[]`` when there are ``over`` or fewer)."""
        rows = [(f["id"], f["observed_at"], f["confidence"], f["importance"], f["access_count"])
                for f in conn.facts.values() if f["status"] == "active"
                and (f["org_id"], f["project_id"], f["user_id"], f["agent_id"])
                == (scope.org_id, scope.project_id, scope.user_id, scope.agent_id)]
        return rows if len(rows) > over else []

    @staticmethod
    def scrub_events(conn: State, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
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
    def _carried(conn: State, fact_id: int, episode: int) -> bool:
        """Whether ``episode`` cites ``fact_id`` only because its value came back: it also cites a
        superseded fact of the same key and value (``lifecycle.forget.standing_only_on``)."""
        fact = conn.facts[fact_id]
        return any(g != fact_id and e == episode and conn.facts[g]["status"] == "superseded"
                   and fact["value_norm"] is not None and conn.facts[g]["key"] == fact["key"]
                   and conn.facts[g]["value_norm"] == fact["value_norm"]
                   for g, e in conn.citations if g in conn.facts)

    @staticmethod
    def delete_facts(conn: State, ids: Sequence[int]) -> int:
        """Remove facts with their citations and events."""
        gone = set(ids)
        for i in gone:
            conn.facts.pop(i, None)
        conn.citations = {(f, e) for f, e in conn.citations if f not in gone}
        conn.events = [e for e in conn.events if e["fact_id"] not in gone]
        return len(gone)

    def counts(self, scope: Scope | None = None) -> dict[str, int]:
        """Row counts, optionally in a scope (events: those of the scope's facts, as ``scope.events_predicate``)."""
        s = self._s

        def inside(row: dict[str, Any], session: bool = True) -> bool:
            return scope is None or self._in_scope(s, row, scope, session=session)
        segs = [x for x in s.segments.values() if inside(x)]
        out = {"episodes": sum(inside(e) for e in s.episodes.values()), "segments": len(segs),
               "embedded_segments": sum(x["embedding"] is not None for x in segs)}
        for status, n in sorted(Counter(f["status"] for f in s.facts.values() if inside(f, False)).items()):
            out[f"facts_{status}"] = n
        held = {f["id"] for f in s.facts.values() if inside(f, False)}
        out["events"] = sum(scope is None or (
            (e["org_id"], e["project_id"]) == (scope.org_id, scope.project_id)
            and scope.user_id in (None, e.get("user_id"))
            and ((scope.agent_id is None and scope.session_id is None) or e["fact_id"] in held))
            for e in s.events)
        return out
