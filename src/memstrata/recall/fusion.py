"""Ranking as pure functions: Reciprocal Rank Fusion and the blended score.

* RRF (Cormack, Clarke & Büttcher, SIGIR 2009): ``sum w / (k + rank)`` over the
  ranked lists an item appears in, each list with a weight ``w`` (weighted RRF).
  Rank-based, so BM25 scores and cosines need no calibration against each other.
* Session ranks: sessions ranked by the sum of their best turns' full-text scores;
  a turn then also earns its session's rank as one more RRF list.
* Blend (``shared/DESIGN.md`` section 4): a weighted mean of relevance (RRF
  normalised to [0, 1]), recency (exponential half-life), confidence, importance
  and access frequency.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from datetime import datetime
from typing import TypeVar

from memstrata.config import RankingWeights
from memstrata.embed.base import COSINE_CEIL, COSINE_FLOOR

K = TypeVar("K", bound=Hashable)
S = TypeVar("S", bound=Hashable)

#: Recalls at which the access signal saturates at 1.0 (log-scaled below it).
ACCESS_SATURATION = 20


def rrf(ranked_lists: Sequence[Sequence[K]], *, k: int = 60,
        weights: Sequence[float] | None = None) -> dict[K, float]:
    """Fused score per item: ``sum weight / (k + rank)`` over ``ranked_lists`` (each best
    first, ranks from 1); ``weights`` (one per list, default all 1.0) is weighted RRF."""
    scores: dict[K, float] = {}
    for n, ranked in enumerate(ranked_lists):
        weight = 1.0 if weights is None else weights[n]
        for rank, item in enumerate(ranked, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    return scores


def normalised_rrf(score: float, *, weight: float, k: int = 60) -> float:
    """RRF score divided by its maximum (first in lists whose weights sum to ``weight``): in [0, 1]."""
    if weight <= 0:
        return 0.0
    return min(1.0, score / (weight / (k + 1)))


#: A session's full-text score is the sum of its best this many turns' scores: a session
#: where several turns match the question ranks above one with a single strong turn, but
#: one long session cannot win on sheer length. Measured in a ranking lab on LoCoMo
#: (categories 1-4; see docs/benchmarks.md): top 3 and all turns within 0.01 R@10; 3 kept.
SESSION_TOP_TURNS = 3


def session_ranks(turns: Iterable[tuple[S, float]], *, top: int = SESSION_TOP_TURNS) -> dict[S, int]:
    """Rank sessions (1 = best) from ``(session, turn score)`` pairs, higher scores better.

    A session's score is the sum of its ``top`` best turn scores; ties keep first-seen order.
    """
    per: dict[S, list[float]] = {}
    for session, score in turns:
        per.setdefault(session, []).append(score)
    totals = {session: sum(sorted(scores, reverse=True)[:top]) for session, scores in per.items()}
    order = sorted(totals, key=lambda session: -totals[session])
    return {session: rank for rank, session in enumerate(order, start=1)}




def match_strength(*, cosine: float | None, coverage: float,
                   scale: tuple[float, float] = (COSINE_FLOOR, COSINE_CEIL)) -> float:
    """How strongly an item matches the query, in [0, 1], independent of other items.

    The larger of the cosine rescaled between ``scale`` (the model's "says nothing" and "clear
    match" cosines: ``COSINE_FLOOR`` and ``COSINE_CEIL`` for USE-multilingual, an embedder's
    ``cosine_scale`` for another model) and ``coverage``, the share of the query's terms
    present in the item.
    """
    floor, ceil = scale
    vec = 0.0 if cosine is None else (cosine - floor) / (ceil - floor)
    return max(0.0, min(1.0, max(vec, coverage)))


#: Match strength from which an item counts as a real match (no further boost). Measured
#: on LoCoMo (categories 1-4, 1,536 questions, episodes only), R@5 / R@10: plain RRF
#: 0.498 / 0.589; saturation 1.0 (linear) 0.479 / 0.556; 0.5 0.491 / 0.578; 0.25
#: 0.498 / 0.587. 0.25 lets nonsense that USE places at cosine ~0.2 score like a real
#: match; 0.5 still separates it (see tests), at the cost of ~1 point of recall.
STRENGTH_SATURATION = 0.5


def calibrated_relevance(rank_relevance: float, strength: float) -> float:
    """Relevance in [0, 1]: the rank-based RRF share, halved for items that do not really match.

    RRF alone gives the best candidate 1.0 even for nonsense queries; scaling by
    ``0.5 + 0.5 * min(1, strength / STRENGTH_SATURATION)`` lets callers threshold scores
    (``search(min_score=...)``) while leaving the order among real matches to RRF.
    """
    return rank_relevance * (0.5 + 0.5 * min(1.0, strength / STRENGTH_SATURATION))


def with_similarity(score: float, similarity: float, weight: float) -> float:
    """``score`` (in [0, 1]) lifted by the item's own cosine to the query: ``(score + weight *
    similarity) / (1 + weight)``, in [0, 1]; ``weight`` 0 returns ``score``.

    RRF keeps only each list's order, so a turn whose sentence is a clear paraphrase of the query
    (``similarity``: its best cosine rescaled to [0, 1], ``match_strength`` without coverage) and a
    turn the vector list reached only by a loose cosine earn the same share at the same rank; the
    cosine itself tells them apart (``Settings.similarity_weight``).
    """
    if weight <= 0:
        return score
    return (score + weight * similarity) / (1.0 + weight)


def recency(created_at: datetime, now: datetime, *, half_life_days: float) -> float:
    """``0.5 ** (age / half_life)`` in [0, 1]; a memory from the future counts as new."""
    age_days = max(0.0, (now - created_at).total_seconds() / 86_400.0)
    return float(0.5 ** (age_days / half_life_days)) if half_life_days > 0 else 1.0


def access_signal(access_count: int) -> float:
    """``log(1 + n) / log(1 + ACCESS_SATURATION)`` capped at 1: diminishing returns."""
    return min(1.0, math.log1p(max(0, access_count)) / math.log1p(ACCESS_SATURATION))


def blend(*, relevance: float, recency: float, confidence: float, importance: float,
          access: float, weights: RankingWeights) -> float:
    """Weighted mean of the five signals (each in [0, 1]); result in [0, 1]."""
    total = weights.relevance + weights.recency + weights.confidence + weights.importance + weights.access
    if total <= 0:
        return relevance
    return (weights.relevance * relevance + weights.recency * recency + weights.confidence * confidence
            + weights.importance * importance + weights.access * access) / total
