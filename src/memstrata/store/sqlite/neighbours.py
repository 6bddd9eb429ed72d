"""The turns around a search's hits: ``adjacent_segments`` (the turns said just before and after
each candidate, which may borrow its score) and ``neighbours`` (the segments shown around a hit
with ``expand_context``), each in its own conversation: one agent's session, or the owner's
messages outside any session.

A mixin of ``SQLiteStore`` over ``SQLiteBase`` (``store.sqlite.base``), as ``episodes``, ``facts``,
``reads`` and ``lifecycle`` are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memstrata.clock import from_db, to_db, utcnow
from memstrata.filter import Expr
from memstrata.store.sqlite.base import SQLiteBase, filter_predicate
from memstrata.store.sqlite.rows import tuples
from memstrata.types import ContextSegment, Episode, Segment

#: A source of ``_adjacent_sql`` in its JSON array: ``[id, org, project, user, agent, session, created_at]``.
_SRC = "json_extract(src.value, '$[{}]')"


def _adjacent_sql(session: bool, filter_sql: str, hidden: str) -> str:
    """``adjacent_segments``' statement: for each source of a JSON array (``_SRC``; the first
    parameter), the ids of the first segments of the turns of its conversation just before it and
    just after it (two walks, a ``UNION ALL``; the parameters: sources, the filter's, ``now``, the hidden
    clause's, ``reach``, then the same again). ``session``: the sources are in a session, walked in
    ``episodes_conversation`` (migration 19); else outside any, the owner's turns by time in
    ``episodes_user`` (a unary + hides a column from the planner)."""
    user, in_session = ("+e.user_id", "e.session_id") if session else ("e.user_id", "+e.session_id")
    walk = (f"SELECT {_SRC.format(0)} AS source, t.id AS seg_id "
            "FROM json_each(?) src JOIN segments t ON t.id IN ("
            "SELECT s.id FROM episodes e JOIN segments s ON s.episode_id = e.id AND s.idx = 0 "
            f"WHERE e.org_id = {_SRC.format(1)} AND e.project_id = {_SRC.format(2)} AND {user} IS {_SRC.format(3)} "
            f"AND e.agent_id IS {_SRC.format(4)} AND {in_session} IS {_SRC.format(5)} AND {filter_sql} "
            f"AND (e.expires_at IS NULL OR e.expires_at > ?){hidden} "
            f"AND (e.created_at, e.id) {{op}} ({_SRC.format(6)}, {_SRC.format(0)}) "
            "ORDER BY e.created_at {direction}, e.id {direction} LIMIT ?)")
    return walk.format(op="<", direction="DESC") + " UNION ALL " + walk.format(op=">", direction="ASC")


class NeighbourReads(SQLiteBase):
    """The neighbouring turns of a search's candidates and hits."""

    def adjacent_segments(self, episodes: Sequence[Episode], *, reach: int = 1, filter: Expr | None = None,
                          now: datetime | None = None) -> dict[int, list[tuple[Segment, Episode]]]:
        """For each episode, the first segment of the ``reach`` episodes said just before it and
        the ``reach`` said just after it in its own conversation (same scope, agent and session)
        that match ``filter``, in time order: ``{episode_id: [(segment, episode), ...]}``.

        Turns are ordered by ``(created_at, id)``: when they were said, then storage order; not ``sequence_num``:
        that counter spans the wider scope a message names (a message without an agent counts
        every agent's turns), so inside one conversation it has gaps and repeats other agents' numbers.
        """
        out: dict[int, list[tuple[Segment, Episode]]] = {ep.id: [] for ep in episodes}
        compiled = filter_predicate(filter, kind="episode", alias="e.")
        if compiled is None or reach <= 0 or not episodes:
            return out
        # One statement per kind of source (in a session or not) walks every source's conversation
        # both ways: 40 statements a search became at most two (10k segments: ~2.3 -> ~0.4 ms).
        in_session = [ep for ep in {e.id: e for e in episodes}.values() if ep.scope.session_id is not None]
        outside = [ep for ep in {e.id: e for e in episodes}.values() if ep.scope.session_id is None]
        with self.db.read() as conn:
            hidden, hparams = self.hidden_clause(conn, "episodes", "e.")
            extra = (" AND " + hidden) if hidden else ""
            rows: list[Any] = []
            for group, session in ((in_session, True), (outside, False)):
                if group:
                    sources = json.dumps([[ep.id, ep.scope.org_id, ep.scope.project_id, ep.scope.user_id,
                                           ep.scope.agent_id, ep.scope.session_id, to_db(ep.created_at)]
                                          for ep in group])
                    params = (sources, *compiled[1], to_db(now or utcnow()), *hparams, reach)
                    rows += tuples(conn).execute(_adjacent_sql(session, compiled[0], extra), params * 2).fetchall()
            # The rows themselves as a search's candidates are read: most were read before and are kept.
            read = self.segments_with_episodes({int(r[1]) for r in rows})
        turns: dict[int, list[tuple[Segment, Episode]]] = {}
        for source, segment_id in rows:
            if segment_id in read:
                turns.setdefault(int(source), []).append(read[segment_id])
        for source, found in turns.items():
            # Before and after a source in one list, in conversation order (the SQL order of both walks).
            out[source] = sorted(found, key=lambda pair: (pair[1].created_at, pair[1].id))
        return out

    def neighbours(self, episode: Episode, segment_index: int, n: int, *,
                   filter: Expr | None = None) -> list[ContextSegment]:
        """Up to ``n`` segments before and after one segment, in conversation order (same owner,
        agent and session, where no session is its own conversation; episodes matching ``filter``;
        ordered by ``(created_at, id, segment index)`` as in ``adjacent_segments``)."""
        compiled = filter_predicate(filter, kind="episode", alias="e.")
        if n <= 0 or compiled is None:
            return []
        order = "e.created_at, e.id, s.idx"
        key = (to_db(episode.created_at), episode.id, segment_index)
        with self.db.read() as conn:
            where, params = self.where(conn, episode.scope, table="episodes", prefix="e.", extra=compiled)
            # A conversation is one session of one agent: no session means the messages outside any.
            where, params = (f"{where} AND e.session_id IS ? AND e.agent_id IS ?",
                             [*params, episode.scope.session_id, episode.scope.agent_id])
            # In a session, its own rows (the session index); else the user's rows by time (the user
            # index): walking the user's whole history to find a session's first turn costs O(history).
            index = "INDEXED BY episodes_session " if episode.scope.session_id is not None else ""
            sql = (f"SELECT e.id, s.idx, s.text, e.producer_id, e.role, e.created_at FROM segments s "
                   f"JOIN episodes e {index}ON e.id = s.episode_id WHERE {where} AND (e.created_at, e.id, s.idx) "
                   f"{{op}} (?, ?, ?) ORDER BY {{order}} LIMIT ?")
            before = conn.execute(sql.format(op="<", order=order.replace(",", " DESC,") + " DESC"),
                                  (*params, *key, n)).fetchall()
            after = conn.execute(sql.format(op=">", order=order), (*params, *key, n)).fetchall()
        rows = list(reversed(before)) + list(after)
        return [ContextSegment(r[0], r[1], r[2], r[3] or r[4], from_db(r[5])) for r in rows]  # type: ignore[arg-type]
