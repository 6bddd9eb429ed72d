"""``memstrata bench perf``: ingest throughput, recall latency, size and memory at scale.

Synthetic but varied messages (Chinese and English, seeded) are ingested through
the public SDK into one user of a fresh database, exactly as a user would (rule
extraction and embedding included). Targets from the engine issue, on 2 cores:
recall p95 ≤ 50 ms at 100k segments, ingest ≥ 200 episodes/s, peak RSS ≤ 600 MB.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import resource
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memstrata.bench.busy import busy_cores, locomo_latency, yardstick_ms
from memstrata.bench.retrieval import default_data_dir
from memstrata.collector import freeze_startup_objects
from memstrata.config import Settings
from memstrata.embed.base import embed_queries
from memstrata.errors import StoreError
from memstrata.memory import Memory

#: Messages handed to ``add_many`` per call while ingesting.
STREAM = 2048
TARGETS = {"ingest_eps": 200.0, "p95_ms": 50.0, "rss_mb": 600.0}

_EN_SUBJ = ["I", "My sister", "Our team", "The kids", "My manager", "We", "My friend Sam", "Grandma"]
_EN_VERB = ["visited", "talked about", "planned", "cooked", "bought", "fixed", "painted", "read about",
            "booked", "cancelled", "tried", "recommended"]
_EN_OBJ = ["a trip to Lisbon", "the new bakery downtown", "a vintage bicycle", "the garden shed",
           "a sushi dinner", "the quarterly report", "a jazz concert", "a hiking trail", "the dentist",
           "a used camera", "the piano lessons", "a tennis racket", "the kitchen sink", "a sci-fi novel"]
_EN_WHEN = ["yesterday", "last week", "this morning", "on Friday", "in May", "after work", "at noon"]
_ZH_SUBJ = ["我", "我妹妹", "我们团队", "孩子们", "我老板", "我们", "我朋友小王", "奶奶"]
_ZH_VERB = ["去了", "聊了", "计划了", "做了", "买了", "修好了", "画了", "读了", "预订了", "取消了"]
_ZH_OBJ = ["杭州的旅行", "楼下新开的面包店", "一辆旧自行车", "花园的小屋", "一顿火锅", "季度报告",
           "一场音乐会", "一条登山路线", "牙医的预约", "一台二手相机", "钢琴课", "一本科幻小说"]
_ZH_WHEN = ["昨天", "上周", "今天早上", "周五", "五月", "下班后", "中午"]
_QUERIES = ["what trips did we plan?", "我们买了什么？", "who fixed the sink", "音乐会是什么时候",
            "any restaurant recommendations?", "谁预订了牙医", "what books were read", "周末做了什么"]


def synthetic_messages(n: int, seed: int) -> list[str]:
    """``n`` distinct messages, half Chinese, half English, from a seeded grammar."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        if i % 2:
            out.append(f"{rng.choice(_ZH_WHEN)}{rng.choice(_ZH_SUBJ)}{rng.choice(_ZH_VERB)}"
                       f"{rng.choice(_ZH_OBJ)}，编号{i}。")
        else:
            out.append(f"{rng.choice(_EN_SUBJ)} {rng.choice(_EN_VERB)} {rng.choice(_EN_OBJ)} "
                       f"{rng.choice(_EN_WHEN)} (note {i}).")
    return out


def peak_rss_mb() -> float:
    """Peak resident set size of this process, MiB (``ru_maxrss`` is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


#: ``--ablate``: the recall settings switched off in turn (the whole-turn, session-block and
#: period lists, ``Settings``), each timed on the same queries as the defaults.
ABLATIONS: dict[str, dict[str, object]] = {
    "defaults": {},
    "turn_weight=0 (no whole-turn list)": {"turn_weight": 0.0},
    "session_blocks=False (sessions from turns)": {"session_blocks": False},
    "time_weight=0 (no period lists)": {"time_weight": 0.0},
    "all three off": {"turn_weight": 0.0, "session_blocks": False, "time_weight": 0.0},
}


@contextlib.contextmanager
def bench_file(db: Path | None, name: str = "bench") -> Iterator[Path]:
    """``db``, or ``<name>.db`` in a temporary directory removed afterwards (``bench perf`` and
    ``bench perf --pooled``)."""
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory(prefix=f"memstrata-{name}-") as tmp:
        yield Path(tmp) / f"{name}.db"


def measure(size: int, *, queries: int, seed: int, console: Console, db: Path | None = None,
            reuse: bool = False, ablate: bool = False, freeze_gc: bool = False) -> dict[str, Any]:
    """Ingest ``size`` one-sentence episodes (= segments) and time ``queries`` recalls.

    Args:
        db: keep the database in this SQLite file (default: a temporary one).
        reuse: ``db`` may already hold the first episodes of this bench (same ``size`` prefix and
            ``seed``): ingest continues after them, and a file holding all ``size`` is only
            queried (ingest throughput is then ``nan``).
        freeze_gc: freeze the process's objects once the store is open and searched once, as
            memstrata's own servers do (``collector.freeze_startup_objects``), unfrozen after the timing;
        ablate: also time the same queries under each of ``ABLATIONS``; the variants take turns
            query by query, so all see the same load.

    Returns:
        ``segments``, ``ingest_eps``, ``p50_ms``, ``p95_ms`` (wall), ``cpu_p50_ms``, ``cpu_p95_ms``
        (``_time_queries``), ``embed_p50_ms``, ``embed_p95_ms`` (the query's embedding alone,
        ``_time_embedding``), ``mb_per_1k`` (MiB per 1,000 episodes), ``rss_mb`` (peak RSS, MiB);
        with ``ablate`` also ``ablation``: one dict per variant (``name``, the four latencies,
        ``slowest`` query by median wall time, ``slowest_ms``).
    """
    texts = synthetic_messages(size, seed)
    with bench_file(db) as path:
        with Memory(path, user_id="bench") as memory:
            have = memory.store.counts()["episodes"]
            if have and not reuse:
                raise StoreError(f"{path} already holds {have:,} episodes; the bench needs a new file "
                                 "(--reuse continues or re-queries a file this bench filled)")
            if have > size:
                raise StoreError(f"{path} holds {have:,} episodes, more than --n {size:,}")
            ingest_eps = float("nan")
            if have < size:
                ingest_eps = (size - have) / _ingest(memory, texts, have, console)
            memory.search("warm up the vector cache", limit=10)
            rng = random.Random(seed)
            asked = [rng.choice(_QUERIES) for _ in range(queries)]
            if freeze_gc:
                freeze_startup_objects()
            try:
                timed = _time_queries(memory, asked, ABLATIONS if ablate else {"defaults": {}})
            finally:
                if freeze_gc:
                    gc.unfreeze()
            embed_ms = _time_embedding(memory, asked)
            segments = memory.store.counts()["segments"]
        size_bytes = sum(p.stat().st_size for p in path.parent.glob(f"{path.name}*"))
    out: dict[str, Any] = {"segments": segments, "ingest_eps": ingest_eps,
                           "embed_p50_ms": float(np.percentile(embed_ms, 50)),
                           "embed_p95_ms": float(np.percentile(embed_ms, 95)),
                           "mb_per_1k": size_bytes / 2**20 / (size / 1000), "rss_mb": peak_rss_mb()}
    out["ablation"] = [_latency(name, latencies) for name, latencies in timed.items()]
    for key in ("p50_ms", "p95_ms", "cpu_p50_ms", "cpu_p95_ms"):
        out[key] = out["ablation"][0][key]
    if not ablate:
        del out["ablation"]
    return out


def _latency(name: str, latencies: Sequence[tuple[str, float, float]]) -> dict[str, Any]:
    """p50/p95 (ms) of ``[(query, wall ms, CPU ms)]`` and the query slowest by its median."""
    lat = np.array([ms for _, ms, _ in latencies])
    cpu = np.array([ms for _, _, ms in latencies])
    per: dict[str, list[float]] = {}
    for q, ms, _ in latencies:
        per.setdefault(q, []).append(ms)
    slowest = max(per, key=lambda q: float(np.median(per[q])))
    return {"name": name, "p50_ms": float(np.percentile(lat, 50)), "p95_ms": float(np.percentile(lat, 95)),
            "cpu_p50_ms": float(np.percentile(cpu, 50)), "cpu_p95_ms": float(np.percentile(cpu, 95)),
            "slowest": slowest, "slowest_ms": float(np.median(per[slowest]))}


def _ingest(memory: Memory, texts: Sequence[str], start: int, console: Console) -> float:
    """Add ``texts[start:]`` in streamed batches; returns the seconds it took."""
    started = time.perf_counter()
    with Progress(TextColumn(f"  ingest {len(texts):,}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as progress:
        task = progress.add_task("ingest", total=len(texts), completed=start)
        for first in range(start, len(texts), STREAM):  # stream, as an import of a large log would
            msgs = [memory.message(t, session_id=f"s{(first + i) // 50}")
                    for i, t in enumerate(texts[first:first + STREAM])]
            memory.add_many(msgs, batch_size=256, on_batch=lambda n: progress.advance(task, n))
    return time.perf_counter() - started


def _time_queries(memory: Memory, asked: Sequence[str],
                  variants: dict[str, dict[str, object]]) -> dict[str, list[tuple[str, float, float]]]:
    """``{variant: [(query, wall ms, CPU ms), ...]}``: each query of ``asked`` timed under each
    variant's settings in turn (``Memory.settings`` replaced for the call, restored afterwards),
    the query's embedding included (the in-process embedding cache is emptied before each).
    CPU time is the searching threads': the caller's and the thread running the vector look-ups
    beside it (``recall.beside.VECTORS``), ``_search_cpu_s``. BLAS helper threads are left out: under
    load they spin, and their CPU time measured the load. Other work on the machine inflates it
    far less than wall time, so it compares runs made under different loads."""
    base = memory.settings
    out: dict[str, list[tuple[str, float, float]]] = {name: [] for name in variants}
    # The queries repeat (``_QUERIES``); a user's rarely do. Each search embeds its query afresh.
    forget = getattr(memory.embedder, "clear", lambda: None)
    try:
        for q in asked:
            for name, changes in variants.items():
                memory.settings = replace(base, **changes)  # type: ignore[arg-type]
                forget()
                c0, t0 = _search_cpu_s(), time.perf_counter()
                memory.search(q, limit=10)
                out[name].append((q, (time.perf_counter() - t0) * 1000, (_search_cpu_s() - c0) * 1000))
    finally:
        memory.settings = base
    return out


def _time_embedding(memory: Memory, asked: Sequence[str]) -> list[float]:
    """Wall ms of embedding each query of ``asked`` alone, as a search does (the configured model,
    no cache): the part of a search's latency that is the model's (``[]`` without one)."""
    model = getattr(memory.embedder, "inner", memory.embedder)
    if model is None:
        return [0.0]
    out = []
    for q in asked:
        t0 = time.perf_counter()
        embed_queries(model, [q])
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _search_cpu_s() -> float:
    """CPU seconds of this thread and of the vector look-up threads (``recall.beside.VECTORS``; the
    vector thread finishes before ``search`` returns, so a difference of two readings is one
    search's)."""
    total = time.thread_time()
    for thread in threading.enumerate():
        if thread.name.startswith("memstrata-vectors") and thread.ident is not None:
            with contextlib.suppress(OSError, ProcessLookupError):
                total += time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    return total


def run_perf(sizes: Sequence[int], *, queries: int, seed: int, console: Console, db: Path | None = None,
             reuse: bool = False, ablate: bool = False, busy: int = 0, locomo: int = 0,
             data: Path | None = None, freeze_gc: bool = False) -> list[dict[str, Any]]:
    """Measure each size and print a table with ratios against the targets (arguments as
    ``measure``; ``db`` takes one size), then, with ``ablate``, each variant's latency.

    ``busy``: also measure every size (and the LoCoMo latency) again while that many cores are kept
    busy (``bench.busy.busy_cores``); without ``db`` each condition ingests its own database, with
    ``db`` the busy one re-queries it (its ingest is not measured). ``locomo``: also time every
    question of that many LoCoMo conversations through memstrata and a plain hybrid
    (``bench.busy.locomo_latency``; ``data``: the LoCoMo file or its folder, default the
    team's data beside the checkout, else the conversation shipped in the package).
    """
    conditions = [0] if busy == 0 else [0, busy]
    rows = []
    for n in sizes:
        for cores in conditions:
            with busy_cores(cores):
                again = reuse or (db is not None and cores != conditions[0])
                row = measure(n, queries=queries, seed=seed, console=console, db=db, reuse=again, ablate=ablate,
                              freeze_gc=freeze_gc)
            rows.append({**row, "busy": cores})
    locomo_rows = []
    for cores in conditions if locomo else []:
        with busy_cores(cores):
            # The machine's own slowdown of any work while the cores are busy, beside the searches'.
            loop_ms = yardstick_ms()
            row = locomo_latency(_locomo_file(data), conversations=locomo)
            locomo_rows.append({**row, "busy": cores, "loop_ms": (loop_ms + yardstick_ms()) / 2})
    table = Table(title="memstrata bench perf (one user, embedded SQLite, USE-multilingual, exact search)")
    for col in ("segments", "busy cores", "ingest ep/s", "vs 200", "recall p50 ms", "recall p95 ms", "vs 50 ms",
                "MB / 1k episodes", "peak RSS MB", "vs 600"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(f"{int(r['segments']):,}", str(r["busy"]), f"{r['ingest_eps']:.0f}",
                      f"{r['ingest_eps'] / TARGETS['ingest_eps']:.2f}x", f"{r['p50_ms']:.1f}",
                      f"{r['p95_ms']:.1f}", f"{r['p95_ms'] / TARGETS['p95_ms']:.2f}x",
                      f"{r['mb_per_1k']:.2f}", f"{r['rss_mb']:.0f}", f"{r['rss_mb'] / TARGETS['rss_mb']:.2f}x")
    console.print(table)
    # Markdown for docs, printed raw so a narrow or piped terminal does not wrap it.
    print("\n| segments | busy cores | ingest episodes/s | recall p50 ms | recall p95 ms | CPU p50 ms | CPU p95 ms "
          "| MB per 1k episodes | peak RSS MB |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {int(r['segments']):,} | {r['busy']} | {r['ingest_eps']:.0f} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} "
              f"| {r['cpu_p50_ms']:.1f} | {r['cpu_p95_ms']:.1f} | {r['mb_per_1k']:.2f} | {r['rss_mb']:.0f} |")
    if locomo_rows:
        print("\n| LoCoMo | busy cores | questions | ingest turns/s | memstrata p50 ms | memstrata p95 ms "
              "| plain hybrid p50 ms | plain hybrid p95 ms | p95 ratio | search CPU / wall |"
              "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in locomo_rows:
            timed = r.get("conversations", locomo)  # the shipped file holds one conversation (conv-30)
            print(f"| {timed} conversation{'s' if timed > 1 else ''} | {r['busy']} | {r['questions']} "
                  f"| {r['ingest_tps']:.0f} "
                  f"| {r['memstrata_p50_ms']:.1f} | {r['memstrata_p95_ms']:.1f} | {r['plain_p50_ms']:.1f} "
                  f"| {r['plain_p95_ms']:.1f} | {r['memstrata_p95_ms'] / r['plain_p95_ms']:.2f}x "
                  f"| {r['cpu_per_wall']:.2f} |")
        if len(locomo_rows) == 2:
            quiet, loaded = locomo_rows
            print(f"LoCoMo p95 busy / quiet: {loaded['memstrata_p95_ms'] / quiet['memstrata_p95_ms']:.2f}x (target "
                  f"<= 1.2x); plain hybrid {loaded['plain_p95_ms'] / quiet['plain_p95_ms']:.2f}x; a plain Python "
                  f"loop {loaded['loop_ms'] / quiet['loop_ms']:.2f}x (the machine's own slowdown, "
                  f"bench.busy.yardstick_ms: {quiet['loop_ms']:.2f} -> {loaded['loop_ms']:.2f} ms)")
    if ablate:
        print("\n| segments | settings | recall p50 ms | recall p95 ms | CPU p50 ms | CPU p95 ms "
              "| slowest query (median ms) |\n|---:|---|---:|---:|---:|---:|---|")
        for r in rows:
            for v in r["ablation"]:
                print(f"| {int(r['segments']):,} | {v['name']} | {v['p50_ms']:.1f} | {v['p95_ms']:.1f} "
                      f"| {v['cpu_p50_ms']:.1f} | {v['cpu_p95_ms']:.1f} | {v['slowest']} {v['slowest_ms']:.0f} |")
    print(f"native threads per pool (Settings.embed_threads): {Settings().embed_threads}")
    for r in rows:
        print(f"{int(r['segments']):,} segments, {r['busy']} busy cores: CPU time per search (the searching thread "
              f"and its vector thread) p50 {r['cpu_p50_ms']:.1f} / p95 {r['cpu_p95_ms']:.1f} ms; of a search's wall "
              f"time, the query's embedding alone p50 {r['embed_p50_ms']:.1f} / p95 {r['embed_p95_ms']:.1f} ms")
    console.print("ratios: ingest is better above 1x; latency and RSS are better below 1x. "
                  "Peak RSS is the whole process so far (it includes smaller sizes run before). "
                  "Load average at the end (1, 5, 15 min): {:.2f} {:.2f} {:.2f}; other work on the machine "
                  "inflates milliseconds.".format(*os.getloadavg()))
    return rows


def _locomo_file(data: Path | None) -> Path:
    """The LoCoMo file to time: ``data`` (a file or a folder holding ``locomo10.json``), else the team's
    data beside the checkout, else the one conversation shipped in the package (``memstrata demo``'s)."""
    if data is not None:
        return data
    team = default_data_dir() / "locomo10.json"
    return team if team.exists() else Path(__file__).resolve().parents[1] / "data" / "locomo-conv-30.json"
