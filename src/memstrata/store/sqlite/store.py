"""The embedded store: episodes, segments, facts and the audit log in one SQLite file.

Every read takes a ``Scope`` and turns it into a WHERE clause inside the query
(isolation before ranking, never by filtering results afterwards). Write methods
take the connection of an open ``Database.write()`` transaction so one logical
write (an episode with its segments, vectors, index rows, facts and events) is
one transaction.

This module holds the read predicate and the search: full-text and vector candidates and the
rows a search reads around them. The other concerns are mixins over ``SQLiteBase``
(``store.sqlite.base``): ``episodes`` (ingest's writes), ``facts`` (the fact engine's writes
and the audit log), ``reads`` (listings and counts), ``neighbours`` (the turns around a search's
hits) and ``lifecycle`` (deletion, import, scrubbing).
"""

from __future__ import annotations

import heapq
import re
import sqlite3
from collections.abc import Callable, Hashable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from memstrata.clock import from_db, parse_time, to_db, utcnow
from memstrata.filter import And, Compare, Expr, Field, Or
from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store import outdated_marks
from memstrata.store.records import Citation
from memstrata.store.scope import hidden_predicate, running_forgets_sql
from memstrata.store.sqlite.base import SQLiteBase, filter_predicate, scope_tokens
from memstrata.store.sqlite.connection import Database
from memstrata.store.sqlite.episodes import EpisodeWrites
from memstrata.store.sqlite.facts import FactWrites
from memstrata.store.sqlite.kept_facts import KeptFacts
from memstrata.store.sqlite.lifecycle import LifecycleHooks
from memstrata.store.sqlite.neighbours import NeighbourReads
from memstrata.store.sqlite.reads import Listings
from memstrata.store.sqlite.rows import EPISODE_COLS, row_to_episode, scope_predicate, tuples
from memstrata.store.sqlite.searched import SearchedRows
from memstrata.store.sqlite.vocabulary import TermPresence
from memstrata.store.turns import SESSION_BLOCK_TURNS, block_hidden_predicate
from memstrata.store.vectors import VectorCache, top_k
from memstrata.types import Episode, Scope, Segment

#: How many times ``limit`` the unscoped full-text query fetches before checking scope.
OVERFETCH = 4

#: ``memo(key, load)``: ``load()``, kept while the file holds the same rows (``TermPresence.kept``).
Memo = Callable[[Hashable, Callable[[], Any]], Any]

# Full-text scores: bm25 with the scope column weighing 0, as the tables' ``rank`` option says
# (schema). Called directly: ``ORDER BY rank`` runs through FTS5's own sorter (a nested
# statement, then a seek per row), ~30 % slower at 100k segments for the same order.
_BM25_SEGMENTS_FTS = "bm25(segments_fts, 1.0, 0.0)"
_BM25_TURNS_FTS = "bm25(turns_fts, 1.0, 0.0)"
_BM25_SESSION_BLOCKS_FTS = "bm25(session_blocks_fts, 1.0, 0.0)"


#: Matches of one full-text query ranked at most: past it, the scope's newest this many, and
#: the older matches of its rare terms. FTS5 scores every match (~1 µs each with bm25), so
#: ranking all of them grew with the store: a two-word question over 100k synthetic messages
#: matched 16k rows (~15 ms a list). Above LoCoMo's and MemoryBank's largest match sets, whose
#: rankings are exact.
RANKED_MATCHES = 2_500
#: A term matching at most this many rows is ranked in all of them, however old: a rare word is
#: the one a question is about. Its older matches are scored by the rare terms alone.
RARE_MATCHES = 1_000


def _count_upto(conn: sqlite3.Connection, table: str, where: str, params: Sequence[object], n: int) -> int:
    """Rows of ``table`` matching ``where``, counted up to ``n``."""
    sql = f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {where} LIMIT ?)"
    return int(conn.execute(sql, (*params, n)).fetchone()[0])


def _newest_matches(conn: sqlite3.Connection, table: str, expr: str, n: int) -> tuple[int | None, int | None]:
    """The rowids of the ``n``-th and the ``n + 1``-th newest rows of ``table`` matching ``expr``
    (``None`` where fewer match): the floor of the newest ``n`` and whether more than ``n`` match,
    in one walk of the index backwards by rowid (scoring nothing)."""
    rows = [int(r[0]) for r in conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT 2 OFFSET ?", (expr, n - 1))]
    return (rows[0] if rows else None), (rows[1] if len(rows) > 1 else None)


def _rows_at_most(conn: sqlite3.Connection, table: str) -> int:
    """At most how many rows full-text ``table`` holds: the span of its rowids, read in two seeks
    (~3 µs each). No query can match more: a table within a bound needs no walk to count its matches
    (MemoryBank-zh's pool: 566 turns, 1,097 sentences; LoCoMo's: 295 session blocks)."""
    last = conn.execute(f"SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT 1").fetchone()
    if last is None:
        return 0
    first = conn.execute(f"SELECT rowid FROM {table} ORDER BY rowid ASC LIMIT 1").fetchone()
    return int(last[0]) - int(first[0]) + 1


def _more_than(conn: sqlite3.Connection, table: str, expr: str, n: int) -> int | None:
    """The rowid of the ``n + 1``-th newest row of ``table`` matching ``expr``, ``None`` if at
    most ``n`` match (the index walks rowids backwards, scoring nothing)."""
    row = conn.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
                       (expr, n)).fetchone()
    return None if row is None else int(row[0])


def _best_kept(ranked: list[Any], limit: int, keep: Callable[[list[Any]], list[tuple[int, float]]],
               ) -> list[tuple[int, float]]:
    """``keep(ranked)`` (the ranked rows the scope may read, their order kept) as far as its first
    ``limit``: the best ``limit`` rows are checked first, and when the scope may read them all they are
    its best and the rest go unchecked (a long message's common words rank ~200 rows a list, of which
    50 are used); else the rest are checked too and appended."""
    best = keep(ranked[:limit])
    return best if len(best) >= limit else best + keep(ranked[limit:])


def _fts_top(conn: sqlite3.Connection, table: str, score: str, match: str, required: str, limit: int,
             in_scope: Callable[[list[Any]], list[tuple[int, float]]],
             scope_rows: Callable[[int], int], *, checked: bool = True,
             memo: Memo | None = None) -> list[tuple[int, float]]:
    """The best ``limit`` rows of ``table`` (``segments_fts`` or ``turns_fts``) for ``terms :
    (match)`` in the scope whose tokens are ``required`` (``scope_tokens``), ``[(rowid, score)]``
    best first; ``in_scope`` keeps the ranked rows the scope may read (their order kept), and
    ``scope_rows(n)`` counts the rows the scope may read up to ``n``.

    Exact (the plan ``fts_segments`` gives) when at most ``RANKED_MATCHES`` rows of the file
    match or the scope holds at most that many rows. Past both, the most recently stored
    ``RANKED_MATCHES`` matches are ranked (those of the file, if at least ``limit`` of them are
    the scope's, else the scope's own), and of the older ones only the matches of rare terms
    (``RARE_MATCHES``), scored by those terms alone: they rank below newer rows with the same
    words, but a rare word's memory is found however old. ``checked=False``: ``in_scope`` keeps every
    row (each stored row is the scope's, ``SQLiteStore._whole_file``), so the index's own top
    ``limit`` is ranked, not ``OVERFETCH`` times as many (the sorter breaks ties in scan order: the
    same rows in the same order, ~0.2 ms less for 3,000 matches). ``memo``: keeps answers that depend
    on the file alone across searches (``TermPresence.kept``)."""
    sql = f"SELECT rowid, {score} AS r FROM {table} WHERE {table} MATCH ?{{}} ORDER BY r LIMIT ?"
    fetch = OVERFETCH * limit if checked else limit
    anywhere, scoped = f"terms : ({match})", f"terms : ({match}) AND scope : ({required})"
    # A table of at most RANKED_MATCHES rows is ranked whole: its matches are not counted first.
    floor, beyond = ((None, None) if _held(conn, table, memo) <= RANKED_MATCHES
                     else _newest_matches(conn, table, anywhere, RANKED_MATCHES))
    # Unchecked, every stored row is the scope's: more matches than RANKED_MATCHES are more scope
    # rows too, so they are not counted (2,501 entries of the scope's index: ~0.2 ms a list).
    if beyond is None or (checked and scope_rows(RANKED_MATCHES + 1) <= RANKED_MATCHES):
        ranked = tuples(conn).execute(sql.format(""), (anywhere, fetch)).fetchall()
        kept = _best_kept(ranked, limit, in_scope)
        if len(kept) < limit and len(ranked) == fetch:
            kept = in_scope(tuples(conn).execute(sql.format(""), (scoped, limit)).fetchall())
        return kept
    # A large scope: its rows are most of the file (one big user), or the file's newest matches
    # are other scopes' and the scope's own tokens select its rows (their bm25 is slower: FTS5
    # counts the token's rows for its idf, although it weighs 0).
    kept = in_scope(_newest_top(conn, table, sql, match, "", limit, floor=floor, memo=memo))
    if len(kept) < limit:
        kept = in_scope(_newest_top(conn, table, sql, match, f" AND scope : ({required})", limit, memo=memo))
    return kept


def _held(conn: sqlite3.Connection, table: str, memo: Memo | None) -> int:
    """``_rows_at_most(conn, table)``, through ``memo`` when given."""
    return _rows_at_most(conn, table) if memo is None else memo((table, "rows at most"),
                                                                 lambda: _rows_at_most(conn, table))


def _newest_top(conn: sqlite3.Connection, table: str, sql: str, match: str, scope: str, limit: int, *,
                ranked_matches: int | None = None, rare_matches: int | None = None,
                floor: int | None = None, memo: Memo | None = None) -> list[Any]:
    """``_fts_top``'s bounded ranking: the best ``limit`` of the newest ``ranked_matches`` rows
    (default ``RANKED_MATCHES``) matching ``terms : (match)`` + ``scope``, merged with the older
    rows of terms matching at most ``rare_matches`` rows (default ``RARE_MATCHES``). ``floor``:
    the rowid of the ``ranked_matches``-th newest match when the caller has it (else looked up).
    ``memo`` (``TermPresence.kept``): keeps each term's rare-or-not answer across searches, since
    it depends on the file alone (a walk of up to ``rare_matches`` rows a term)."""
    expr = f"terms : ({match}){scope}"
    ranked_matches = RANKED_MATCHES if ranked_matches is None else ranked_matches
    if floor is None and _held(conn, table, memo) >= ranked_matches:  # else fewer match: no floor
        floor = _more_than(conn, table, expr, ranked_matches - 1)
    if floor is None:
        return tuples(conn).execute(sql.format(""), (expr, limit)).fetchall()
    ranked = tuples(conn).execute(sql.format(" AND rowid >= ?"), (expr, floor, limit)).fetchall()
    few = RARE_MATCHES if rare_matches is None else rare_matches

    def is_rare(term: str) -> bool:
        def ask() -> bool:
            return _more_than(conn, table, f"terms : ({term}){scope}", few) is None
        return ask() if memo is None else memo((table, term, scope, few, "rare"), ask)
    rare = [t for t in re.findall(r'"[^"]*"', match) if is_rare(t)]
    if rare:
        older = tuples(conn).execute(sql.format(" AND rowid < ?"),
                                     (f"terms : ({' OR '.join(rare)}){scope}", floor, limit))
        ranked = sorted(ranked + older.fetchall(), key=lambda r: float(r[1]))[:limit]
    return ranked


#: A segment's creation time (its episode's), read into the scope's vector copy.
_SEGMENT_CREATED = "(SELECT e.created_at FROM episodes e WHERE e.id = segments.episode_id)"


def created_ranges(expr: Expr) -> list[tuple[datetime, datetime]] | None:
    """The half-open ``[start, end)`` periods of a filter on ``created_at`` alone, in the
    shapes ``recall.periods.period_filter`` writes (``created_at >= a AND created_at < b``, OR-ed),
    or ``None`` for any other filter."""
    branches = expr.operands if isinstance(expr, Or) else (expr,)
    out = []
    for branch in branches:
        parts = branch.operands if isinstance(branch, And) else ()
        if len(parts) != 2 or not all(isinstance(p, Compare) and p.field == Field("created_at")
                                      and isinstance(p.value, str) for p in parts):
            return None
        bounds = {p.op: parse_time(str(p.value)) for p in parts if isinstance(p, Compare)}
        if set(bounds) != {">=", "<"}:
            return None
        out.append((bounds[">="], bounds["<"]))
    return out


#: Episodes of a period whose rows' ids are looked up to bound a filtered full-text search.
PERIOD_LOOKUPS = 10_000


def _period_rowids(conn: sqlite3.Connection, scope: Scope, expr: Expr, match: str, required: str, *,
                   segments: bool, memo: Callable[[Any, Callable[[], Any]], Any] | None = None,
                   ) -> tuple[int, int, str]:
    """Inclusive bounds on the full-text rowids (segment ids, or episode ids: ``segments=False``)
    that a filter with a creation-time period (``created_ranges``, alone or ANDed) can keep, and
    the MATCH expression to search them with. FTS5 skips rowids out of range, so a search inside
    a selective period ranks the period's matches, not every match of the scope (a short period
    in 100k messages: 70 -> ~1 ms for both lists); within the range the scope's tokens are left
    out of the MATCH (the SQL scope check stays), because FTS5 counts every row holding them
    for their idf although they weigh 0. Unbounded, with the tokens, without such a period or
    when it holds over ``PERIOD_LOOKUPS`` episodes; an empty range when it holds none. ``memo``
    (``Database.snapshot_cached``) keeps the periods' episode ranges for the read transaction: a
    search's sentence and whole-turn lists ask for the same periods."""
    parts = expr.operands if isinstance(expr, And) else (expr,)
    periods = next((p for p in map(created_ranges, (expr, *parts)) if p is not None), None)
    everything = (0, 2**63 - 1, f"terms : ({match}) AND scope : ({required})")
    if periods is None:
        return everything
    where, params = scope_predicate(scope, prefix="e.")
    merged = _merged(periods)

    def episodes() -> tuple[list[tuple[int, int]], int] | None:
        return _period_episodes(conn, where, params, merged)
    counted = episodes() if memo is None else memo(("period episodes", scope, tuple(merged)), episodes)
    if counted is None:
        return everything
    found, held = counted
    if found and segments:
        found = _segment_bounds(conn, where, params, merged, found, held)
    if not found:
        return 1, 0, f"terms : ({match})"
    return min(f for f, _ in found), max(last for _, last in found), f"terms : ({match})"


def _period_episodes(conn: sqlite3.Connection, where: str, params: list[object],
                     periods: Sequence[tuple[datetime, datetime]]) -> tuple[list[tuple[int, int]], int] | None:
    """The first and last episode id of each of ``periods`` (merged: ``_merged``) that holds an
    episode ``where`` keeps (the scope's predicate over alias ``e``), and how many episodes they
    hold; ``None`` when over ``PERIOD_LOOKUPS``."""
    # One period at a time, each an index range on created_at ("in October" is every October of
    # the years searched: OR-ed ranges made the planner read all the scope's episodes, ~11 ms in
    # LoCoMo's pool of 2,951, ~15 ms joined to their segments), the periods merged first so that
    # none is counted twice.
    held, ranges = 0, []
    for start, end in periods:
        bounds = [*params, to_db(start), to_db(end)]
        inside = f"SELECT e.id AS id FROM episodes e WHERE {where} AND e.created_at >= ? AND e.created_at < ? LIMIT ?"
        count, first, last = conn.execute(f"SELECT count(*), min(id), max(id) FROM ({inside})",
                                          (*bounds, PERIOD_LOOKUPS + 1 - held)).fetchone()
        held += count
        if held > PERIOD_LOOKUPS:
            return None
        ranges.append((first, last))
    return [(int(first), int(last)) for first, last in ranges if first is not None], held


#: ``_segment_bounds`` reads the segments of an episode id range rather than joining the periods'
#: episodes to theirs when the range spans under this many episodes per episode of the periods
#: (an index entry read in order costs about a tenth of a join's look-up, ~3 segments an episode).
SPAN_PER_EPISODE = 4


def _segment_bounds(conn: sqlite3.Connection, where: str, params: list[object],
                    periods: Sequence[tuple[datetime, datetime]], episodes: list[tuple[int, int]],
                    held: int) -> list[tuple[int, int]]:
    """Bounds on the segment ids of the episodes in ``periods`` (``episodes``: each period's first
    and last episode id, ``held`` episodes in all): their own, joined period by period, or, when
    the periods hold most of the episodes of their id range (a year of LoCoMo's pool: ~2,000 of
    2,951 episodes, ~9,000 segments joined, ~10 ms), the segments of that whole id range, which may
    hold more (the caller's SQL keeps the periods' rows), read from the segments' episode index."""
    first, last = min(f for f, _ in episodes), max(end for _, end in episodes)
    if last - first + 1 < SPAN_PER_EPISODE * held:
        row = conn.execute("SELECT min(id), max(id) FROM segments WHERE episode_id BETWEEN ? AND ?",
                           (first, last)).fetchone()
        return [] if row[0] is None else [(int(row[0]), int(row[1]))]
    out = []
    for start, end in periods:
        row = conn.execute(f"SELECT min(s.id), max(s.id) FROM episodes e JOIN segments s ON s.episode_id = e.id "
                           f"WHERE {where} AND e.created_at >= ? AND e.created_at < ?",
                           [*params, to_db(start), to_db(end)]).fetchone()
        if row[0] is not None:
            out.append((int(row[0]), int(row[1])))
    return out


def _merged(periods: Sequence[tuple[datetime, datetime]]) -> list[tuple[datetime, datetime]]:
    """Half-open periods sorted, those that overlap or touch joined: the same instants, each once."""
    out: list[tuple[datetime, datetime]] = []
    for start, end in sorted(periods):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _episode_filter(expr: Expr | None, outer: str) -> tuple[str, list[object]] | None:
    """A filter on episodes as a predicate over segment rows of table/alias ``outer``."""
    compiled = filter_predicate(expr, kind="episode", alias="fe.")
    if compiled is None or expr is None or compiled[0] == "1":
        return compiled
    sql, params = compiled
    return f"EXISTS (SELECT 1 FROM episodes fe WHERE fe.id = {outer}.episode_id AND {sql})", params


#: Session blocks whose scope ``_best_sessions`` checks at a time.
BLOCK_CHECKS = 100


def _best_sessions(conn: sqlite3.Connection, ranked: Sequence[Any], limit: int, where: str,
                   params: list[object]) -> dict[tuple[Any, ...], float]:
    """Each session's best score among the ``ranked`` blocks ``[(block id, bm25)]`` (best first)
    that ``where`` keeps, keyed ``(org, project, user, agent, session)``: the best ``limit`` of
    them as if every block were checked. Blocks are checked ``BLOCK_CHECKS`` at a time; once
    ``limit`` sessions are found and the next block scores worse than the ``limit``-th of them,
    no later block changes the best ``limit`` (its session already has a better block, or it
    ranks below them), so the rest are not read."""
    best: dict[tuple[Any, ...], float] = {}
    for start in range(0, len(ranked), BLOCK_CHECKS):
        chunk = ranked[start:start + BLOCK_CHECKS]
        # NOT INDEXED: by rowid. Left to itself the planner walks the scope's blocks in
        # session_blocks_session (8,000 at 100k segments: ~2 ms, against ~0.2 ms).
        keys = {r[0]: tuple(r[1:]) for r in conn.execute(
            "SELECT b.id, b.org_id, b.project_id, b.user_id, b.agent_id, b.session_id FROM session_blocks b "
            f"NOT INDEXED WHERE b.id IN ({','.join('?' * len(chunk))}) AND {where}", [r[0] for r in chunk] + params)}
        for block, score in chunk:
            if block in keys:
                best.setdefault(keys[block], float(score))
        following = start + BLOCK_CHECKS
        if (following < len(ranked) and len(best) >= limit
                and heapq.nsmallest(limit, best.values())[-1] < float(ranked[following][1])):
            break
    return best


class SQLiteStore(EpisodeWrites, FactWrites, Listings, NeighbourReads, LifecycleHooks, SQLiteBase):
    """Storage operations over one ``Database``; see the module docstring."""

    def __init__(self, path: Path, *, busy_timeout_s: float = 30.0) -> None:
        self.db = Database(path, busy_timeout_s=busy_timeout_s)
        self.db.conn.row_factory = sqlite3.Row
        self.vectors = VectorCache()
        #: The segment rows searches read (``segments_with_episodes``), kept while none changes.
        self.searched = SearchedRows()
        self.searched.watch(self.db.conn)
        #: Which query terms each full-text table holds (``store.sqlite.vocabulary``): a MATCH leaves out the rest.
        self.vocabulary = TermPresence()
        self.kept_facts = KeptFacts()
        self.block_text = {}
        self.db.before_commit = self.write_block_text
        self.db.on_rollback = self._rolled_back
        #: Decrypts high-sensitivity values on read; ``None``: they read as ``[ENCRYPTED]``.
        self.cipher: Cipher | None = None

    def _rolled_back(self) -> None:
        # A rolled-back write may have fed uncommitted rows into the working copies, and its
        # blocks' text is not to be written.
        self.vectors.clear()
        self.searched.clear()
        self.vocabulary.clear()
        self.kept_facts.clear()
        self.block_text = {}

    # -- the read predicate -----------------------------------------------------------------
    def hidden_clause(self, conn: sqlite3.Connection, table: str, prefix: str = "") -> tuple[str, list[object]]:
        """SQL excluding rows of ``table`` that a running forget job has hidden ("" when none);
        see ``store.scope.hidden_predicate``. The jobs are read once per read transaction (a
        search asked seven times)."""
        return hidden_predicate(self._running_forgets(conn, table), table, prefix=prefix)

    def _running_forgets(self, conn: sqlite3.Connection, table: str) -> list[tuple[Any, ...]]:
        """The rows of ``running_forgets_sql(table)``, read once per read transaction."""
        return self.db.snapshot_cached(("forget_jobs", table), lambda: [
            tuple(r) for r in conn.execute(running_forgets_sql(table)).fetchall()])

    def where(self, conn: sqlite3.Connection, scope: Scope, *, table: str, prefix: str = "",
              session: bool = True, now: datetime | None = None, expiry: bool = True,
              extra: tuple[str, list[object]] | None = None) -> tuple[str, list[object]]:
        """The full read predicate of ``table``: ``scope_predicate``, and ``extra`` (a compiled
        filter), minus scopes a running forget job hides, minus rows whose ``expires_at`` has
        passed at ``now`` (default: the current time)."""
        where, params = scope_predicate(scope, prefix=prefix, session=session)
        if extra is not None:
            where += f" AND {extra[0]}"
            params += extra[1]
        hidden, hparams = self.hidden_clause(conn, table, prefix)
        if hidden:
            where += " AND " + hidden
            params += hparams
        if expiry:
            where += f" AND ({prefix}expires_at IS NULL OR {prefix}expires_at > ?)"
            params.append(to_db(now or utcnow()))
        return where, params

    # -- search candidates: whole turns and sessions (``store.turns``) -----------------------

    def fts_turns(self, scope: Scope, match: str, limit: int, *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among whole turns, ``[(id of the turn's first segment, bm25)]`` in
        ``scope`` matching ``filter``, best first (bm25: lower is better). The same plan as
        ``fts_segments``: the index's own top first, the scope's tokens when that falls short,
        one joined query with a filter; scope, expiry, running forget jobs and the filter are
        checked on the turn's episode."""
        required = " AND ".join(f'"{t}"' for t in scope_tokens(scope))
        compiled = filter_predicate(filter, kind="episode", alias="e.")
        if compiled is None:
            return []
        with self.db.read() as conn:
            if not (match := self.vocabulary.present(conn, "turns_fts", match)):
                return []  # no row holds any of the terms
            where, params = self.where(conn, scope, table="episodes", prefix="e.", now=now, extra=compiled)
            if filter is not None:
                lo, hi, expr = _period_rowids(conn, scope, filter, match, required, segments=False,
                                              memo=self.db.snapshot_cached)
                ranked = conn.execute(
                    f"SELECT e.id, {_BM25_TURNS_FTS} FROM turns_fts JOIN episodes e ON e.id = turns_fts.rowid "
                    f"WHERE turns_fts MATCH ? AND turns_fts.rowid BETWEEN ? AND ? AND {where} "
                    f"ORDER BY {_BM25_TURNS_FTS} LIMIT ?", (expr, lo, hi, *params, limit)).fetchall()
                kept = [(int(r[0]), float(r[1])) for r in ranked]
            else:
                everyone = self._whole_file(conn, scope, "episodes", "episodes_user")
                kept = _fts_top(conn, "turns_fts", _BM25_TURNS_FTS, match, required, limit,
                                lambda ranked: self._turns_in_scope(conn, ranked, where, params, everyone),
                                lambda n: self._scope_rows(conn, scope, "episodes e", where, params, n),
                                checked=not everyone, memo=self.vocabulary.kept(conn))
            kept = kept[:limit]
            if not kept:
                return []
            marks = ",".join("?" * len(kept))
            first = dict(conn.execute(f"SELECT episode_id, id FROM segments WHERE idx = 0 AND episode_id IN ({marks})",
                                      [e for e, _ in kept]).fetchall())
        return [(int(first[e]), score) for e, score in kept if e in first]

    def _scope_rows(self, conn: sqlite3.Connection, scope: Scope, table: str, where: str, params: list[object],
                    n: int) -> int:
        """``_fts_top``'s ``scope_rows``: the rows of ``table`` (``segments`` or ``episodes e``) that
        ``scope`` may read (``where``, ``params``: the full read predicate), counted up to ``n``.
        While every stored row is readable (no episode of the file has an expiry, no forget job
        is running) they are counted in the scope's index alone, reading no row (2,500 rows:
        ~0.2 ms against ~2 ms); segments expire with their episode."""
        name, _, alias = table.partition(" ")
        if self._all_readable(conn, name):
            return _count_upto(conn, table, *scope_predicate(scope, prefix=f"{alias}." if alias else ""), n)
        return _count_upto(conn, table, where, params, n)

    def _all_readable(self, conn: sqlite3.Connection, table: str) -> bool:
        """Whether every stored row of ``table`` passes the read predicate's expiry and forget-job
        parts now: no episode of the file has an expiry (segments expire with their episode; the
        partial index ``episodes_expires`` answers at once) and no forget job hides rows of it."""
        return self.db.snapshot_cached(("readable", table), lambda: (
            conn.execute("SELECT 1 FROM episodes WHERE expires_at IS NOT NULL LIMIT 1").fetchone() is None
            and not self.hidden_clause(conn, table)[0]))

    def _whole_file(self, conn: sqlite3.Connection, scope: Scope, table: str, index: str) -> bool:
        """Whether every stored row of ``table`` (``segments`` or ``episodes``) passes the read
        predicate of ``scope`` now: the scope names its user and no agent or session, every row
        is readable (``_all_readable``), and the first and the last row of the scope's ``index``
        (``org_id, project_id, user_id, ...``) are the scope's, read in two seeks. A file holding
        one user's memory (an agent's own file, the bench's stores) then skips the scope check of
        its ranked full-text rows (200 ids a list: ~0.3 ms each at 10k segments)."""
        if scope.user_id is None or scope.agent_id is not None or scope.session_id is not None:
            return False
        owner = (scope.org_id, scope.project_id, scope.user_id)

        def load() -> bool:
            ends = [conn.execute(f"SELECT org_id, project_id, user_id FROM {table} INDEXED BY {index} "
                                 f"ORDER BY org_id {way}, project_id {way}, user_id {way} LIMIT 1").fetchone()
                    for way in ("ASC", "DESC")]
            return all(end is not None and tuple(end) == owner for end in ends)
        return self._all_readable(conn, table) and self.db.snapshot_cached(("whole_file", table, owner), load)

    @staticmethod
    def _turns_in_scope(conn: sqlite3.Connection, ranked: list[Any], where: str, params: list[object],
                        everyone: bool = False) -> list[tuple[int, float]]:
        if not ranked or everyone:  # ``everyone``: every stored turn is the scope's (``_whole_file``)
            return [(int(r[0]), float(r[1])) for r in ranked]
        marks = ",".join("?" * len(ranked))
        # NOT INDEXED: by rowid. Left to itself the planner walks the owner's index (episodes_user),
        # every episode of the user: 67 ms at 100k, against 0.2 ms for 200 rowid lookups.
        allowed = {r[0] for r in conn.execute(
            f"SELECT e.id FROM episodes e NOT INDEXED WHERE e.id IN ({marks}) AND {where}",
            [r[0] for r in ranked] + params)}
        return [(int(r[0]), float(r[1])) for r in ranked if r[0] in allowed]

    def fts_sessions(self, scope: Scope, match: str, limit: int, *,
                     now: datetime | None = None) -> list[tuple[Scope, float]]:
        """Sessions of ``scope`` ranked by their best block, ``[(session scope, bm25)]`` best first
        (lower is better; the scope names the session's user, agent and session). Unexpired
        blocks only; every block of a scope a running forget job covers is left out. There is no
        filter: blocks mix turns a filter may hide (``store.turns``)."""
        required = " AND ".join(f'"{t}"' for t in scope_tokens(scope))
        where, params = scope_predicate(scope, prefix="b.")
        best: dict[tuple[Any, ...], float] = {}
        with self.db.read() as conn:
            if not (match := self.vocabulary.present(conn, "session_blocks_fts", match)):
                return []  # no block holds any of the terms
            memo = self.vocabulary.kept(conn)
            hidden, hparams = block_hidden_predicate(self._running_forgets(conn, "episodes"), prefix="b.", mark="?")
            # When every stored turn is the scope's (``_whole_file``), so is every block built from
            # them: the scope's tokens would select every block while FTS5 merges their doclists into
            # each walk and scores them in each rank (weighing 0: the same scores, the same order).
            scoped = "" if self._whole_file(conn, scope, "episodes", "episodes_user") else f" AND scope : ({required})"
            params += [to_db(now or utcnow()), *hparams]
            # The best blocks first (FTS5's top-N sort), then their sessions: grouping every
            # matching block by session joined each of them first (~6,000 at 100k segments).
            # A session's first block in that order is its best; fetched again, deeper, until
            # ``limit`` sessions are found or no block is left.
            fetch = 2 * OVERFETCH * limit  # a session often has several good blocks
            sql = (f"SELECT rowid, {_BM25_SESSION_BLOCKS_FTS} AS r FROM session_blocks_fts "
                   "WHERE session_blocks_fts MATCH ?{} ORDER BY r LIMIT ?")
            while True:
                # Past the text of RANKED_MATCHES turns, the newest blocks (and rare terms' older
                # ones), as for turns (``_fts_top``): a block holds up to SESSION_BLOCK_TURNS turns.
                ranked = _newest_top(conn, "session_blocks_fts", sql, match, scoped, fetch,
                                     ranked_matches=max(fetch, RANKED_MATCHES // SESSION_BLOCK_TURNS),
                                     rare_matches=RARE_MATCHES // SESSION_BLOCK_TURNS, memo=memo)
                best = _best_sessions(conn, ranked, limit, f"{where} AND (b.expires_at IS NULL OR b.expires_at > ?)"
                                      f"{hidden}", params)
                if len(best) >= limit or len(ranked) < fetch:
                    break
                fetch *= 4
        # Ties in session order, as grouping by session gave them.
        order = sorted(best, key=lambda k: (best[k], [(v is not None, v or "") for v in k]))[:limit]
        return [(Scope(*k), best[k]) for k in order]

    # -- a search's rows: segments with their episodes, citing facts (neighbours: ``.neighbours``)
    def segments_with_episodes(self, ids: Iterable[int]) -> dict[int, tuple[Segment, Episode]]:
        """Segments by id, each with its episode (ids come from a scoped search), by id in
        ascending order. Rows read before are taken from ``self.searched`` (``store.sqlite.searched``:
        kept while no stored row changes), the rest read here and kept; the objects are shared with
        that cache, to read and not to change (a search's hits get episodes of their own)."""
        ids = list(ids)
        if not ids:
            return {}
        with self.db.read() as conn:
            self.searched.check(conn)
            kept = self.searched.fits(len(ids))
            missing = [i for i in ids if i not in self.searched] if kept else ids
            if missing:
                marks = ",".join("?" * len(missing))
                cols = ", ".join(f"e.{c.strip()}" for c in EPISODE_COLS.split(","))
                rows = tuples(conn).execute(
                    f"SELECT s.id AS seg_id, s.idx, s.text, s.derivative, {cols} FROM segments s "
                    f"JOIN episodes e ON e.id = s.episode_id WHERE s.id IN ({marks})", missing,
                ).fetchall()
                if not kept:  # more rows than the cache keeps at once: mapped as read
                    return self._mapped(rows)
                self._keep(rows, 0)
            return self.searched.read(ids)

    @staticmethod
    def _mapped(rows: Sequence[Any]) -> dict[int, tuple[Segment, Episode]]:
        """Segment rows read by position (id, index, text, derivative, then ``EPISODE_COLS``) by id in
        ascending order, each episode mapped once."""
        episodes: dict[int, Episode] = {}
        out = {}
        for r in sorted(rows, key=lambda r: int(r[0])):
            episode = episodes.get(r[4]) or episodes.setdefault(r[4], row_to_episode(r, 4))
            out[r[0]] = (Segment(r[0], r[4], r[1], r[2], r[3]), episode)
        return out

    def _keep(self, rows: Sequence[Any], start: int) -> None:
        """Keep segment rows read by position (from column ``start``: the segment's id, index, text
        and derivative, then ``EPISODE_COLS``) in ``self.searched``; an episode several of whose
        sentences were read is mapped once (LoCoMo: 400 rows, 330 episodes)."""
        episodes: dict[int, Episode] = {}
        for r in rows:
            episode = episodes.get(r[start + 4]) or episodes.setdefault(r[start + 4], row_to_episode(r, start + 4))
            self.searched.put(Segment(r[start], r[start + 4], r[start + 1], r[start + 2], r[start + 3]), episode)

    def citing_facts(self, scope: Scope, episode_ids: Sequence[int]) -> list[Citation]:
        """The citations of ``episode_ids`` by facts inside ``scope`` (any status; not hidden,
        not expired), one per (episode, fact), in no particular order."""
        if not episode_ids:
            return []
        marks = ",".join("?" * len(episode_ids))
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="facts", prefix="f.", session=False)
            # CROSS JOIN: the citations of these episodes first, then their facts by rowid. Left to
            # itself the planner walked every fact of the owner and probed each episode id for it
            # (9,000 facts of the 100k bench: ~190 ms a search, against ~0.5 ms).
            rows = tuples(conn).execute(
                f"SELECT c.episode_id, f.id, f.status, f.created_at, f.expired_at, f.value FROM fact_citations c "
                f"CROSS JOIN facts f ON f.id = c.fact_id WHERE c.episode_id IN ({marks}) AND {where}",
                [*episode_ids, *params]).fetchall()
            gone = outdated_marks.citations(conn, self.dialect, episode_ids)  # forgotten values, their state kept
        return [Citation(r[0], r[1], r[2], from_db(r[3]), from_db(r[4]),  # type: ignore[arg-type]
                         reveal(r[5], self.cipher)) for r in rows] + gone

    # -- search candidates ------------------------------------------------------------------
    def fts_segments(self, scope: Scope, match: str, limit: int, *,
                     filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates ``[(segment_id, bm25)]`` in ``scope``, best first (bm25: lower is better).

        Exact up to ``RANKED_MATCHES`` matches, fast in both common cases: first the index's
        own top ``OVERFETCH * limit`` over all scopes; if at least ``limit`` of them are in
        scope (or the index had no more), those are the scope's top ``limit``. Otherwise the
        scope is a small part of the file, and a MATCH that requires the scope's tokens
        (``scope_tokens``) lets the index skip every other scope's rows. A query matching more
        rows ranks the scope's newest ``RANKED_MATCHES`` and its rare terms' older matches
        (``_fts_top``). With a filter, the scope's rows are joined to their episodes and
        filtered inside the one query.
        """
        required = " AND ".join(f'"{t}"' for t in scope_tokens(scope))
        if filter is not None:
            compiled = _episode_filter(filter, "s")
            if compiled is None:
                return []
            with self.db.read() as conn:
                if not (match := self.vocabulary.present(conn, "segments_fts", match)):
                    return []  # no row holds any of the terms
                swhere, sparams = self.where(conn, scope, table="segments", prefix="s.", now=now)
                lo, hi, expr = _period_rowids(conn, scope, filter, match, required, segments=True,
                                              memo=self.db.snapshot_cached)
                rows = conn.execute(
                    f"SELECT s.id, {_BM25_SEGMENTS_FTS} FROM segments_fts JOIN segments s ON s.id = segments_fts.rowid "
                    f"WHERE segments_fts MATCH ? AND segments_fts.rowid BETWEEN ? AND ? AND {swhere} AND {compiled[0]} "
                    f"ORDER BY {_BM25_SEGMENTS_FTS} LIMIT ?", (expr, lo, hi, *sparams, *compiled[1], limit)).fetchall()
            return [(int(r[0]), float(r[1])) for r in rows]
        with self.db.read() as conn:
            if not (match := self.vocabulary.present(conn, "segments_fts", match)):
                return []  # no row holds any of the terms
            where, params = self.where(conn, scope, table="segments", now=now)
            check = self._segment_check(conn, scope, where, params)
            kept = _fts_top(conn, "segments_fts", _BM25_SEGMENTS_FTS, match, required, limit,
                            lambda ranked: self._in_scope(conn, ranked, *check),
                            lambda n: self._scope_rows(conn, scope, "segments", where, params, n),
                            checked=bool(check[1]), memo=self.vocabulary.kept(conn))
        return kept[:limit]

    def _segment_check(self, conn: sqlite3.Connection, scope: Scope, where: str,
                       params: list[object]) -> tuple[str, str, list[object]]:
        """How ``_in_scope`` checks ranked segments: ``(index clause, predicate, parameters)``.
        While every stored row is readable (``_all_readable``) and the scope names its user, the
        predicate is the scope's alone, checked in ``segments_scope`` (org, project, user, id: one
        seek an id, reading no row, where each row holds its 2 KB vector: 200 ids of 100k segments
        ~1.5 against ~12 ms under load); else the full read predicate (``where``) by rowid. When
        every stored segment is the scope's and readable (``_whole_file``), nothing: ``("", "", [])``."""
        if self._whole_file(conn, scope, "segments", "segments_scope"):
            return "", "", []  # every stored segment is the scope's: nothing to check
        if scope.user_id is not None and self._all_readable(conn, "segments"):
            return ("INDEXED BY segments_scope", *scope_predicate(scope))
        # By rowid. Left to itself the planner seeks each id in segments_scope and then the row
        # for its expiry: two look-ups a row (200 rows at 10k segments: ~0.8 against ~0.3 ms).
        return "NOT INDEXED", where, params

    @staticmethod
    def _in_scope(conn: sqlite3.Connection, ranked: list[Any], index: str, where: str,
                  params: list[object]) -> list[tuple[int, float]]:
        if not ranked or not where:  # no predicate: every stored segment is readable (``_segment_check``)
            return [(int(r[0]), float(r[1])) for r in ranked]
        marks = ",".join("?" * len(ranked))
        allowed = {r[0] for r in conn.execute(f"SELECT id FROM segments {index} WHERE id IN ({marks}) AND {where}",
                                              [r[0] for r in ranked] + params)}
        return [(int(r[0]), float(r[1])) for r in ranked if r[0] in allowed]

    def fts_facts(self, scope: Scope, match: str, limit: int, statuses: Sequence[str], *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text candidates among facts ``[(fact_id, bm25)]`` matching ``filter``, best first.

        Without a filter, as ``fts_segments`` does: the index's own top ``OVERFETCH * limit`` is
        ranked first and checked for scope and status by rowid; if at least ``limit`` of them are
        kept (or the index had no more), they are the scope's top ``limit``. Otherwise, and with a
        filter, one query joins every match to its fact (one owner's 9,000 facts of a 100k-message
        bench: ~1,300 matches joined, ~4 ms, against ~1 ms for the index's top).
        """
        compiled = filter_predicate(filter, kind="fact", alias="f.", value_mac=self.value_mac)
        if compiled is None:
            return []
        marks = ",".join("?" * len(statuses))
        joined = (f"SELECT f.id, bm25(facts_fts) AS r FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid "
                  f"WHERE facts_fts MATCH ? AND {{}} AND f.status IN ({marks}) ORDER BY r LIMIT ?")
        with self.db.read() as conn:
            if not (match := self.vocabulary.present(conn, "facts_fts", match)):
                return []  # no fact holds any of the terms
            where, params = self.where(conn, scope, table="facts", prefix="f.", session=False, now=now,
                                       extra=compiled)
            if filter is None:
                ranked = conn.execute("SELECT rowid, bm25(facts_fts) AS r FROM facts_fts WHERE facts_fts MATCH ? "
                                      "ORDER BY r LIMIT ?", (match, OVERFETCH * limit)).fetchall()

                def readable(part: list[Any]) -> list[tuple[int, float]]:
                    if not part:
                        return []
                    allowed = {r[0] for r in conn.execute(
                        f"SELECT f.id FROM facts f NOT INDEXED WHERE f.id IN ({','.join('?' * len(part))}) "
                        f"AND {where} AND f.status IN ({marks})", [r[0] for r in part] + params + list(statuses))}
                    return [(int(r[0]), float(r[1])) for r in part if r[0] in allowed]
                kept = _best_kept(ranked, limit, readable)
                if len(kept) >= limit or len(ranked) < OVERFETCH * limit:
                    return kept[:limit]
            rows = conn.execute(joined.format(where), (match, *params, *statuses, limit)).fetchall()
        return [(int(r[0]), float(r[1])) for r in rows]

    def nearest_segments(self, scope: Scope, vector: np.ndarray, *, k: int, min_similarity: float,
                         filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]:
        """``[(segment_id, cosine)]`` of the ``k`` nearest embedded segments in ``scope`` whose
        episodes match ``filter``, best first (exact search over the filtered working copy;
        episodes are never rewritten, so a filtered copy stays valid as rows are added).
        Segments expired at ``now`` are masked."""
        # A filter on the creation time alone (the periods a query names, ``recall``) masks the
        # scope's own copy: a filtered copy would read the scope again for each new period, and
        # for a period holding most of it would double the memory of the vectors.
        periods = created_ranges(filter) if filter is not None else None
        compiled = _episode_filter(filter if periods is None else None, "segments")
        if compiled is None:
            return []
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="segments", expiry=False, extra=compiled)
            version = self._version(conn, "segments_deleted")
            entry = self.vectors.get(conn, table="segments", where=where, params=params,
                                     version=version, dim=len(vector), append_only=True,
                                     created=_SEGMENT_CREATED if compiled[0] == "1" else None)
            # A search naming a period scans the same copy with the same vector again, restricted
            # to the period: the cosines are kept for the read transaction (the search's snapshot),
            # and the second scan costs its masks alone (LoCoMo's pool, 9,327 segments: ~0.8 ms).
            query = vector.astype(np.float32)
            # (The entry is kept with its cosines, so that its id names no other copy meanwhile.)
            scanned = self.db.snapshot_cached(("segment cosines", id(entry), entry.rows, query.tobytes()),
                                              lambda: (entry, entry.cosines(query)))[1]
        return top_k(query, entry, k, min_similarity, now=now or utcnow(), within=periods, scanned=scanned)

    def nearest_scope_facts(self, scope: Scope, vector: np.ndarray, *, statuses: Sequence[str], k: int,
                            min_similarity: float, filter: Expr | None = None,
                            now: datetime | None = None) -> list[tuple[int, float]]:
        """``[(fact_id, cosine)]`` of the ``k`` nearest embedded facts in ``scope`` with one of ``statuses``
        matching ``filter``. A filtered search is not cached: facts' confidence, access counts and
        times change in place without a version bump."""
        compiled = filter_predicate(filter, kind="fact", value_mac=self.value_mac)
        if compiled is None:
            return []
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="facts", session=False, expiry=False)
            where += " AND status IN (" + ",".join("?" * len(statuses)) + f") AND {compiled[0]}"
            version = self._version(conn, "facts_version")
            entry = self.vectors.get(conn, table="facts", where=where, params=[*params, *statuses, *compiled[1]],
                                     version=version, dim=len(vector), cache=filter is None)
        return top_k(vector, entry, k, min_similarity, now=now or utcnow())

