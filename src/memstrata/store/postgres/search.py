"""Candidate queries of the PostgreSQL store: full text (``tsvector``) and vectors (pgvector).

Full text is bounded so its cost does not grow with the store (``ts_rank`` reads every row it
ranks; a term in 12% of 1M rows would be 120k rows, ~1.8 s):

1. Query terms are taken rarest first, by the planner's statistics of the ``tsvector`` column
   (``pg_stats.most_common_elem_freqs``), while the estimated rows they match stay within
   ``FTS_TERM_ROWS``; the rarest term is always kept. The terms left out are the most common
   ones, which BM25 (SQLite's ranking) weights least (idf = log((N - n + 0.5) / (n + 0.5))).
2. Of the rows matching each kept term, the newest ``FTS_MAX_ROWS`` are ranked (per term, so
   a rare term's rows are never crowded out by a common term's). Finding the newest reads
   every match (a GIN index has no ordered scan: it builds a bitmap of all of them). A term
   estimated above ``FTS_SCAN_ROWS`` rows (a query made only of very common terms) is ranked
   from fewer rows, by a cost that does not grow with the store: without a filter, when the
   statistics list it often enough (``TermStats.walks``), its newest ``FTS_NEWEST_ROWS``
   matches in a user's whole scope, found by walking its rows newest first (an index on
   org, project, user and id; ``store._walkable``) and stopping there (at most
   ``FTS_WALK_ROWS`` rows); otherwise, or when that walk finds fewer
   (the term is rarer in this scope than in the table), the first ``FTS_MAX_ROWS`` matches in
   storage order. 1M segments, a term in 3.5 % of them: the bitmap of its matches took 15-25
   ms per list, the walk 1-3 ms.

Below these sizes (fewer than ``FTS_MAX_ROWS`` rows matching each term) the candidates and
their order are those of ranking every match.

Vector search over segments and facts picks exact or approximate per query:

1. The planner's estimate of the rows matching scope + filter (``EXPLAIN``, about a
   millisecond). At most ``EXACT_MAX_ROWS`` (2,000; a scope's facts ``FACTS_EXACT_MAX_ROWS``,
   20,000: the per-user cap bounds them) → exact search: the scope and filter indexes
   find the rows, their distances are computed and sorted. Perfect recall. The estimate of a
   filter is often far too low (the planner multiplies the selectivities of a metadata
   comparison's clauses: 1 row estimated for 2,000 matching), so this exact search stops once
   more than ``EXACT_CAP_ROWS`` rows match and falls through to (2): a misjudged filter costs at
   most that many distances, never a scan of the whole scope. A scope's active facts searched
   without a filter are read from their narrow copy (``narrow``: ``active_fact_search``,
   migration 17), selected by scope columns alone: that estimate is trusted, no cap.
2. Otherwise the HNSW index with pgvector 0.8's iterative scan (``hnsw.iterative_scan =
   relaxed_order``): the index keeps walking until ``k`` rows pass the WHERE clause or
   ``MAX_SCAN_TUPLES`` were visited; results are re-sorted by exact distance.
   The graph holds the ``halfvec`` cast of the embeddings (``vector_index``); a database
   made before keeps searching its ``vector`` graph (``legacy_vector_index``) until that is
   dropped.
3. Fewer than ``k`` rows from (2) → exact search after all (a filter the estimate
   misjudged), so a search returns ``k`` results whenever ``k`` rows match.

Similarities are computed as SQLite's store computes them (``store.vectors``), so the two stores
order the same rows the same way: vectors are stored rounded to float16 (``stored_vector``) and
compared by inner product (``<#>``; embeddings are unit vectors, so it is their cosine without
dividing by a norm the rounding moved by ~1e-5). With the cosine (``<=>``) and float32 vectors,
near-ties (cosines within ~1e-5) swapped in 45 of the bundled LoCoMo conversation's 81 top-30
vector lists. The HNSW index still orders by cosine distance; its candidates are re-sorted by
inner product.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

Conn = psycopg.Connection[Any]

#: Scope + filter row estimates up to this many are searched exactly. Measured with
#: ``memstrata bench perf --backend postgres`` (512-d USE vectors, busy 2-core machine): an
#: exact scan of a 20,000-segment scope made hybrid recall p50 ~300 ms, the 1% filter
#: (200 rows) ~33 ms; 2,000 rows keep the exact path to a few milliseconds.
EXACT_MAX_ROWS = 2_000
#: ``EXACT_MAX_ROWS`` of a scope's facts. A user's active facts are bounded by the per-user cap
#: (``Settings.max_active_facts``, 10,000 by default), so an exact scan of them has a bounded
#: cost, and the graph walk filtered to them does badly: on the 1M bench database (89,209 facts,
#: 10,000 active; hashing-512, m 24 / ef_construction 256 on the halfvec cast, load ~4) the walk
#: at ``ef_search`` 800 found 0.20 of the exact top 10 at p50 / p95 20.7 / 43.0 ms, the exact
#: scan all of them at 18.0 / 22.6 ms.
FACTS_EXACT_MAX_ROWS = 20_000
#: Rows an exact search tried on the planner's say-so may visit before it gives way to HNSW
#: (module docstring, step 1): the 1% filter of a million segments (10,000 rows) stays exact.
EXACT_CAP_ROWS = 20_000
#: HNSW candidate list per scan step (pgvector default 40, maximum 1,000). Measured on 100k USE
#: vectors of ``bench perf``'s synthetic sentences (``memstrata bench hnsw --sentences``; 200
#: queries, busy 2-core machine) with ``HNSW_M`` 24 and ``HNSW_EF_CONSTRUCTION`` 256, two builds
#: of the index: recall@10 0.925-0.953 at 200, 0.969-0.980 at 400, 0.986-0.990 at 800; vector
#: query p50 / p95 23 / 41, 33 / 53 and 51 / 91 ms. 800 is the smallest setting measured that
#: keeps recall at or above the 0.98 the issue asks for, at twice the latency of 200. With
#: pgvector's default graph (m 16, ef_construction 64): 0.874 at 200, 0.947 at 400.
EF_SEARCH = 800
#: HNSW graph of new indexes: neighbours per node and build-time candidate list (pgvector's
#: defaults are 16 and 64). Measured as ``EF_SEARCH``: the default graph stays below 0.98 up to
#: ef_search 800 on sentence vectors (0.976 at 800 in the previous session's run). Costs: the
#: build takes 1.5-3x as long (100k: 96-216 vs 72 s) and an insert ~3.7x (12.2 vs 3.3 ms, busy
#: machine). An index keeps the settings it was built with (``PostgresStore.ensure_vector_index``).
HNSW_M = 24
HNSW_EF_CONSTRUCTION = 256
#: Tuples an iterative scan may visit before it gives up (pgvector's default, 20,000).
MAX_SCAN_TUPLES = 20_000
#: Largest ``hnsw.ef_search`` pgvector accepts (its GUC's bound, 1..1000). A search asks for more
#: candidates than its ``limit`` (up to 3 x 1000, the largest limit SQLite takes), so the list is
#: clamped here: the iterative scan (``relaxed_order``) keeps walking past it, up to
#: ``MAX_SCAN_TUPLES``, until enough rows pass the filter. ``recall -k 400`` asked for 1,200 and
#: PostgreSQL refused it ("hnsw.ef_search 1002 outside 1..1000").
MAX_EF_SEARCH = 1000


def vector_index(table: str, dim: int) -> str:
    """Name of the HNSW index over ``table``'s ``dim``-d embeddings, built on their ``halfvec``
    cast (``halfvec_cosine_ops``). Stored vectors are already rounded to float16
    (``stored_vector``), so the cast loses nothing: the graph holds the same values in half the
    bytes (100k clustered 512-d vectors, m 24 / ef_construction 256: 156 vs 260 MB; vector query
    at ``ef_search`` 800 p50 / p95 78 / 139 vs 88 / 164 ms at load ~3, the same neighbours in
    99.9 % of results)."""
    return f"{table}_embedding_half_{int(dim)}"


def legacy_vector_index(table: str, dim: int) -> str:
    """Name of the HNSW index a database made before ``vector_index`` has: the same graph on the
    full ``vector`` cast (``vector_cosine_ops``). Searches still use it while it is there."""
    return f"{table}_embedding_{int(dim)}"


#: Estimated rows the kept query terms may match together (module docstring, step 1).
FTS_TERM_ROWS = 10_000
#: Rows ranked per kept query term (step 2): the newest of its matches.
FTS_MAX_ROWS = 1_000
#: A kept term estimated to match more rows than this is sampled in storage order (step 2).
FTS_SCAN_ROWS = 5_000
#: Rows ranked of a term that ``walks``: its newest matches, found by walking the scope's rows
#: newest first (module docstring, step 2). 0: never walk.
FTS_NEWEST_ROWS = 100
#: The most rows such a walk visits before it gives way to the storage-order sample.
FTS_WALK_ROWS = 10_000
#: Seconds the term statistics of a table are reused (they change only at ANALYZE).
STATS_TTL_S = 60.0


@dataclass
class TermStats:
    """Row count and common-term frequencies of one ``tsv`` column, as the planner sees them."""

    rows: float
    freqs: dict[str, float]
    #: Frequency assumed for a term not in ``freqs`` (the least common listed one, or 0).
    floor: float = 0.0
    fetched: float = field(default_factory=time.monotonic)

    def estimate(self, term: str) -> float:
        """Estimated rows containing ``term``."""
        return self.freqs.get(term, self.floor) * self.rows

    def walks(self, term: str) -> bool:
        """Whether ``term``'s newest ``FTS_NEWEST_ROWS`` matches are found by walking the rows
        newest first (module docstring, step 2): a common term (above ``FTS_SCAN_ROWS``) whose
        frequency the statistics list (a term they do not list is estimated at the least listed
        frequency, often far above its real one) and dense enough that the walk should find them
        within half of ``FTS_WALK_ROWS`` rows (a margin for the estimate)."""
        freq = self.freqs.get(term)
        return (freq is not None and FTS_NEWEST_ROWS > 0 and freq * self.rows > FTS_SCAN_ROWS
                and freq * FTS_WALK_ROWS / 2 >= FTS_NEWEST_ROWS)

    def kept_terms(self, terms: Sequence[str], budget: float | None = None) -> list[str]:
        """The rarest ``terms`` whose estimated matching rows add up to at most ``budget``
        (default ``FTS_TERM_ROWS``; at least one term), in the given order."""
        budget = FTS_TERM_ROWS if budget is None else budget
        by_rarity = sorted(terms, key=lambda t: (self.freqs.get(t, self.floor), t))
        kept: set[str] = set()
        total = 0.0
        for term in by_rarity:
            total += self.estimate(term)
            if kept and total > budget:
                break
            kept.add(term)
        return [t for t in terms if t in kept]


#: Planner settings that make the approximate search walk the HNSW index (``nearest``).
_PLANNER_OFF = "set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)"


def stored_vector(vector: np.ndarray) -> np.ndarray:
    """``(dim,)`` float → float32 holding the float16 value SQLite stores (``store.vectors``).

    The SQLite store keeps float16 vectors; the same cosines on PostgreSQL need the same
    rounding (float32 vectors moved about half of the bundled LoCoMo conversation's top-30
    vector lists by near-ties). pgvector's ``vector`` keeps float32, so nothing is lost twice."""
    return np.asarray(vector, dtype="<f2").astype(np.float32)


def term_stats(conn: Conn, table: str) -> TermStats:
    """``TermStats`` of ``table.tsv`` in the current schema (empty before the first ANALYZE)."""
    row = conn.execute(
        "SELECT c.reltuples, st.most_common_elems::text::text[], st.most_common_elem_freqs "
        "FROM pg_class c LEFT JOIN pg_stats st ON st.schemaname = current_schema() AND st.tablename = %s "
        "AND st.attname = 'tsv' WHERE c.oid = to_regclass(%s)", (table, table)).fetchone()
    if row is None or row[1] is None or row[2] is None:
        return TermStats(rows=max(float(row[0]), 0.0) if row else 0.0, freqs={})
    # most_common_elem_freqs ends with three summary numbers (min, max, null fraction).
    freqs = dict(zip(row[1], row[2][:len(row[1])], strict=True))
    return TermStats(rows=max(float(row[0]), 0.0), freqs=freqs, floor=min(freqs.values(), default=0.0))


def estimated_rows(conn: Conn, from_where: str, params: Sequence[object]) -> float:
    """The planner's estimate of ``SELECT 1 {from_where}`` (no execution)."""
    row = conn.execute(f"EXPLAIN (FORMAT JSON) SELECT 1 {from_where}", params).fetchone()
    assert row is not None
    return float(row[0][0]["Plan"]["Plan Rows"])


def nearest(conn: Conn, *, from_where: str, params: Sequence[object], vector: np.ndarray, k: int,
            min_similarity: float, exact: bool | None = None, ef_search: int = EF_SEARCH,
            table: str = "segments", alias: str = "s", owned: bool = False,
            exact_max_rows: int = EXACT_MAX_ROWS,
            narrow: tuple[str, Sequence[object]] | None = None) -> list[tuple[int, float]]:
    """``[(id, cosine)]`` best first, over ``alias`` rows of ``FROM {table} {alias} ... WHERE ...``.

    Args:
        from_where: e.g. ``FROM segments s [JOIN episodes e ...] WHERE <scope and filter>``.
        table, alias: the table whose ``embedding`` is searched (``segments`` or ``facts``) and
            its alias in ``from_where``.
        exact: force exact (``True``) or approximate-then-exact (``False``); ``None`` decides
            by the planner's estimate (module docstring).
        ef_search: HNSW candidate list (``hnsw.ef_search``), raised to ``k`` when smaller, at most
            ``MAX_EF_SEARCH``.
        owned: ``conn``'s transaction ends with this call (``PgDatabase.owns``), so the planner
            settings of the approximate search need no savepoint to be undone.
        exact_max_rows: estimated rows up to which the search is exact (``EXACT_MAX_ROWS``;
            ``FACTS_EXACT_MAX_ROWS`` for facts); the exact scan still gives way to the index
            past ``EXACT_CAP_ROWS`` matching rows.
        narrow: ``(from_where, params)`` selecting the same rows, under the same ``alias``, from a
            narrow copy whose ``embedding`` is the ``halfvec`` cast (``active_fact_search``,
            migration 17); the estimate and every exact search read it instead of ``from_where``,
            the graph walk still reads ``from_where``. Its rows are selected by scope alone, whose
            estimate is trusted: searched exactly without ``EXACT_CAP_ROWS``.
    """
    q = np.asarray(vector, dtype=np.float32)
    dim = len(q)
    rows: list[tuple[int, float]] = []
    exact_from, exact_params = narrow if narrow is not None else (from_where, params)
    # The copy's halfvec is cast back, not the query to halfvec: a float16 query moved the
    # similarities by up to ~1e-4 and could swap near-ties SQLite orders by the float32 query.
    # The cast costs ~2 of the copy's ~7 ms at 10,000 facts (1M bench database).
    distance = f"{alias}.embedding::vector <#> %s" if narrow is not None else f"{alias}.embedding <#> %s"
    if exact is not True:
        # One round trip: whether the index exists, and the scan settings for this transaction
        # (harmless to an exact search: its expression never matches the index's).
        found = conn.execute(
            "SELECT to_regclass(%s) IS NOT NULL, to_regclass(%s) IS NOT NULL, "
            "set_config('hnsw.iterative_scan', 'relaxed_order', true), "
            "set_config('hnsw.ef_search', %s, true), set_config('hnsw.max_scan_tuples', %s, true)",
            (vector_index(table, dim), legacy_vector_index(table, dim), str(min(MAX_EF_SEARCH, max(ef_search, k))),
             str(MAX_SCAN_TUPLES))).fetchone()
        indexed = found is not None and (bool(found[0]) or bool(found[1]))
        cast = "halfvec" if found is not None and found[0] else "vector"
        if exact is None:
            exact = not indexed
            if indexed and estimated_rows(conn, exact_from, exact_params) <= exact_max_rows:
                if narrow is not None:
                    # No filter, so the estimate is of the scope's columns alone and needs no cap
                    # (the cap's count over every row cost ~1.8 of the copy's ~12.5 ms, quiet).
                    exact = True
                else:
                    capped = _exact_capped(conn, from_where=exact_from, params=exact_params, q=q, k=k,
                                           alias=alias, distance=distance)
                    if capped is not None:
                        return [(i, -d) for i, d in capped if -d >= min_similarity]
    if not exact:
        # The cast matches the index expression, so the planner can use the HNSW index; and it
        # must: pgvector's cost estimate grows with m x ef_search, and at 100k rows with m 24
        # and ef_search 400 the planner sorted a sequential scan instead (an exact search,
        # 790 ms). Sequential scans and sorts are off for this query only: the savepoint's
        # rollback restores the settings (nothing was written).
        dist = f"({alias}.embedding::{cast}({dim})) <=> %s::vector({dim})::{cast}({dim})"
        approximate = (f"WITH c AS MATERIALIZED (SELECT {alias}.id, {alias}.embedding <#> %s AS d {from_where} "
                       f"AND {alias}.embedding IS NOT NULL ORDER BY {dist} LIMIT %s) "
                       "SELECT id, d FROM c ORDER BY d, id")
        if owned:
            # Two round trips instead of five (savepoint, settings, query, rollback, release).
            conn.execute(f"SELECT {_PLANNER_OFF}")
            rows = [(int(r[0]), float(r[1])) for r in conn.execute(approximate, (q, *params, q, k)).fetchall()]
            if len(rows) < k:  # the exact search below needs the planner's usual choices back
                conn.execute("SELECT set_config('enable_seqscan', 'on', true), set_config('enable_sort', 'on', true)")
        else:
            with conn.transaction():
                conn.execute(f"SELECT {_PLANNER_OFF}")
                rows = [(int(r[0]), float(r[1])) for r in conn.execute(approximate, (q, *params, q, k)).fetchall()]
                raise psycopg.Rollback()
    if exact or len(rows) < k:
        # No cast: the expression differs from the index's, so this is always an exact scan.
        rows = [(int(r[0]), float(r[1])) for r in conn.execute(
            f"SELECT {alias}.id, {distance} AS d {exact_from} AND {alias}.embedding IS NOT NULL "
            f"AND vector_dims({alias}.embedding) = %s ORDER BY d, {alias}.id LIMIT %s",
            (q, *exact_params, dim, k)).fetchall()]
    return [(i, -d) for i, d in rows if -d >= min_similarity]


def _exact_capped(conn: Conn, *, from_where: str, params: Sequence[object], q: np.ndarray, k: int,
                  alias: str, distance: str = "") -> list[tuple[int, float]] | None:
    """``[(id, -cosine)]`` of the exact top ``k`` (``nearest``: negative inner products), or
    ``None`` when more than ``EXACT_CAP_ROWS`` rows match (then nothing more was read than that
    many rows). ``distance``: the SQL of the distance to ``q`` (one ``%s``; default
    ``{alias}.embedding <#> %s``)."""
    # One pass over the capped rows: the count rides along as a window aggregate of the (id,
    # distance) pairs. A materialised CTE read twice (once to count, once to sort) cost 5-10 %
    # more at the 1 % filter of 1M segments (10,000 rows; interleaved, load ~4.4).
    rows = conn.execute(
        "SELECT id, d, n FROM (SELECT id, d, count(*) OVER () AS n FROM "
        f"(SELECT {alias}.id, {distance or f'{alias}.embedding <#> %s'} AS d {from_where} "
        f"AND {alias}.embedding IS NOT NULL AND vector_dims({alias}.embedding) = %s LIMIT %s) c) w "
        "ORDER BY d, id LIMIT %s",
        (q, *params, len(q), EXACT_CAP_ROWS + 1, k)).fetchall()
    if rows and int(rows[0][2]) > EXACT_CAP_ROWS:
        return None
    return [(int(r[0]), float(r[1])) for r in rows]
