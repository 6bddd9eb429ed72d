"""The PostgreSQL + pgvector store: the same operations, names and signatures as
``SQLiteStore``, so ingest, recall and ``Memory`` run unchanged on either.

Scope and filter are applied inside every query (WHERE clauses over bound parameters).
Vector search on segments uses an HNSW index (cosine) with pgvector 0.8's iterative
index scans, and exact search when the scope + filter is small enough to scan or the
approximate scan found fewer than ``k`` rows, so a filtered search returns ``k`` results
whenever ``k`` rows match. Facts are searched exactly (a scope holds few of them).
Concurrent writers are serialised per fact scope by transaction-level advisory locks
taken in a fixed order (``lock_scopes``), so two processes superseding the same key
never both keep an "active" value and never deadlock.

This module holds the read predicate and the search; the other concerns are mixins over
``PgBase`` (``store.postgres.base``): ``episodes``, ``facts``, ``reads`` and ``lifecycle``, as
for SQLite.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

import numpy as np
import psycopg

from memstrata.clock import utcnow
from memstrata.filter import Expr
from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store import outdated_marks
from memstrata.store.postgres import bm25, search
from memstrata.store.postgres.base import PgBase, filter_predicate
from memstrata.store.postgres.connection import PgDatabase, redact_url
from memstrata.store.postgres.episodes import EpisodeWrites
from memstrata.store.postgres.facts import FactWrites
from memstrata.store.postgres.lifecycle import LifecycleHooks
from memstrata.store.postgres.reads import Listings
from memstrata.store.postgres.rows import EPISODE_COLS, Conn, fetch_rows, live, row_to_episode, scope_predicate
from memstrata.store.protocol import Capabilities
from memstrata.store.records import Citation
from memstrata.store.scope import FORGET_CUTS, SCOPE_FIELDS, hidden_predicate
from memstrata.store.turns import block_hidden_predicate
from memstrata.types import ContextSegment, Episode, Scope, Segment

_SCOPE_FIELDS = SCOPE_FIELDS


def match_terms(match: str) -> list[str]:
    """The terms of ``"a" OR "b"`` (``text.tokens.fts_match_expression``)."""
    return re.findall(r'"([^"]+)"', match)


def tsquery(match: str | Sequence[str]) -> str:
    """``"a" OR "b"`` (``text.tokens.fts_match_expression``) or its terms → the tsquery ``'a' | 'b'``.

    Terms are word characters only (``text.tokens``), so quoting them is enough."""
    return " | ".join(f"'{t}'" for t in (match_terms(match) if isinstance(match, str) else match))


#: ``("FROM ... WHERE ...", parameters)`` of a search's candidate rows.
Source = tuple[str, list[object]]


def _walkable(scope: Scope) -> bool:
    """Whether full text may walk ``scope``'s rows by id (``search.TermStats.walks``): a user's
    whole scope, which an index of (org, project, user, id) holds in id order (segments, turns,
    session blocks), so the walk's row limit bounds the rows it visits. A scope narrowed to an
    agent or a session (or without a user) would filter that walk, and visit every row of the
    user (or of the table) to find a few."""
    return scope.user_id is not None and scope.agent_id is None and scope.session_id is None


def _time_order(scope: Scope) -> str:
    """The ORDER BY key of a conversation's turns (``created_at``). Inside a session it is an
    expression no index provides, so the planner narrows by the session (``episodes_session``)
    and sorts those few rows, instead of walking the user's whole history by time
    (``episodes_user``) to find that a session's first turn has none before it."""
    return "e.created_at" if scope.session_id is None else "(e.created_at + interval '0 s')"


class PostgresStore(EpisodeWrites, FactWrites, Listings, LifecycleHooks, PgBase):
    """Storage operations over a ``PgDatabase``; see the module docstring.

    Args:
        url: ``postgresql://...`` connection URL.
        max_connections: connection pool size.
        defer_scrub: ``purge_deleted`` only records the tables to rewrite; ``reclaim_space``
            (``maintain``) rewrites them (``Settings.forget_scrub = "maintain"``).
    """

    def __init__(self, url: str, *, max_connections: int = 4, defer_scrub: bool = False) -> None:
        self.db = PgDatabase(url, max_connections=max_connections)
        self.defer_scrub = defer_scrub
        self.location = redact_url(url)
        #: Decrypts high-sensitivity values on read; ``None``: they read as ``[ENCRYPTED]``.
        self.cipher: Cipher | None = None
        self._term_stats: dict[str, search.TermStats] = {}
        #: Row and token counts of each full-text table (``bm25.corpus``; estimates are reused).
        self._corpus: dict[str, bm25.Corpus] = {}
        #: ``hnsw.ef_search`` of approximate searches (``search.EF_SEARCH``; the bench sweeps it).
        self.ef_search = search.EF_SEARCH
        #: Everything SQLite offers: forget jobs, maintenance, the extraction queue
        #: (``store.postgres.queue``) and short-term memory. Parallel reads: a search's vector
        #: look-ups run beside its full-text lists (``recall``) on pooled connections of their own
        #: (server processes of their own, so they share the cores), segments and facts each on
        #: its own (``split_vector_reads``: 1M segments, load ~4.5, A/B query by query: p50 / p95
        #: 70.7 / 112.1 -> 60.9 / 80.9 ms); they read their own snapshots, and the search's rows
        #: are read from its own afterwards (a row gone by then is left out).
        self.capabilities = Capabilities(forget_jobs=True, extraction_queue=True, short_term=True,
                                         maintenance=True, parallel_reads=True, split_vector_reads=True,
                                         sql=True, batch_inserts=True)

    # -- the read predicate -----------------------------------------------------------------
    def _hidden(self, conn: Conn, table: str, prefix: str = "") -> tuple[str, list[object]]:
        """`` AND <predicate>`` excluding rows of ``table`` hidden by running forget jobs (``""``
        when none run, so the query is unchanged); see ``store.scope.hidden_predicate``."""
        sql, params = hidden_predicate(self._running_forgets(conn, table), table, prefix=prefix, mark="%s")
        return (f" AND {sql}" if sql else ""), params

    def _running_forgets(self, conn: Conn, table: str) -> list[tuple[object, ...]]:
        """The rows of ``store.scope.running_forgets_sql(table)``. Inside a shared snapshot every table's cut
        comes from one query, read once: a search asked for episodes', segments' and facts' cuts
        in three round trips."""
        tables = list(FORGET_CUTS)
        every = self.db.snapshot_cached(conn, "forget_jobs", lambda: [tuple(r) for r in conn.execute(
            "SELECT org_id, project_id, user_id, agent_id, session_id, before, "
            f"{', '.join(FORGET_CUTS[t] for t in tables)} FROM forget_jobs WHERE status = 'running'").fetchall()])
        cut = 6 + tables.index(table)
        return [(*r[:6], r[cut]) for r in every]

    # -- search candidates: whole turns and sessions (``store.turns``) -----------------------

    def fts_turns(self, scope: Scope, match: str, limit: int, *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among whole turns, ``[(id of the turn's first segment, -ts_rank)]``
        in ``scope`` matching ``filter``, best first; bounded as ``search`` describes.

        The filter and running forget jobs apply to the turn's own copy of its episode's fields
        (migration 9, kept by triggers; expiry is written with the turn), so the filter's index
        and the full-text index intersect without joining episodes."""
        compiled = filter_predicate(filter, kind="episode", alias="tu.")
        if compiled is None:
            return []
        with self.db.read() as conn:
            where, params = scope_predicate(scope, prefix="tu.")
            hidden, hparams = self._hidden(conn, "episodes", "tu.")
            from_where = f"FROM turns tu WHERE {where} AND {compiled[0]} AND {live('tu.')}{hidden}"
            found = self._fts(conn, table="turns", alias="tu", match=match, limit=limit, per_term=filter is None,
                              walk=_walkable(scope), from_where=from_where,
                              params=[*params, *compiled[1], now or utcnow(), *hparams])
            if not found:
                return []
            first = dict(conn.execute("SELECT episode_id, id FROM segments WHERE idx = 0 AND episode_id = ANY(%s)",
                                      ([e for e, _ in found],)).fetchall())
        return [(int(first[e]), score) for e, score in found if e in first]

    def fts_sessions(self, scope: Scope, match: str, limit: int, *,
                     now: datetime | None = None) -> list[tuple[Scope, float]]:
        """Sessions of ``scope`` ranked by their best block, ``[(session scope, -ts_rank)]`` best
        first; unexpired blocks only, none of a scope a running forget job covers, no filter
        (``store.turns``). The blocks ranked are bounded as ``search`` describes (ranking every
        block matching a common term took p50 283 / p95 594 ms at 80,000 blocks, 1M messages);
        below those sizes every matching block is ranked."""
        where, params = scope_predicate(scope, prefix="b.")
        with self.db.read() as conn:
            hidden, hparams = block_hidden_predicate(self._running_forgets(conn, "episodes"), prefix="b.", mark="%s")
            # Every candidate block comes back ranked (at most FTS_MAX_ROWS per kept term), so a
            # session's best candidate block is found whatever the number of its blocks.
            blocks = self._fts(conn, table="session_blocks", alias="b", match=match, limit=2**31 - 1,
                               walk=_walkable(scope),
                               from_where=f"FROM session_blocks b WHERE {where} AND {live('b.')}{hidden}",
                               params=[*params, now or utcnow(), *hparams])
            if not blocks:
                return []
            scopes = {int(r[0]): Scope(r[1], r[2], r[3], r[4], r[5]) for r in conn.execute(
                "SELECT id, org_id, project_id, user_id, agent_id, session_id FROM session_blocks WHERE id = ANY(%s)",
                ([i for i, _ in blocks],)).fetchall()}
        best: dict[Scope, float] = {}
        for block_id, score in blocks:  # best first: a session's first block is its best
            best.setdefault(scopes[block_id], score)
        ranked = sorted(best.items(), key=lambda item: (item[1], item[0].session_id or ""))
        return ranked[:limit]

    # -- a search's rows: segments with their episodes, neighbouring turns, citing facts ------
    def _segment_rows(self, conn: Conn, where: str, params: Sequence[object]) -> list[tuple[Segment, Episode]]:
        cols = ", ".join(f"e.{c.strip()}" for c in EPISODE_COLS.split(","))
        rows = fetch_rows(conn, f"SELECT s.id AS seg_id, s.idx, s.text, s.derivative, {cols} FROM segments s "
                           f"JOIN episodes e ON e.id = s.episode_id WHERE {where}", params)
        return [(Segment(r["seg_id"], r["id"], r["idx"], r["text"], r["derivative"]), row_to_episode(r))
                for r in rows]

    def segments_with_episodes(self, ids: Iterable[int]) -> dict[int, tuple[Segment, Episode]]:
        """Segments by id, each with its episode (ids come from a scoped search)."""
        ids = list(ids)
        if not ids:
            return {}
        with self.db.read() as conn:
            pairs = self._segment_rows(conn, "s.id = ANY(%s)", (ids,))
        return {seg.id: (seg, ep) for seg, ep in pairs}

    def adjacent_segments(self, episodes: Sequence[Episode], *, reach: int = 1, filter: Expr | None = None,
                          now: datetime | None = None) -> dict[int, list[tuple[Segment, Episode]]]:
        """For each episode, the first segment of the ``reach`` episodes said just before it and
        the ``reach`` said just after it in its own conversation (same scope, agent and session)
        that match ``filter``, in time order: ``{episode_id: [(segment, episode), ...]}``.

        Turns are ordered by ``(created_at, id)``: when they were said, then storage order; not
        ``sequence_num``, which spans the wider scope a message names (a message without an agent
        counts every agent's turns), so inside one conversation it has gaps and repeats.
        """
        out: dict[int, list[tuple[Segment, Episode]]] = {ep.id: [] for ep in episodes}
        compiled = filter_predicate(filter, kind="episode", alias="e.")
        if compiled is None or not episodes or reach <= 0:
            return out
        cols = ", ".join(f"e.{c.strip()}" for c in EPISODE_COLS.split(","))
        # Sources whose scopes leave the same fields empty share one statement: each field is
        # either equal to the source's (an index condition) or IS NULL.
        groups: dict[tuple[bool, ...], list[Episode]] = {}
        for ep in episodes:
            groups.setdefault(tuple(getattr(ep.scope, name) is None for name in _SCOPE_FIELDS), []).append(ep)
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "episodes", "e.")
            # One statement for all sources: each source row of the unnest walks its conversation
            # before and after it (LATERAL, two index scans bounded by LIMIT). It replaced a UNION
            # ALL of two branches per source, whose planning alone (40 branches) cost more than
            # running it: 1M segments, 20 sources, p50 28 -> 6-7 ms at load 11, the same rows.
            statements: list[str] = []
            ordered: list[object] = []
            for nulls, eps in groups.items():
                clauses = ["e.org_id = v.org_id", "e.project_id = v.project_id"]
                clauses += [f"e.{name} IS NULL" if empty else f"e.{name} = v.{name}"
                            for name, empty in zip(_SCOPE_FIELDS, nulls, strict=True)]
                when = _time_order(eps[0].scope)  # the same for the group: its session is set or not
                # The first segment is joined after the LIMIT: joined before it, every turn of the
                # session was probed for its segment before the sort kept one (1M segments, 20
                # sources: 980 probes, 4,130 buffers for 40 rows; after: 370 buffers). Every stored
                # episode has its first segment (ingest segments each message; segments are deleted
                # only with their episode).
                branch = (f"(SELECT {cols} FROM episodes e WHERE {' AND '.join(clauses)} "
                          f"AND {compiled[0]} AND {live('e.')}{hidden} AND (e.created_at, e.id) {{op}} (v.at, v.id) "
                          f"ORDER BY {when} {{direction}}, e.id {{direction}} LIMIT %s)")
                statements.append(
                    "SELECT v.id AS source_id, s.id AS seg_id, s.idx, s.text, s.derivative, x.* FROM "
                    "unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], "
                    "%s::text[], %s::text[], %s::timestamptz[]) AS v(id, org_id, project_id, user_id, agent_id, "
                    "session_id, at) CROSS JOIN LATERAL ("
                    + branch.format(op="<", direction="DESC") + " UNION ALL "
                    + branch.format(op=">", direction="ASC")
                    + ") x JOIN segments s ON s.episode_id = x.id AND s.idx = 0")
                branch_args = [*compiled[1], now or utcnow(), *hparams]
                ordered += [[ep.id for ep in eps], [ep.scope.org_id for ep in eps],
                            [ep.scope.project_id for ep in eps], [ep.scope.user_id for ep in eps],
                            [ep.scope.agent_id for ep in eps], [ep.scope.session_id for ep in eps],
                            [ep.created_at for ep in eps], *branch_args, reach, *branch_args, reach]
            sql = "SELECT * FROM (" + " UNION ALL ".join(statements) + ") r ORDER BY r.source_id, created_at, id"
            with conn.transaction():
                if filter is not None:
                    # Each branch walks one conversation (a few dozen turns); left to itself the
                    # planner intersected that with the filter's whole GIN posting list (1M rows,
                    # 1% filter: 10,000 entries read per branch). Off for this query only: the
                    # savepoint's rollback restores the setting (nothing was written).
                    conn.execute("SELECT set_config('enable_bitmapscan', 'off', true)")
                rows = fetch_rows(conn, sql, ordered)
                raise psycopg.Rollback()
            for r in rows:
                out[r["source_id"]].append((Segment(r["seg_id"], r["id"], r["idx"], r["text"], r["derivative"]),
                                            row_to_episode(r)))
        return out

    def neighbours(self, episode: Episode, segment_index: int, n: int, *,
                   filter: Expr | None = None) -> list[ContextSegment]:
        """Up to ``n`` segments before and after one segment, in conversation order (same owner,
        agent and session, where no session is its own conversation; episodes matching ``filter``;
        ordered by ``(created_at, id, segment index)`` as in ``adjacent_segments``)."""
        compiled = filter_predicate(filter, kind="episode", alias="e.")
        if n <= 0 or compiled is None:
            return []
        where, params = scope_predicate(episode.scope, prefix="e.")
        # A conversation is one session of one agent: no session means the messages outside any.
        where += (f" AND {compiled[0]} AND {live('e.')} AND e.session_id IS NOT DISTINCT FROM %s"
                  " AND e.agent_id IS NOT DISTINCT FROM %s")
        params += [*compiled[1], utcnow(), episode.scope.session_id, episode.scope.agent_id]
        key = (episode.created_at, episode.id, segment_index)
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "episodes", "e.")
            sql = ("SELECT e.id, s.idx, s.text, e.producer_id, e.role, e.created_at FROM segments s "
                   f"JOIN episodes e ON e.id = s.episode_id WHERE {where}{hidden} AND (e.created_at, e.id, s.idx) "
                   "{op} (%s, %s, %s) ORDER BY {order} LIMIT %s")
            when = _time_order(episode.scope)
            before = conn.execute(sql.format(op="<", order=f"{when} DESC, e.id DESC, s.idx DESC"),
                                  (*params, *hparams, *key, n)).fetchall()
            after = conn.execute(sql.format(op=">", order=f"{when}, e.id, s.idx"),
                                 (*params, *hparams, *key, n)).fetchall()
        rows = list(reversed(before)) + list(after)
        return [ContextSegment(r[0], r[1], r[2], r[3] or r[4], r[5].astimezone(UTC)) for r in rows]

    def citing_facts(self, scope: Scope, episode_ids: Sequence[int]) -> list[Citation]:
        """The citations of ``episode_ids`` by facts inside ``scope`` (any status; not hidden,
        not expired), one per (episode, fact), in no particular order."""
        if not episode_ids:
            return []
        where, params = scope_predicate(scope, prefix="f.", session=False)
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "facts", "f.")
            rows = conn.execute(
                f"SELECT c.episode_id, f.id, f.status, f.created_at, f.expired_at, f.value FROM fact_citations c "
                f"JOIN facts f ON f.id = c.fact_id WHERE c.episode_id = ANY(%s) AND {where} AND {live('f.')}{hidden}",
                [list(episode_ids), *params, utcnow(), *hparams]).fetchall()
            gone = outdated_marks.citations(conn, self.dialect, episode_ids)  # forgotten values, their state kept
        return [Citation(int(r[0]), int(r[1]), r[2], r[3], r[4], reveal(r[5], self.cipher)) for r in rows] + gone

    # -- search candidates ------------------------------------------------------------------
    def _kept_terms(self, conn: Conn, table: str, match: str) -> tuple[list[tuple[str, float]], search.TermStats]:
        """The terms of ``match`` not too common to rank cheaply (``search``), each with its
        estimated rows, and the table's term statistics."""
        stats = self._term_stats.get(table)
        if stats is None or time.monotonic() - stats.fetched > search.STATS_TTL_S:
            stats = self._term_stats[table] = search.term_stats(conn, table)
        return [(t, stats.estimate(t)) for t in stats.kept_terms(match_terms(match))], stats

    def _fts(self, conn: Conn, *, table: str, alias: str, from_where: str, params: Sequence[object], match: str,
             limit: int, per_term: bool = True, walk: bool = False) -> list[tuple[int, float]]:
        """``[(id, -ts_rank)]`` best first over ``FROM {table} {alias} ... WHERE ...``: the newest
        ``search.FTS_MAX_ROWS`` rows matching each kept term (so a rare term's rows are never
        crowded out by a common one's), ranked against all kept terms. ``per_term=False``: the
        newest rows matching any kept term, in one pass (a filter joined in is then evaluated
        once, not once per term). ``walk``: ``from_where``'s scope has an index ordered by id
        (``search.walks``: a common term's newest matches are found by walking it)."""
        kept, stats = self._kept_terms(conn, table, match)
        if not kept:
            return []
        terms = [t for t, _ in kept]
        groups = [[t] for t in terms] if per_term else [terms]
        args: list[object] = []

        def cols(a: str) -> str:
            # The scope columns give a row's scope tokens, which FTS5 counts in its length.
            scoped = f", {a}.user_id, {a}.agent_id, {a}.session_id" if table in bm25.SCOPED_TABLES else ""
            return f"{a}.id, {a}.tsv{scoped}"

        def subquery(group: list[str]) -> str:
            rows = sum(r for t, r in kept if t in group)
            matches = f"{alias}.tsv @@ to_tsquery('simple', %s)"
            if walk and per_term and stats.walks(group[0]):
                # The scope's newest rows, newest first, until FTS_NEWEST_ROWS match (at most
                # FTS_WALK_ROWS visited): no bitmap of every match (a GIN index has no ordered
                # scan), which cost ~15-25 ms for a term in 3.5% of 1M rows. Fewer found (the term
                # is rarer in this scope than in the table): the storage-order sample below, run
                # only then (a one-time filter on the walk's count).
                args.extend([*params, search.FTS_WALK_ROWS, tsquery(group), search.FTS_NEWEST_ROWS,
                             *params, tsquery(group), search.FTS_NEWEST_ROWS, search.FTS_MAX_ROWS])
                return (f"(WITH w AS MATERIALIZED (SELECT x.* FROM (SELECT {cols(alias)} "
                        f"{from_where} ORDER BY {alias}.id DESC LIMIT %s) x "
                        "WHERE x.tsv @@ to_tsquery('simple', %s) LIMIT %s) SELECT w.* FROM w UNION ALL "
                        f"(SELECT {cols(alias)} {from_where} AND {matches} "
                        "AND (SELECT count(*) FROM w) < %s LIMIT %s))")
            args.extend([*params, tsquery(group), search.FTS_MAX_ROWS])
            # "id + 0": the newest matches come from the full-text index and a top-N sort; walking
            # the primary key backwards instead (the planner's pick) filters ~20k rows for a 5% term.
            order = "" if rows > search.FTS_SCAN_ROWS else f"ORDER BY {alias}.id + 0 DESC "
            return f"(SELECT {cols(alias)} {from_where} AND {matches} {order}LIMIT %s)"
        union = " UNION ALL ".join(subquery(g) for g in groups)
        # Every candidate comes back with what FTS5's bm25() needs of it (``bm25.candidate_sql``): its length
        # and its query terms' occurrences, read from the tsvector the candidate rows already
        # carry (joining the table again fetched every candidate row twice, and the planner,
        # misjudging their number, hashed a sequential scan of the whole table instead: facts,
        # 36 ms at 18k rows, growing with it).
        rows = conn.execute(
            f"SELECT c.id, {bm25.candidate_sql(table, 'c', 'q')} FROM "
            f"(SELECT DISTINCT ON (u.id) u.* FROM ({union}) u ORDER BY u.id) c CROSS JOIN to_tsquery('simple', %s) q",
            (terms, *args, tsquery(terms))).fetchall()
        if not rows:
            return []
        cached = self._corpus.get(table)
        sig = self.db.snapshot_cached(conn, "bm25.signatures", lambda: bm25.signatures(conn))[table]
        corpus = self._corpus[table] = bm25.corpus(conn, table, cached=cached, ttl_s=search.STATS_TTL_S, sig=sig)
        estimates = {t: stats.estimate(t) for t in terms}
        hits = bm25.document_counts(conn, table, terms, estimates,
                                    {t for t in terms if t in stats.freqs and estimates[t] > bm25.COUNT_CAP})
        idfs = {t: bm25.idf(corpus.rows, hits[t]) for t in terms}
        # A NULL length (no rank: cannot happen for a row matching a query term) counts as average.
        scored = sorted((bm25.score(bm25.frequencies(r[2]), corpus.avgdl if r[1] is None else float(r[1]), idfs,
                                    corpus.avgdl), int(r[0])) for r in rows)
        return [(i, r) for r, i in scored[:limit]]

    def _live_segments(self, conn: Conn, scope: Scope, filter: Expr | None,
                       now: datetime | None) -> tuple[str, list[object]] | None:
        """``FROM segments s WHERE ...`` and its parameters: the scope's unexpired segments whose
        episodes match ``filter``, minus rows of running forget jobs; ``None`` if nothing can match.

        The filter runs on the segment's own copy of its episode's fields (migration 6, kept by
        triggers), so its index and the full-text index intersect without joining episodes."""
        compiled = filter_predicate(filter, kind="episode", alias="s.")
        if compiled is None:
            return None
        where, params = scope_predicate(scope, prefix="s.")
        hidden, hparams = self._hidden(conn, "segments", "s.")
        return (f"FROM segments s WHERE {where} AND {compiled[0]} AND {live('s.')}{hidden}",
                [*params, *compiled[1], now or utcnow(), *hparams])

    def _scope_facts(self, conn: Conn, scope: Scope, statuses: Sequence[str], filter: Expr | None,
                     now: datetime | None) -> tuple[Source, Source | None] | None:
        """``(facts, copy)``: ``FROM facts f WHERE ...`` with its parameters (``scope``'s unexpired
        facts of ``statuses`` matching ``filter``, minus rows of running forget jobs) and, when the
        search asks for the active ones without a filter, the same rows from their narrow copy
        ``active_fact_search`` (migration 17, kept by a trigger: the scope, TTL and hidden
        predicates read only columns it has), else ``None``; ``None`` if nothing can match."""
        compiled = filter_predicate(filter, kind="fact", alias="f.", value_mac=self.value_mac)
        if compiled is None:
            return None
        where, params = scope_predicate(scope, prefix="f.", session=False)
        hidden, hparams = self._hidden(conn, "facts", "f.")
        when = now or utcnow()
        facts: Source = (f"FROM facts f WHERE {where} AND f.status = ANY(%s) AND {compiled[0]} "
                         f"AND {live('f.')}{hidden}", [*params, list(statuses), *compiled[1], when, *hparams])
        if compiled[0] != "TRUE" or list(statuses) != ["active"]:
            return facts, None
        return facts, (f"FROM active_fact_search f WHERE {where} AND {live('f.')}{hidden}", [*params, when, *hparams])

    def fts_segments(self, scope: Scope, match: str, limit: int, *,
                     filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates ``[(segment_id, -ts_rank)]`` in ``scope`` matching ``filter``, best
        first (lower is better, like SQLite's bm25); bounded as ``search`` describes."""
        with self.db.read() as conn:
            source = self._live_segments(conn, scope, filter, now)
            if source is None:
                return []
            return self._fts(conn, table="segments", alias="s", match=match, limit=limit, per_term=filter is None,
                             walk=_walkable(scope), from_where=source[0], params=source[1])

    def fts_facts(self, scope: Scope, match: str, limit: int, statuses: Sequence[str], *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among facts ``[(fact_id, -ts_rank)]`` matching ``filter``, best first
        (bounded as ``fts_segments``). Active facts without a filter are read from their narrow
        copy (``_scope_facts``)."""
        with self.db.read() as conn:
            sources = self._scope_facts(conn, scope, statuses, filter, now)
            if sources is None:
                return []
            source, narrow = sources
            from_where, params = narrow if narrow is not None else source
            # table="facts" whichever rows are read: term statistics and BM25's corpus are of all
            # facts, as SQLite's FTS5 table of facts.
            return self._fts(conn, table="facts", alias="f", match=match, limit=limit, per_term=filter is None,
                             from_where=from_where, params=params)

    def nearest_segments(self, scope: Scope, vector: np.ndarray, *, k: int, min_similarity: float,
                         filter: Expr | None = None, now: datetime | None = None,
                         exact: bool | None = None) -> list[tuple[int, float]]:
        """``[(segment_id, cosine)]`` of the ``k`` nearest embedded segments in ``scope`` whose episodes
        match ``filter``, best first; exact or HNSW as ``search.nearest`` decides (``exact`` forces)."""
        with self.db.read() as conn:
            source = self._live_segments(conn, scope, filter, now)
            if source is None:
                return []
            return search.nearest(conn, from_where=source[0], params=source[1], vector=vector, k=k,
                                  min_similarity=min_similarity, exact=exact, ef_search=self.ef_search,
                                  owned=self.db.owns(conn))

    def nearest_scope_facts(self, scope: Scope, vector: np.ndarray, *, statuses: Sequence[str], k: int,
                            min_similarity: float, filter: Expr | None = None,
                            now: datetime | None = None, exact: bool | None = None) -> list[tuple[int, float]]:
        """``[(fact_id, cosine)]`` of the ``k`` nearest embedded facts in ``scope``; exact or HNSW as
        ``search.nearest`` decides (``exact`` forces). A search of active facts without a filter
        reads their narrow copy (``_scope_facts``) when it is exact."""
        with self.db.read() as conn:
            sources = self._scope_facts(conn, scope, statuses, filter, now)
            if sources is None:
                return []
            (from_where, params), narrow = sources
            return search.nearest(conn, from_where=from_where, params=params, vector=vector, k=k,
                                  min_similarity=min_similarity, exact=exact, ef_search=self.ef_search,
                                  table="facts", alias="f", owned=self.db.owns(conn),
                                  exact_max_rows=search.FACTS_EXACT_MAX_ROWS, narrow=narrow)

