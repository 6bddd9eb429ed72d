"""``memstrata bench embeddings``: quality per millisecond of the embedding candidates.

Each installed candidate embeds the probe memories (``bench.probe``) and answers
its paraphrased and cross-lingual queries by cosine alone (no full-text help),
within each user's memories. Quality is top-1 accuracy, Recall@3 and MRR; speed is
sentences per second over a batch of short Chinese and English messages. The
default (``use-multilingual-v3``) was chosen on this table.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rich.console import Console
from rich.table import Table

from memstrata.bench.perf import synthetic_messages
from memstrata.bench.probe import NOISE, SYNONYMS, TARGETS
from memstrata.embed.base import Embedder
from memstrata.embed.models import load_default_embedder
from memstrata.errors import EmbeddingError

CANDIDATES = ("use-multilingual-v3", "multilingual-e5-small-q4", "hashing-512")


@dataclass(frozen=True)
class EmbedScore:
    """Probe results of one model: quality in [0, 1], throughput in sentences/s."""

    model: str
    top1: float
    recall3: float
    mrr: float
    sentences_per_s: float
    load_s: float


def probe_cases() -> list[tuple[str, str, list[str]]]:
    """``(query, wanted memory, candidate memories)``: candidates are the user's own memories."""
    cases = []
    for user, text, query in TARGETS:
        pool = [t for u, t, _ in TARGETS if u == user] + [t for u, t in NOISE if u == user]
        cases.append((query, text, pool))
    alice = [t for u, t, _ in TARGETS if u == "alice"] + [t for u, t in NOISE if u == "alice"]
    cases += [(query, text, alice) for query, text in SYNONYMS]
    return cases


def score_model(embedder: Embedder, *, load_s: float, speed_sentences: Sequence[str]) -> EmbedScore:
    """Rank each probe case's pool by cosine and time a batch embed."""
    ranks = []
    for query, wanted, pool in probe_cases():
        vecs = embedder.embed([query, *pool])
        sims = vecs[1:] @ vecs[0]
        order = [pool[i] for i in np.argsort(-sims, kind="stable")]
        ranks.append(order.index(wanted) + 1)
    started = time.perf_counter()
    embedder.embed(list(speed_sentences))
    rate = len(speed_sentences) / (time.perf_counter() - started)
    r = np.array(ranks)
    return EmbedScore(embedder.name, float((r == 1).mean()), float((r <= 3).mean()),
                      float((1.0 / r).mean()), rate, load_s)


def run_embeddings(*, console: Console, sentences: int = 512, seed: int = 7) -> list[EmbedScore]:
    """Score every installed candidate and print the table (skipping ones that cannot load)."""
    speed = synthetic_messages(sentences, seed)
    scores = []
    for name in CANDIDATES:
        try:
            started = time.perf_counter()
            embedder = load_default_embedder(name)
            embedder.embed(["warm up"])
            load_s = time.perf_counter() - started
        except EmbeddingError as exc:
            console.print(f"[yellow]skipped {name}[/]: {exc}")
            continue
        scores.append(score_model(embedder, load_s=load_s, speed_sentences=speed))
    table = Table(title=f"embedding candidates on the zh/en probe ({len(probe_cases())} queries, cosine only)")
    for col in ("model", "top-1", "Recall@3", "MRR", "sentences/s", "MRR per ms/sentence", "load s"):
        table.add_column(col, justify="right")
    for s in scores:
        table.add_row(s.model, f"{s.top1:.2f}", f"{s.recall3:.2f}", f"{s.mrr:.3f}", f"{s.sentences_per_s:.0f}",
                      f"{s.mrr * s.sentences_per_s / 1000:.2f}", f"{s.load_s:.2f}")
    console.print(table)
    return scores
