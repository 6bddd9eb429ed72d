"""Search latency on real stores: ``memstrata bench perf --pooled locomo,memorybank-zh``.

``bench perf``'s synthetic stores hold one short sentence a message, and its eight questions
repeat; what a user sees is a store of real messages asked questions it has not seen. Here each
set's ``pooled-user-only`` store (``bench.variants.pool``: every conversation's user messages in
one user's store, as ``bench retrieval --variant pooled-user-only`` builds it; LoCoMo 2,951
messages, MemoryBank-zh 566) is imported through the SDK into one SQLite file, and every question
with evidence is asked once, in file order, of two retrievers taking turns question by question so
that both see the same load:

* memstrata: ``Memory.search(question, limit=10)``, its in-process embedding cache emptied first
  (each search embeds its query, as a new question does);
* a plain hybrid on the same file: the store's own FTS5 BM25 over whole turns (``fts_turns``) and
  exact cosine over the same working copy of vectors (``nearest_segments``), ``PLAIN_DEPTH`` each,
  fused by RRF with k = 60 (Cormack, Clarke & Büttcher 2009), top 10; its query embedded too.

The query's embedding alone (the same model, no cache) is timed apart for each question.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memstrata.bench.busy import RRF_K, busy_cores, rrf
from memstrata.bench.perf import bench_file
from memstrata.bench.retrieval import load_dataset, pooled
from memstrata.config import Settings
from memstrata.embed.base import embed_queries
from memstrata.embed.models import load_default_embedder
from memstrata.errors import InvalidInput
from memstrata.loaders.importer import import_conversation
from memstrata.loaders.locomo import Conversation
from memstrata.memory import Memory
from memstrata.text.tokens import fts_match_expression

#: Hits a search returns (a user's search, as ``bench perf`` asks).
LIMIT = 10
#: Candidates of each of the plain hybrid's two lists before fusion.
PLAIN_DEPTH = 50


def pooled_latency(name: str, data: Path | None, *, db: Path | None = None) -> dict[str, Any]:
    """Time every question of set ``name``'s ``pooled-user-only`` store (module docstring).

    Args:
        name: a ``bench retrieval`` set (``locomo``, ``memorybank-zh``, ...).
        data: the sets' folder (default: the team's, ``bench.retrieval.default_data_dir``).
        db: keep the store in this SQLite file; a file already holding the pool is only queried.

    Returns:
        ``dataset``, ``messages`` (stored), ``questions`` (asked), ``memstrata_p50_ms`` / ``_p95_ms``,
        ``plain_p50_ms`` / ``_p95_ms`` (each with its query's embedding), ``embed_p50_ms`` /
        ``_p95_ms`` (the embedding alone), and ``memstrata_ms``: each question's time, in order.

    Raises:
        InvalidInput: an unknown set or missing data; ``db`` holds something other than the pool.
    """
    pool = _pool(name, data)
    asked = [q.question for q in pool.qa if q.evidence]
    size, user = len(pool.messages), pool.id
    settings = Settings.from_env()
    model = load_default_embedder(settings.embedding_model or "use-multilingual-v3", threads=settings.embed_threads)
    with bench_file(db, "pooled") as path, \
            Memory(path, settings=Settings.from_env(db_path=path), embedder=model) as memory:
        have = memory.store.counts()["episodes"]
        if have == 0:
            import_conversation(memory, pool)
        elif have != size:
            raise InvalidInput(f"{path} holds {have:,} messages, not the {size:,} of "
                               f"{name}'s pooled store; give a new file or that store's")
        # The set's messages are the bench's, not an application's: a full garbage collection
        # inside a search would walk them too (LoCoMo's: ~15,000 more objects, ~37 against ~22 ms).
        del pool
        gc.collect()
        memory.search("warm up the vector cache", limit=LIMIT, user_id=user)
        scope = memory._scope(user_id=user)
        forget = getattr(memory.embedder, "clear", lambda: None)
        ours: list[float] = []
        plain: list[float] = []
        embed: list[float] = []
        for question in asked:
            forget()
            t0 = time.perf_counter()
            memory.search(question, limit=LIMIT, user_id=user)
            ours.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            _plain_hybrid(memory, scope, model, question)
            plain.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            embed_queries(model, [question])
            embed.append((time.perf_counter() - t0) * 1000)
        stored = memory.store.counts()["episodes"]
    out: dict[str, Any] = {"dataset": name, "messages": stored, "questions": len(asked), "memstrata_ms": ours}
    for label, ms in (("memstrata", ours), ("plain", plain), ("embed", embed)):
        out[f"{label}_p50_ms"], out[f"{label}_p95_ms"] = (float(np.percentile(ms, q)) for q in (50, 95))
    return out


def _pool(name: str, data: Path | None) -> Conversation:
    """Set ``name``'s ``pooled-user-only`` store as one conversation (``bench.retrieval.pooled``)."""
    dataset = load_dataset(name, data)
    return pooled(dataset, dataset, user_only=True)[0].conversations[0]


def _plain_hybrid(memory: Memory, scope: Any, model: Any, question: str) -> list[int]:
    """The plain hybrid's top ``LIMIT`` segment ids (whole turns are named by their first
    segment) for ``question``: the store's BM25 over whole turns and exact cosine, RRF k 60."""
    vector = embed_queries(model, [question])[0]
    match = fts_match_expression(question)
    text = memory.store.fts_turns(scope, match, PLAIN_DEPTH) if match else []
    near = memory.store.nearest_segments(scope, vector, k=PLAIN_DEPTH, min_similarity=-1.0)
    fused = rrf([[str(i) for i, _ in text], [str(i) for i, _ in near]], k=RRF_K)
    return [int(i) for i in fused[:LIMIT]]


def print_pooled(rows: Sequence[dict[str, Any]]) -> None:
    """The Markdown table of ``pooled_latency`` rows (``busy``: the cores kept busy)."""
    print("\n| pooled-user-only store | busy cores | messages | questions | memstrata p50 ms | memstrata p95 ms "
          "| plain hybrid p50 ms | plain hybrid p95 ms | embedding alone p50 / p95 ms |"
          "\n|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['dataset']} | {r['busy']} | {r['messages']:,} | {r['questions']:,} | {r['memstrata_p50_ms']:.1f} "
              f"| {r['memstrata_p95_ms']:.1f} | {r['plain_p50_ms']:.1f} | {r['plain_p95_ms']:.1f} "
              f"| {r['embed_p50_ms']:.1f} / {r['embed_p95_ms']:.1f} |")
    print(f"\nWall time of each question with evidence asked once of Memory.search(limit={LIMIT}) and of a plain "
          f"hybrid on the same file (FTS5 BM25 over whole turns and exact cosine, {PLAIN_DEPTH} each, RRF k {RRF_K}, "
          f"top {LIMIT}), taking turns; both include the query's embedding, also timed alone. Load average at the "
          "end (1, 5, 15 min): {:.2f} {:.2f} {:.2f}; other work on the machine inflates milliseconds.".format(
              *os.getloadavg()))


def run_pooled(sets: Sequence[str], *, data: Path | None, db: Path | None = None,
               busy: int = 0) -> list[dict[str, Any]]:
    """``pooled_latency`` of each of ``sets``, quiet and, with ``busy``, again while that many cores
    are kept busy (``bench.busy.busy_cores``); prints the table (``print_pooled``) and returns the rows.

    Raises:
        InvalidInput: ``db`` with more than one set (a file holds one store).
    """
    if db is not None and len(sets) != 1:
        raise InvalidInput(f"--db keeps one set's store; got {len(sets)} sets ({', '.join(sets)})")
    rows = []
    for name in sets:
        for cores in [0] if busy == 0 else [0, busy]:
            with busy_cores(cores):
                rows.append({**pooled_latency(name, data, db=db), "busy": cores})
    print_pooled(rows)
    return rows
