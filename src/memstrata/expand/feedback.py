"""Pseudo-relevance feedback: terms of the first pass's best turns, for a second full-text pass.

RM3 (Lavrenko & Croft 2001; Abdul-Jaleel et al. 2004) expands a query with the terms most
probable in its top-ranked documents. Here the "collection" statistics are local: a term's
weight is its frequency in the feedback turns (each weighted by its first-pass rank,
``1 / (k + rank)``) times a local inverse document frequency over all first-pass candidates,
so words that are everywhere in the conversation ("really", a speaker's name) do not win.
Query terms and stop words are never proposed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from memstrata.text.tokens import QUERY_STOPWORDS, index_terms, stem_term

_STOP = frozenset(stem_term(w) for w in QUERY_STOPWORDS) | QUERY_STOPWORDS


def feedback_terms(feedback: Sequence[str], candidates: Sequence[str], query: Sequence[str], *,
                   n_terms: int, k: int = 20, min_docs: int = 2) -> list[str]:
    """The ``n_terms`` best expansion terms, best first.

    Args:
        feedback: texts of the first pass's top turns, best first.
        candidates: texts of every first-pass candidate (the local collection, feedback included).
        query: the query's own terms (``text.tokens.query_terms``): never proposed.
        n_terms: how many terms to return at most.
        k: rank damping of a feedback turn's weight (the RRF constant).
        min_docs: a term must occur in at least this many feedback turns.

    Returns:
        Index terms (stemmed words, CJK bigrams) as ``text.tokens.index_terms`` makes them.
    """
    if n_terms <= 0 or not feedback:
        return []
    skip = set(query) | _STOP
    df = Counter(t for text in candidates for t in set(index_terms(text)))
    total = max(len(candidates), 1)
    weight: dict[str, float] = {}
    docs: Counter[str] = Counter()
    for rank, text in enumerate(feedback, start=1):
        terms = [t for t in index_terms(text) if t not in skip and len(t) > 1 and not t.isdigit()]
        if not terms:
            continue
        counts = Counter(terms)
        for term, tf in counts.items():
            weight[term] = weight.get(term, 0.0) + (tf / len(terms)) / (k + rank)
            docs[term] += 1
    scored = {t: w * math.log((total + 1) / (df.get(t, 0) + 0.5)) for t, w in weight.items() if docs[t] >= min_docs}
    return sorted(scored, key=lambda t: (-scored[t], t))[:n_terms]
