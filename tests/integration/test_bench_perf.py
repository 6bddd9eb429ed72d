"""``memstrata bench perf`` on a tiny store: the ablation times every variant on the same
queries, and ``--reuse`` re-queries a file the bench filled without ingesting again."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from rich.console import Console

from memstrata.bench.perf import ABLATIONS, measure
from memstrata.errors import StoreError
from memstrata.memory import Memory


def test_ablation_times_each_variant_and_reuse_only_queries(tmp_path: Path) -> None:
    db = tmp_path / "bench.db"
    with open(tmp_path / "out.txt", "w") as out:
        console = Console(file=out)
        first = measure(40, queries=6, seed=7, console=console, db=db, ablate=True)
        assert [v["name"] for v in first["ablation"]] == list(ABLATIONS)
        for variant in first["ablation"]:
            assert 0 < variant["p50_ms"] <= variant["p95_ms"] and 0 < variant["cpu_p50_ms"] <= variant["cpu_p95_ms"]
        assert first["segments"] == 40 and first["ingest_eps"] > 0
        assert 0 < first["embed_p50_ms"] <= first["embed_p95_ms"]  # the query's embedding, timed apart
        with pytest.raises(StoreError, match="already holds 40 episodes"):
            measure(40, queries=2, seed=7, console=console, db=db)
        again = measure(40, queries=2, seed=7, console=console, db=db, reuse=True)
        assert math.isnan(again["ingest_eps"]) and "ablation" not in again
    with Memory(db, user_id="bench") as memory:
        assert memory.store.counts()["episodes"] == 40  # nothing added twice
