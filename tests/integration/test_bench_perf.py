"""``memstrata bench perf`` on a tiny store: the ablation times every variant on the same
queries, and ``--reuse`` re-queries a file the bench filled without ingesting again."""

from __future__ import annotations

import gc
import math
from pathlib import Path

import pytest
from rich.console import Console
from tests.loadedmodel import hand_loaded_model

from memstrata.bench import perf
from memstrata.bench.perf import ABLATIONS, measure
from memstrata.embed import health
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import StoreError
from memstrata.memory import Memory

#: Every test here opens the model through the bench (or a ``Memory`` without a model given).
pytestmark = pytest.mark.usefixtures("run_model")


@pytest.fixture
def run_model(monkeypatch: pytest.MonkeyPatch, embedder: EmbeddingCache) -> None:
    """The bench's loads of the configured model use the run's loaded one (``tests.loadedmodel``)."""
    hand_loaded_model(monkeypatch, health, embedder)


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


def test_freeze_gc_times_the_searches_frozen_and_unfreezes_after(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    frozen_while_timed: list[int] = []
    timed = perf._time_queries

    def spy(*args: object, **kwargs: object) -> object:
        frozen_while_timed.append(gc.get_freeze_count())
        return timed(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(perf, "_time_queries", spy)
    gc.unfreeze()
    with open(tmp_path / "out.txt", "w") as out:
        row = measure(20, queries=3, seed=7, console=Console(file=out), db=tmp_path / "bench.db", freeze_gc=True)
    assert row["p50_ms"] > 0
    assert frozen_while_timed and frozen_while_timed[0] > 10_000
    assert gc.get_freeze_count() == 0
