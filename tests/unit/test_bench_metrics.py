"""Retrieval metrics on tiny fixtures whose values are computed by hand."""

from __future__ import annotations

import math

import pytest

from memstrata.bench.metrics import (
    all_evidence_at_k,
    ndcg_at_k,
    recall_at_k,
    reciprocal_rank,
    session_recall_at_k,
)

RANKED = ["D1:1", "D2:4", "D1:3", "D3:2", "D2:1"]
EVIDENCE = {"D2:4", "D3:2", "D9:9"}


def session(turn: str) -> str:
    return turn.split(":")[0]


def test_recall_counts_the_share_of_evidence_found() -> None:
    assert recall_at_k(RANKED, EVIDENCE, 1) == 0.0
    assert recall_at_k(RANKED, EVIDENCE, 2) == pytest.approx(1 / 3)
    assert recall_at_k(RANKED, EVIDENCE, 5) == pytest.approx(2 / 3)
    assert recall_at_k(RANKED, set(), 5) == 0.0


def test_all_evidence_needs_every_turn() -> None:
    assert all_evidence_at_k(RANKED, {"D2:4", "D3:2"}, 4) == 1.0
    assert all_evidence_at_k(RANKED, {"D2:4", "D3:2"}, 3) == 0.0
    assert all_evidence_at_k(RANKED, EVIDENCE, 5) == 0.0


def test_session_recall_ranks_sessions_by_best_turn() -> None:
    # Distinct sessions in order: D1, D2, D3.
    assert session_recall_at_k(RANKED, {"D3:9"}, 2, session) == 0.0
    assert session_recall_at_k(RANKED, {"D3:9"}, 3, session) == 1.0
    assert session_recall_at_k(RANKED, {"D2:7"}, 2, session) == 1.0


def test_ndcg_by_hand() -> None:
    # Relevant at ranks 2 and 4; ideal has min(3, 5) = 3 relevant at ranks 1-3.
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    ideal = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at_k(RANKED, EVIDENCE, 5) == pytest.approx(dcg / ideal)
    assert ndcg_at_k(["a", "b"], {"a"}, 10) == 1.0
    assert ndcg_at_k(["b", "a"], {"a"}, 10) == pytest.approx(1 / math.log2(3))


def test_reciprocal_rank_of_first_hit() -> None:
    assert reciprocal_rank(RANKED, EVIDENCE) == 0.5
    assert reciprocal_rank(RANKED, {"nowhere"}) == 0.0
