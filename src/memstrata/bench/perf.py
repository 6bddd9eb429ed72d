"""``memstrata bench perf``: ingest throughput, recall latency, size and memory at scale.

Synthetic but varied messages (Chinese and English, seeded) are ingested through
the public SDK into one user of a fresh database, exactly as a user would (rule
extraction and embedding included). Targets from the engine issue, on 2 cores:
recall p95 ≤ 50 ms at 100k segments, ingest ≥ 200 episodes/s, peak RSS ≤ 600 MB.
"""

from __future__ import annotations

import random
import resource
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

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


def measure(size: int, *, queries: int, seed: int, console: Console) -> dict[str, float]:
    """Ingest ``size`` one-sentence episodes (= segments) and time ``queries`` recalls."""
    texts = synthetic_messages(size, seed)
    with tempfile.TemporaryDirectory(prefix="memstrata-bench-") as tmp:
        path = Path(tmp) / "bench.db"
        with Memory(path, user_id="bench") as memory:
            started = time.perf_counter()
            with Progress(TextColumn(f"  ingest {size:,}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=console, transient=True) as progress:
                task = progress.add_task("ingest", total=size)
                for start in range(0, size, STREAM):  # stream, as an import of a large log would
                    msgs = [memory.message(t, session_id=f"s{(start + i) // 50}")
                            for i, t in enumerate(texts[start:start + STREAM])]
                    memory.add_many(msgs, batch_size=256, on_batch=lambda n: progress.advance(task, n))
            ingest_s = time.perf_counter() - started
            memory.search("warm up the vector cache", limit=10)
            rng = random.Random(seed)
            latencies = []
            for _ in range(queries):
                q = rng.choice(_QUERIES)
                t0 = time.perf_counter()
                memory.search(q, limit=10)
                latencies.append((time.perf_counter() - t0) * 1000)
            segments = memory.store.counts()["segments"]
        size_bytes = sum(p.stat().st_size for p in Path(tmp).glob("bench.db*"))
    lat = np.array(latencies)
    return {"segments": segments, "ingest_eps": size / ingest_s, "p50_ms": float(np.percentile(lat, 50)),
            "p95_ms": float(np.percentile(lat, 95)), "mb_per_1k": size_bytes / 2**20 / (size / 1000),
            "rss_mb": peak_rss_mb()}


def run_perf(sizes: Sequence[int], *, queries: int, seed: int, console: Console) -> list[dict[str, float]]:
    """Measure each size and print a table with ratios against the targets."""
    rows = [measure(n, queries=queries, seed=seed, console=console) for n in sizes]
    table = Table(title="memstrata bench perf (one user, embedded SQLite, USE-multilingual, exact search)")
    for col in ("segments", "ingest ep/s", "vs 200", "recall p50 ms", "recall p95 ms", "vs 50 ms",
                "MB / 1k episodes", "peak RSS MB", "vs 600"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(f"{int(r['segments']):,}", f"{r['ingest_eps']:.0f}",
                      f"{r['ingest_eps'] / TARGETS['ingest_eps']:.2f}x", f"{r['p50_ms']:.1f}",
                      f"{r['p95_ms']:.1f}", f"{r['p95_ms'] / TARGETS['p95_ms']:.2f}x",
                      f"{r['mb_per_1k']:.2f}", f"{r['rss_mb']:.0f}", f"{r['rss_mb'] / TARGETS['rss_mb']:.2f}x")
    console.print(table)
    # Markdown for docs, printed raw so a narrow or piped terminal does not wrap it.
    print("\n| segments | ingest episodes/s | recall p50 ms | recall p95 ms | MB per 1k episodes "
          "| peak RSS MB |\n|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {int(r['segments']):,} | {r['ingest_eps']:.0f} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} "
              f"| {r['mb_per_1k']:.2f} | {r['rss_mb']:.0f} |")
    console.print("ratios: ingest is better above 1x; latency and RSS are better below 1x. "
                  "Peak RSS is the whole process so far (it includes smaller sizes run before).")
    return rows
