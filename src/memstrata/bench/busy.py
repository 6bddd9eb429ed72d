"""Busy cores for ``memstrata bench perf --busy-cores N``, and LoCoMo query latency beside a plain hybrid.

A memory layer runs beside the agent that calls it (an LLM client, a web server, tool processes), so
its figures on a quiet machine are not the ones a user sees. ``busy_cores`` keeps N cores busy with
plain spinning processes, started and stopped by the bench itself and bounded in time, so the same
figures are measured quiet and busy in one run.

``locomo_latency`` times every question of a few LoCoMo conversations through ``Memory.search``
(the product, as a user calls it) and through a plain hybrid measured in the same run: BM25
(``bench.baselines.BM25Baseline``) and exact cosine over the same embedding model
(``DenseBaseline``), fused by Reciprocal Rank Fusion with k = 60 (Cormack et al., 2009).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memstrata.bench.baselines import BM25Baseline, DenseBaseline
from memstrata.bench.retrieval import HybridRetriever, load_dataset
from memstrata.config import Settings
from memstrata.embed.models import load_default_embedder
from memstrata.errors import InvalidInput

#: A spinning process stops itself after this many seconds even if the bench never stops it
#: (a killed bench must not leave the machine busy).
MAX_BUSY_S = 3600.0
#: RRF's k for the plain hybrid: the value of the original paper (Cormack, Clarke, Buettcher 2009).
RRF_K = 60
#: Turns each retriever returns per question before fusion.
DEPTH = 50

_SPIN = "import time\nend = time.monotonic() + {limit}\nwhile time.monotonic() < end:\n    pass\n"
#: ``yardstick_ms``: multiply-adds of its plain Python loop (~1 ms on the 2-core machine).
YARDSTICK_STEPS = 20_000


def yardstick_ms(reps: int = 300) -> float:
    """Median wall milliseconds of a fixed plain-Python loop (``YARDSTICK_STEPS`` multiply-adds: no
    memstrata code, no I/O, nothing beyond the first-level caches), ``reps`` times.

    Its ratio busy / quiet is the slowdown the machine itself puts on any work of this core while
    other cores are busy (a shared physical core, shared caches or a lower clock), which a search's
    ratio includes. On the 2-core test machine, quiet, with every other process stopped, one busy
    core slowed this loop by 1.41x in one round and 0.97x in the next (an FTS5 query alone 1.63x and
    0.97x): the same search code then gave LoCoMo busy / quiet p95 ratios from 1.13x to 1.38x."""
    times = []
    for _ in range(reps):
        started = time.perf_counter()
        total = 0
        for i in range(YARDSTICK_STEPS):
            total += i * i
        times.append(time.perf_counter() - started)
    return float(np.median(times)) * 1000


def check_busy(n: int) -> None:
    """Refuse a ``--busy-cores`` count that is negative or above ``os.cpu_count()``: more spinning
    processes than cores measure the scheduler, not a busy neighbour, and 99 of them made a 2-core
    machine's load average ~60.

    Raises:
        InvalidInput: naming the option, the count and the machine's cores.
    """
    cores = os.cpu_count() or 1
    if n < 0 or n > cores:
        raise InvalidInput(f"--busy-cores must be 0 to {cores} (this machine's cores), got {n}")


@contextlib.contextmanager
def busy_cores(n: int, *, max_s: float = MAX_BUSY_S) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Keep ``n`` cores busy (one spinning Python process each) for the body, then stop them.

    Args:
        n: processes to start (0: none, the body runs quiet).
        max_s: each process exits by itself after this many seconds.

    Raises:
        InvalidInput: ``n`` is negative or more than the machine's cores (``check_busy``).
    """
    check_busy(n)
    procs = [subprocess.Popen([sys.executable, "-c", _SPIN.format(limit=max_s)], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(n)]
    try:
        time.sleep(0.2 if procs else 0.0)  # let the scheduler see them before the first timing
        yield procs
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait()


def rrf(lists: Sequence[Sequence[str]], *, k: int = RRF_K) -> list[str]:
    """Reciprocal Rank Fusion: ids ordered by the sum of 1 / (k + rank) over ``lists`` (rank from 1);
    ties keep the order of first appearance."""
    score: dict[str, float] = {}
    for ranked in lists:
        for rank, item in enumerate(ranked, start=1):
            score[item] = score.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(score, key=lambda item: -score[item])


def _percentiles(ms: Sequence[float]) -> tuple[float, float]:
    arr = np.asarray(ms, dtype=float)
    return float(np.percentile(arr, 50)), float(np.percentile(arr, 95))


def locomo_latency(data: Path | None, *, conversations: int = 2) -> dict[str, Any]:
    """Query latency on the first ``conversations`` LoCoMo conversations: memstrata vs a plain hybrid.

    Each conversation is one user, imported through the SDK; every question (categories 1-5) is asked
    of both retrievers in turn, so both see the same load. Wall time per question includes the
    query's embedding. Needs the LoCoMo file (``--data``).

    Returns:
        ``conversations`` (timed: the file may hold fewer than asked), ``questions``, ``turns``,
        ``ingest_tps`` (turns/s through ``add_many``, extraction included),
        ``memstrata_p50_ms``, ``memstrata_p95_ms``, ``plain_p50_ms``, ``plain_p95_ms`` and
        ``cpu_per_wall`` (process CPU seconds over wall seconds while memstrata searched).
    Raises:
        InvalidInput: the data or the bench extra is missing.
    """
    dataset = load_dataset("locomo", data)
    chosen = dataset.conversations[:conversations]
    with tempfile.TemporaryDirectory(prefix="memstrata-busy-") as tmp:
        settings = Settings.from_env()
        model = load_default_embedder(settings.embedding_model or "use-multilingual-v3",
                                      threads=settings.embed_threads)
        # The model's first call initialises it (outside ingest, as the load is): LoCoMo's import
        # read 187 turns/s with it inside the timing, 221 without (quiet, two conversations).
        model.embed(["warm up"])
        product = HybridRetriever(Path(tmp), model)  # the configured model, as Memory() loads it
        try:
            plain = (BM25Baseline(), DenseBaseline(model, "model"))
        except ImportError as exc:
            raise InvalidInput(f"the plain hybrid needs the bench extra ({exc})") from exc
        started = time.perf_counter()
        for conversation in chosen:
            product.index(conversation)
        ingest_s = time.perf_counter() - started
        for conversation in chosen:
            for baseline in plain:
                baseline.index(conversation)
        ours: list[float] = []
        theirs: list[float] = []
        cpu = wall = 0.0
        for conversation in chosen:
            for item in conversation.qa:
                c0, t0 = time.process_time(), time.perf_counter()
                product.query(conversation, item.question, DEPTH)
                spent = time.perf_counter() - t0
                ours.append(spent * 1000)
                cpu, wall = cpu + time.process_time() - c0, wall + spent
                t0 = time.perf_counter()
                rrf([b.query(conversation, item.question, DEPTH) for b in plain])  # same process, same pools
                theirs.append((time.perf_counter() - t0) * 1000)
        product.memory.close()
    turns = sum(len(c.messages) for c in chosen)
    (o50, o95), (p50, p95) = _percentiles(ours), _percentiles(theirs)
    return {"conversations": len(chosen), "questions": len(ours), "turns": turns, "ingest_tps": turns / ingest_s,
            "memstrata_p50_ms": o50,
            "memstrata_p95_ms": o95, "plain_p50_ms": p50, "plain_p95_ms": p95, "cpu_per_wall": cpu / wall}
