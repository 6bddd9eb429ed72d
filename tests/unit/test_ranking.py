"""RRF, normalisation, recency and the blended score, computed by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata.config import RankingWeights
from memstrata.recall.fusion import (
    access_signal,
    blend,
    normalised_rrf,
    recency,
    rrf,
    session_ranks,
    with_similarity,
)


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = rrf([["a", "b", "c"], ["b", "d"]], k=60)
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 63)
    assert fused["d"] == pytest.approx(1 / 62)
    assert max(fused, key=fused.__getitem__) == "b"


def test_weighted_rrf_scales_each_list() -> None:
    fused = rrf([["a", "b"], ["b", "a"]], k=20, weights=[1.0, 0.3])
    assert fused["a"] == pytest.approx(1 / 21 + 0.3 / 22)
    assert fused["b"] == pytest.approx(1 / 22 + 0.3 / 21)
    assert fused["a"] > fused["b"]  # the heavier list's first place wins


def test_normalised_rrf_is_one_when_first_everywhere() -> None:
    assert normalised_rrf(2 / 61, weight=2) == pytest.approx(1.0)
    assert normalised_rrf(1 / 61, weight=2) == pytest.approx(0.5)
    assert normalised_rrf(1 / 21 + 0.3 / 21, weight=1.3, k=20) == pytest.approx(1.0)
    assert normalised_rrf(0.5, weight=0) == 0.0


def test_session_ranks_sum_the_best_three_turns() -> None:
    turns = [("s1", 5.0), ("s2", 3.0), ("s2", 2.5), ("s3", 1.0), ("s2", 0.1), ("s1", 0.2),
             ("s3", 1.0), ("s3", 1.0), ("s3", 1.0), ("s3", 1.0)]
    # s1: 5.0 + 0.2 = 5.2; s2: 3.0 + 2.5 + 0.1 = 5.6; s3: only its best three count, 3.0
    assert session_ranks(turns) == {"s2": 1, "s1": 2, "s3": 3}
    assert session_ranks(turns, top=1) == {"s1": 1, "s2": 2, "s3": 3}
    assert session_ranks([("a", 1.0), ("b", 1.0)]) == {"a": 1, "b": 2}  # ties: first seen first
    assert session_ranks([]) == {}


def test_recency_halves_every_half_life() -> None:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    assert recency(now, now, half_life_days=30) == 1.0
    assert recency(now - timedelta(days=30), now, half_life_days=30) == pytest.approx(0.5)
    assert recency(now - timedelta(days=60), now, half_life_days=30) == pytest.approx(0.25)
    assert recency(now + timedelta(days=5), now, half_life_days=30) == 1.0


def test_access_signal_saturates() -> None:
    assert access_signal(0) == 0.0
    assert access_signal(20) == pytest.approx(1.0)
    assert access_signal(1000) == 1.0
    assert 0 < access_signal(3) < access_signal(10) < 1


def test_blend_is_weighted_mean_of_signals() -> None:
    w = RankingWeights(relevance=0.55, recency=0.20, confidence=0.15, importance=0.10, access=0.0)
    score = blend(relevance=1.0, recency=0.5, confidence=0.8, importance=0.0, access=1.0, weights=w)
    assert score == pytest.approx(0.55 + 0.10 + 0.12)
    default = blend(relevance=1, recency=1, confidence=1, importance=1, access=1, weights=RankingWeights())
    assert default == pytest.approx(1.0)


def test_similarity_lifts_a_score_and_keeps_it_in_unit_range() -> None:
    assert with_similarity(0.5, 0.9, 0.0) == 0.5
    assert with_similarity(0.5, 0.9, 0.25) == pytest.approx((0.5 + 0.25 * 0.9) / 1.25)
    assert with_similarity(1.0, 1.0, 0.25) == pytest.approx(1.0)
    # Two items tied on the blended score: the one whose own cosine is higher ranks first.
    assert with_similarity(0.4, 0.8, 0.25) > with_similarity(0.4, 0.3, 0.25)
