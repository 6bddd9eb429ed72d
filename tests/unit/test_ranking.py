"""RRF, normalisation, recency and the blended score, computed by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata.config import RankingWeights
from memstrata.retrieve import access_signal, blend, normalised_rrf, recency, rrf


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = rrf([["a", "b", "c"], ["b", "d"]], k=60)
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 63)
    assert fused["d"] == pytest.approx(1 / 62)
    assert max(fused, key=fused.__getitem__) == "b"


def test_normalised_rrf_is_one_when_first_everywhere() -> None:
    assert normalised_rrf(2 / 61, lists=2) == pytest.approx(1.0)
    assert normalised_rrf(1 / 61, lists=2) == pytest.approx(0.5)
    assert normalised_rrf(0.5, lists=0) == 0.0


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
