"""Retrieval metrics over ranked turn ids (pure functions; tested on hand-made fixtures).

Binary relevance: a turn is relevant when it is one of the question's evidence turns.

* recall@k: share of the evidence turns found in the top k (LoCoMo evidence recall).
* all-evidence@k: 1 if every evidence turn is in the top k, else 0.
* session recall@k: 1 if a session holding evidence is among the first k distinct
  sessions, sessions ranked by their best-ranked turn.
* NDCG@k (Järvelin & Kekäläinen 2002): DCG with gain 1 and discount 1/log2(rank + 1),
  divided by the DCG of an ideal ranking of min(|evidence|, k) relevant turns.
* MRR: 1 / rank of the first relevant turn (0 if none is retrieved).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence


def recall_at_k(ranked: Sequence[str], evidence: set[str], k: int) -> float:
    """Fraction of ``recall.evidence`` in ``ranked[:k]`` (in [0, 1]); 0 when there is no evidence."""
    if not evidence:
        return 0.0
    return len(evidence & set(ranked[:k])) / len(evidence)


def all_evidence_at_k(ranked: Sequence[str], evidence: set[str], k: int) -> float:
    """1.0 if every evidence turn is in the top ``k``, else 0.0."""
    return float(bool(evidence) and evidence <= set(ranked[:k]))


def session_recall_at_k(ranked: Sequence[str], evidence: set[str], k: int,
                        session_of: Callable[[str], str]) -> float:
    """1.0 if an evidence session is among the first ``k`` distinct sessions of ``ranked``."""
    wanted = {session_of(t) for t in evidence}
    sessions: list[str] = []
    for turn in ranked:
        session = session_of(turn)
        if session not in sessions:
            sessions.append(session)
            if len(sessions) == k:
                break
    return float(bool(wanted & set(sessions)))


def ndcg_at_k(ranked: Sequence[str], evidence: set[str], k: int) -> float:
    """Binary-gain NDCG of ``ranked[:k]`` in [0, 1]."""
    if not evidence:
        return 0.0
    dcg = sum(1.0 / math.log2(rank + 1) for rank, turn in enumerate(ranked[:k], start=1) if turn in evidence)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(len(evidence), k) + 1))
    return dcg / ideal


def reciprocal_rank(ranked: Sequence[str], evidence: set[str]) -> float:
    """1 / rank of the first evidence turn in ``ranked``, 0.0 if none appears."""
    for rank, turn in enumerate(ranked, start=1):
        if turn in evidence:
            return 1.0 / rank
    return 0.0


def ranked_units(ranked: Sequence[str], unit: Callable[[str], str]) -> list[str]:
    """``ranked`` turns as the units their evidence names (e.g. sessions), each once at its
    best turn's rank: how a session-level gold is scored from a turn ranking.

    >>> ranked_units(["s2#1", "s1#4", "s2#0", "s3#2"], lambda t: t.split("#")[0])
    ['s2', 's1', 's3']
    """
    return list(dict.fromkeys(unit(t) for t in ranked))
