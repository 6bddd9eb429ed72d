"""SQLite FTS5's ``bm25()`` computed for PostgreSQL's full-text candidates.

The two stores must rank the same data the same way (``shared/DESIGN.md`` section 7: one
contract). SQLite ranks full text with FTS5's ``bm25()``; PostgreSQL's ``ts_rank`` has no
inverse document frequency and no length normalisation of the same kind, and on the bundled
LoCoMo conversation it moved 4.9 points of evidence R@5 (docs/benchmarks.md). So PostgreSQL
ranks its candidates with FTS5's formula (``sqlite/ext/fts5/fts5_aux.c``, ``fts5Bm25Function``)::

    idf(t)   = max(log((N - n(t) + 0.5) / (n(t) + 0.5)), 1e-6)
    score(d) = sum over query terms t of idf(t) * f(t, d) * (k1 + 1) / (f(t, d) + k1 * (1 - b + b * D / avgdl))

and returns ``-score`` (lower is better, as ``bm25()``). ``k1`` 1.2 and ``b`` 0.75 are FTS5's
constants. ``N`` is the rows of the whole table (every scope, as FTS5 counts its index), ``n(t)``
the rows holding ``t``, ``f(t, d)`` the occurrences of ``t`` in the row's terms, ``D`` the row's
tokens in every column (FTS5's ``xColumnSize(-1)``: the terms plus, for segments, turns and
session blocks, the scope column's tokens ``sqlite.base.scope_tokens`` writes: one for the
tenant and one per set user, agent and session) and ``avgdl`` the table's tokens per row.

The inputs are exact where that is cheap and estimated where exact would cost a scan of a
large table (the 1M-segment latency targets of docs/benchmarks.md):

* ``N`` and ``avgdl``: counted exactly in tables of at most ``EXACT_CORPUS_ROWS`` rows, once,
  then kept up to date by counting only the rows added since (``corpus``); a deletion, or
  ``search.STATS_TTL_S`` seconds, and they are counted again. Above that size ``N`` is the
  planner's row count and ``avgdl`` the mean of the newest ``SAMPLE_ROWS`` rows, reused for
  ``ESTIMATE_TTL_S`` seconds while the table grows by less than ``ESTIMATE_GROWTH`` of its rows
  (the mean row length of a large table hardly moves; deletions do not move the planner's count
  before the next ANALYZE either).
* ``n(t)``: counted exactly up to ``COUNT_CAP`` rows; a term in more rows, or one the planner's
  statistics list above that many, takes the planner's estimate (``document_counts``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from memstrata.store.scope import SCOPE_FIELDS

Conn = psycopg.Connection[Any]

#: FTS5's BM25 constants (``fts5_aux.c``).
K1 = 1.2
B = 0.75
#: FTS5's floor of an idf (a term in more than half of the rows).
MIN_IDF = 1e-6
#: Tables up to this many rows have their row and token counts read exactly (a count and a sum
#: over the table's ``tsvector``s: ~5 ms for LoCoMo's 1,192-segment conversation on a busy
#: 2-core machine, so ~80 ms here, paid once a minute or after a deletion; LoCoMo's ten
#: conversations, ~10k segments, stay exact).
EXACT_CORPUS_ROWS = 20_000
#: Rows sampled for the mean row length of a larger table.
SAMPLE_ROWS = 5_000
#: Seconds an estimated corpus (a table above ``EXACT_CORPUS_ROWS``) is reused. Its sample read
#: 5,000 rows' tsvectors: 50-80 ms for the 1M bench's facts (89k rows, load ~3), which one search
#: per table and API worker paid every ``search.STATS_TTL_S`` (60 s) before: 4 such searches in
#: each 200-query minute of ``bench perf``, all in its p95.
ESTIMATE_TTL_S = 3_600.0
#: Share of its rows a table may grow by before its estimated corpus is sampled again.
ESTIMATE_GROWTH = 0.1
#: Tables whose FTS5 twin has a scope column (its tokens count in ``D``).
SCOPED_TABLES = frozenset({"segments", "turns", "session_blocks"})

#: Tokens of a ``tsvector`` (every position of every lexeme; ``to_tsvector`` keeps at most 256
#: positions per lexeme, so a word said over 256 times in one row counts 256 times).
_TOKENS = "(SELECT coalesce(sum(array_length(x.positions, 1)), 0) FROM unnest({tsv}) x)"


def tokens_sql(table: str, alias: str) -> str:
    """SQL of a row's ``D``: its terms' tokens plus the scope tokens FTS5 would hold for it
    (a pass over the row's lexemes: for counting a table, ``corpus``)."""
    return _with_scope(table, alias, _TOKENS.format(tsv=f"{alias}.tsv"))


def _with_scope(table: str, alias: str, own: str) -> str:
    if table not in SCOPED_TABLES:
        return own
    scope = " + ".join(f"({alias}.{name} IS NOT NULL)::int" for name in SCOPE_FIELDS)
    return f"({own} + 1 + {scope})"


def candidate_sql(table: str, alias: str, query: str) -> str:
    """SQL of a candidate row's ``D`` and its query terms' occurrences, two columns (one ``%s``:
    the query terms as ``text[]``; ``query``: a tsquery of every query term).

    Both come from C functions over the row's tsvector, not a pass over its lexemes in SQL
    (``unnest`` took 14-25 ms for the 1,288 rows matching a LoCoMo question, against 4-7 ms):
    ``D`` is the row's positions as ``ts_rank``'s length normalisation counts them (flag 2
    divides the rank by it; every candidate matches a query term, so the rank is positive;
    rounded, exact while a row holds under ~4M tokens), and the occurrences are the positions
    of the query's lexemes, kept by weight (``setweight`` marks them, ``ts_filter`` keeps them:
    ``'lex':1A,5A``, read by ``frequencies``)."""
    length = (f"round(ts_rank({alias}.tsv, {query}, 0)::float8 / "
              f"nullif(ts_rank({alias}.tsv, {query}, 2), 0)::float8)")
    return (f"{_with_scope(table, alias, length)}, "
            f"ts_filter(setweight({alias}.tsv, 'A', %s::text[]), '{{a}}')::text")


def frequencies(text: str) -> dict[str, float]:
    """``{lexeme: occurrences}`` of a tsvector's text (``'a':1A,4A 'b':2A``; query terms hold
    word characters only, ``text.tokens``, so no quote, space or colon inside a lexeme)."""
    out = {}
    for part in text.split():
        lexeme, colon, positions = part.rpartition(":")
        if not colon:
            lexeme, positions = part, ""
        out[lexeme.strip("'")] = float(positions.count(",") + 1)
    return out


@dataclass
class Corpus:
    """Rows and tokens of one table, as FTS5 would count them, and what they were read at:
    ``last_id`` (the largest id counted) and ``version`` (the deletion counters, ``signatures``)."""

    rows: float
    tokens: float
    exact: bool
    last_id: int = 0
    version: str = ""
    fetched: float = field(default_factory=time.monotonic)

    @property
    def avgdl(self) -> float:
        """Mean tokens per row (1.0 for an empty table, where nothing is ranked anyway)."""
        return self.tokens / self.rows if self.rows > 0 and self.tokens > 0 else 1.0


#: The tables ``signatures`` reads: those a search ranks by full text.
RANKED_TABLES = ("segments", "turns", "session_blocks", "facts")


def signatures(conn: Conn) -> dict[str, tuple[int, str]]:
    """``(largest id, version)`` of every ``RANKED_TABLES`` table, in one round trip (a search
    ranks four lists; a statement each was four round trips). An insert raises the id; a deletion
    bumps a meta counter (``segments_deleted``, ``facts_version``: every forget, purge and restore
    does); a session block grows in place with each turn, so its version also holds the largest
    turn id. All are index look-ups, not scans."""
    ids = ", ".join(f"(SELECT coalesce(max(id), 0) FROM {table})" for table in RANKED_TABLES)
    row = conn.execute(
        f"SELECT {ids}, (SELECT max(id) FROM turns), (SELECT string_agg(value, ',' ORDER BY key) "
        "FROM meta WHERE key IN ('segments_deleted', 'facts_version'))").fetchone()
    assert row is not None
    grown, deleted = row[len(RANKED_TABLES)], row[len(RANKED_TABLES) + 1]
    return {table: (int(row[i]), f"{grown if table == 'session_blocks' else None}/{deleted}")
            for i, table in enumerate(RANKED_TABLES)}


def corpus(conn: Conn, table: str, *, cached: Corpus | None = None, ttl_s: float = 60.0,
           sig: tuple[int, str] | None = None) -> Corpus:
    """``Corpus`` of ``table`` (``segments``, ``turns``, ``session_blocks`` or ``facts``).

    Exact up to ``EXACT_CORPUS_ROWS`` rows, else estimated (module docstring). ``cached`` (this
    function's earlier answer) is reused while younger than ``ttl_s`` seconds and nothing was
    deleted since (``signatures``; ``sig``: this table's, already read in this snapshot); rows added since
    are counted on top of an exact one (an index range of the new ids), so a store that keeps
    writing pays for its new rows only. Raises ``psycopg.Error`` from the database."""
    last_id, version = sig if sig is not None else signatures(conn)[table]
    age = time.monotonic() - cached.fetched if cached is not None else math.inf
    if (cached is not None and not cached.exact and age <= ESTIMATE_TTL_S
            and last_id - cached.last_id <= ESTIMATE_GROWTH * cached.rows):
        return cached  # an estimate: ids added since are an upper bound of the rows added
    fresh = cached is not None and age <= ttl_s and cached.version == version
    if cached is not None and fresh and (not cached.exact or cached.last_id == last_id):
        return cached
    tokens = tokens_sql(table, "t")
    if cached is not None and fresh and cached.exact:
        added = conn.execute(f"SELECT count(*), coalesce(sum({tokens}), 0) FROM {table} t WHERE t.id > %s "
                             "AND t.id <= %s", (cached.last_id, last_id)).fetchone()
        assert added is not None
        if cached.rows + int(added[0]) <= EXACT_CORPUS_ROWS:
            return Corpus(rows=cached.rows + float(added[0]), tokens=cached.tokens + float(added[1]), exact=True,
                          last_id=last_id, version=version, fetched=cached.fetched)
    row = conn.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table} LIMIT %s) t",
                       (EXACT_CORPUS_ROWS + 1,)).fetchone()
    if row is not None and int(row[0]) <= EXACT_CORPUS_ROWS:
        exact = conn.execute(f"SELECT count(*), coalesce(sum({tokens}), 0) FROM {table} t WHERE t.id <= %s",
                             (last_id,)).fetchone()
        assert exact is not None
        return Corpus(rows=float(exact[0]), tokens=float(exact[1]), exact=True, last_id=last_id, version=version)
    est = conn.execute("SELECT reltuples FROM pg_class WHERE oid = to_regclass(%s)", (table,)).fetchone()
    # The newest rows (the primary key's end): a sample that costs an index walk, not a scan.
    sample = conn.execute(
        f"SELECT avg({tokens}) FROM (SELECT * FROM {table} t ORDER BY t.id DESC LIMIT %s) t", (SAMPLE_ROWS,)
    ).fetchone()
    rows = max(float(est[0]) if est is not None else 0.0, float(EXACT_CORPUS_ROWS + 1))
    mean = float(sample[0]) if sample is not None and sample[0] is not None else 1.0
    return Corpus(rows=rows, tokens=rows * mean, exact=False, last_id=last_id, version=version)


#: Rows of one term counted at most (``document_counts``): past it the planner's estimate is
#: used. ``search.FTS_SCAN_ROWS``: up to there a term's candidates are its newest matches, which
#: the candidate query has just read (a top-N sort reads every match), so counting them revisits
#: pages in the cache; above it candidates are a sample, and a count would read every match.
COUNT_CAP = 5_000


def document_counts(conn: Conn, table: str, terms: Sequence[str], estimates: dict[str, float],
                    common: Collection[str] = ()) -> dict[str, float]:
    """``n(t)`` per term: the rows of the whole ``table`` holding it, counted up to ``COUNT_CAP``.

    ``estimates`` holds the planner's figure per term (``search.TermStats.estimate``). It is
    taken without counting for the terms in ``common`` (those the planner's statistics list
    above ``COUNT_CAP`` rows: counting even 5,001 rows of a term in 35k of 1M rows built the
    bitmap of all of them, 15-25 ms, which the common-term walk exists to avoid) and for a term
    counted past the cap (at least ``COUNT_CAP + 1``). Its idf is small and flat there (log
    scale: 6,000 vs 9,000 of 1M rows moves it by 0.4 of ~5). Below the cap, and so in every
    table of up to ``COUNT_CAP`` rows, ``n(t)`` is exact."""
    counted = [t for t in terms if t not in common]
    out = {t: max(estimates.get(t, 0.0), float(COUNT_CAP + 1)) for t in terms if t in common}
    if not counted:
        return out
    parts = ", ".join(f"(SELECT count(*) FROM (SELECT 1 FROM {table} WHERE tsv @@ to_tsquery('simple', %s) "
                      "LIMIT %s) x)" for _ in counted)
    args: list[object] = []
    for t in counted:
        args += [f"'{t}'", COUNT_CAP + 1]  # quoted as search.tsquery quotes
    row = conn.execute(f"SELECT {parts}", args).fetchone()
    assert row is not None
    out.update({t: float(n) if int(n) <= COUNT_CAP else max(float(n), estimates.get(t, 0.0))
                for t, n in zip(counted, row, strict=True)})
    return out


def idf(rows: float, hits: float) -> float:
    """FTS5's idf of a term held by ``hits`` of ``rows`` rows (floored at ``MIN_IDF``)."""
    value = math.log((rows - hits + 0.5) / (hits + 0.5))
    return value if value > 0.0 else MIN_IDF


def score(freq: dict[str, float], length: float, idfs: dict[str, float], avgdl: float) -> float:
    """``-bm25`` of one row (lower is better, as FTS5's ``bm25()``): ``freq`` its query terms'
    occurrences (``frequencies``), ``length`` its ``D``, ``idfs`` per query term in query order
    (FTS5 adds the terms' shares in that order)."""
    total = 0.0
    for term, weight in idfs.items():
        f = freq.get(term, 0.0)
        total += weight * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * length / avgdl)))
    return -1.0 * total
