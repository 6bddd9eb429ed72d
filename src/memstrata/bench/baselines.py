"""Plain retrieval baselines for ``memstrata bench retrieval``, measured in the same run as memstrata.

Every baseline indexes whole turns (``turn_document``: ``speaker: text (date)``), one index per
conversation, and ranks all of them exactly:

* ``bm25``: Okapi BM25 (k1 1.2, b 0.75, Lucene's idf ``log(1 + (N - n + 0.5) / (n + 0.5))``)
  over the product's own terms (``text.tokens.index_terms`` for turns, every distinct
  ``query_terms`` term of the question, none cut): stemmed English words and CJK bigrams.
* ``dense-<model>``: cosine of the model's query vector against each turn's vector.
* ``rrf-<model>``: Reciprocal Rank Fusion (k 60, equal weights) of ``bm25`` and
  ``dense-<model>``'s top ``FUSION_DEPTH`` (Cormack, Clarke & Büttcher, SIGIR 2009).

A question with ``before`` (``loaders.locomo.QAItem.before``) ranks only the turns said before
it; BM25's idf is still counted over the whole conversation (a small difference, the same for
every question of a run).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.embed.base import embed_queries
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation
from memstrata.text.tokens import index_terms, query_terms

#: BM25 constants (Robertson & Zaragoza 2009; FTS5 and Lucene use the same).
K1 = 1.2
B = 0.75
#: RRF constant of the fused baselines (Cormack et al. 2009).
RRF_K = 60
#: Ranks of each list a fused baseline fuses.
FUSION_DEPTH = 100


def turn_document(message: ImportedMessage) -> str:
    """A baseline document: ``speaker: text (date)``."""
    return f"{message.speaker}: {message.content} ({message.created_at:%d %B %Y})"


class _Turns:
    """One conversation's turn ids and times, and which turns a question may see."""

    def __init__(self, conversation: Conversation) -> None:
        self.ids = [m.source_id or "" for m in conversation.messages]
        self.times = np.array([m.created_at.timestamp() for m in conversation.messages])

    def visible(self, before: datetime | None) -> np.ndarray | None:
        """Mask of the turns said before ``before`` (``None``: all)."""
        return None if before is None else self.times < before.timestamp()


def _top(scores: np.ndarray, mask: np.ndarray | None, depth: int, *, positive: bool) -> list[int]:
    """Indexes of the ``depth`` best scores (ties: earlier turn first), masked and, for BM25,
    only scores above zero (a turn sharing no term is not a match)."""
    keep = np.ones(len(scores), dtype=bool) if mask is None else mask.copy()
    if positive:
        keep &= scores > 0
    idx = np.flatnonzero(keep)
    order = idx[np.argsort(-scores[idx], kind="stable")]
    return [int(i) for i in order[:depth]]


class BM25Baseline:
    """BM25 over whole turns with the product's tokenizer (the plain keyword pipeline)."""

    name = "bm25"

    def __init__(self) -> None:
        self._indexes: dict[str, tuple[_Turns, dict[str, tuple[np.ndarray, np.ndarray]], np.ndarray]] = {}

    def index(self, conversation: Conversation) -> None:
        """Build ``conversation``'s inverted index (term → turn indexes and frequencies)."""
        postings: dict[str, tuple[list[int], list[int]]] = {}
        lengths = []
        for i, message in enumerate(conversation.messages):
            terms = index_terms(turn_document(message))
            lengths.append(len(terms))
            for term, tf in Counter(terms).items():
                docs, tfs = postings.setdefault(term, ([], []))
                docs.append(i)
                tfs.append(tf)
        arrays = {t: (np.array(d), np.array(f, dtype=np.float64)) for t, (d, f) in postings.items()}
        self._indexes[conversation.id] = (_Turns(conversation), arrays, np.array(lengths, dtype=np.float64))

    def scores(self, conversation: Conversation, question: str) -> np.ndarray:
        """BM25 score of every turn of ``conversation`` for ``question`` (0: no shared term)."""
        _, postings, lengths = self._indexes[conversation.id]
        n_docs = len(lengths)
        norm = K1 * (1 - B + B * lengths / max(1e-9, float(lengths.mean()) if n_docs else 1.0))
        out = np.zeros(n_docs)
        for term in query_terms(question):
            found = postings.get(term)
            if found is None:
                continue
            docs, tfs = found
            idf = math.log(1 + (n_docs - len(docs) + 0.5) / (len(docs) + 0.5))
            out[docs] += idf * tfs * (K1 + 1) / (tfs + norm[docs])
        return out

    def ranked(self, conversation: Conversation, question: str, depth: int,
               before: datetime | None = None) -> list[int]:
        """Indexes of the best ``depth`` turns, best first."""
        turns = self._indexes[conversation.id][0]
        return _top(self.scores(conversation, question), turns.visible(before), depth, positive=True)

    def query(self, conversation: Conversation, question: str, depth: int,
              before: datetime | None = None) -> list[str]:
        """Turn ids, best first, at most ``depth``."""
        ids = self.turn_ids(conversation)
        return [ids[i] for i in self.ranked(conversation, question, depth, before)]

    def turn_ids(self, conversation: Conversation) -> list[str]:
        """The indexed conversation's turn ids, by turn index."""
        return self._indexes[conversation.id][0].ids


class DenseBaseline:
    """One embedding model over whole turns, exact cosine (the plain vector pipeline).

    ``embedder``: anything with ``Embedder``'s ``embed`` (and optionally ``embed_queries``),
    e.g. a ``bench.embed_cache.DiskEmbeddingCache``; ``label`` names it (``dense-<label>``)."""

    def __init__(self, embedder: Any, label: str) -> None:
        self.embedder = embedder
        self.name = f"dense-{label}"
        self._indexes: dict[str, tuple[_Turns, np.ndarray]] = {}

    def index(self, conversation: Conversation) -> None:
        """Embed every turn of ``conversation``."""
        vectors = self.embedder.embed([turn_document(m) for m in conversation.messages])
        self._indexes[conversation.id] = (_Turns(conversation), np.asarray(vectors, dtype=np.float32))

    def ranked(self, conversation: Conversation, question: str, depth: int,
               before: datetime | None = None) -> list[int]:
        """Indexes of the ``depth`` most similar turns, best first."""
        turns, vectors = self._indexes[conversation.id]
        sims = vectors @ embed_queries(self.embedder, [question])[0]
        return _top(sims, turns.visible(before), depth, positive=False)

    def query(self, conversation: Conversation, question: str, depth: int,
              before: datetime | None = None) -> list[str]:
        """Turn ids, best first, at most ``depth``."""
        turns = self._indexes[conversation.id][0]
        return [turns.ids[i] for i in self.ranked(conversation, question, depth, before)]


def rrf_order(lists: Sequence[Sequence[int]], *, k: int = RRF_K) -> list[int]:
    """Items of ``lists`` (each best first) by ``sum 1 / (k + rank)``; ties keep first-seen order.

    >>> rrf_order([[1, 2, 3], [3, 1]])
    [1, 3, 2]
    """
    scores: dict[int, float] = {}
    for ranked in lists:
        for rank, item in enumerate(ranked, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda item: -scores[item])


class RRFBaseline:
    """RRF of a ``BM25Baseline`` and a ``DenseBaseline`` already indexed by the run (no new index)."""

    def __init__(self, bm25: BM25Baseline, dense: DenseBaseline) -> None:
        self.bm25, self.dense = bm25, dense
        self.name = "rrf-" + dense.name.removeprefix("dense-")

    def index(self, conversation: Conversation) -> None:
        """Nothing: the two parts are indexed by the run itself."""

    def query(self, conversation: Conversation, question: str, depth: int,
              before: datetime | None = None) -> list[str]:
        """Turn ids, best first, at most ``depth``."""
        lists = [self.bm25.ranked(conversation, question, FUSION_DEPTH, before),
                 self.dense.ranked(conversation, question, FUSION_DEPTH, before)]
        ids = self.bm25.turn_ids(conversation)
        return [ids[i] for i in rrf_order(lists)[:depth]]
