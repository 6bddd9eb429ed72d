"""Zero-shot keys: a generic like keyed by what it is about, by embedding similarity.

"I like X" names no topic. When the object is in no gazetteer and an embedder is given, the clause is embedded and
compared (cosine) with the English and Chinese description of each topical key (``ZERO_SHOT_KEYS``); the best key
wins if its similarity is at least ``ZERO_SHOT_THRESHOLD`` and beats the generic description by
``ZERO_SHOT_MARGIN``, and the fact's confidence drops to ``CONF_ZERO_SHOT``. Otherwise it stays ``preference.like`` /
``preference.dislike``. Description vectors are computed once per ``KeyByMeaning`` (one per ``RuleExtractor``).
"""

from __future__ import annotations

import logging
from dataclasses import replace

import numpy as np

from memstrata.embed.base import COSINE_CEIL, COSINE_FLOOR, Embedder, carried_cosine, cosine_scale
from memstrata.errors import EmbeddingError
from memstrata.extract.arrangements import names_work
from memstrata.extract.clauses import CONF_ZERO_SHOT, Finding
from memstrata.extract.taxonomy import get_key

log = logging.getLogger(__name__)

#: Topical keys a generic like/dislike may be re-keyed to by embedding similarity.
ZERO_SHOT_KEYS: tuple[str, ...] = (
    "food.like", "drink.like", "hobby.like", "music.like", "sport.like", "media.like",
)
#: The generic key competes with the topical ones: a topical key is taken only if the
#: statement is nearer to its description than to "something the user likes".
_ZERO_SHOT_CANDIDATES: tuple[str, ...] = (*ZERO_SHOT_KEYS, "preference.like")
#: Minimum cosine (USE multilingual v3) between a statement and the winning description.
#: Measured on 50 labelled likes (29 en, 21 zh; 14 should stay generic) in
#: ``tests/unit/test_extract_rules.py::ZERO_SHOT_DEV``. Absolute cosines are low
#: (0.16–0.53) because "I like …" dominates a short sentence: an absolute threshold
#: alone peaked at 64% keys right (0.25–0.275, 5–9 mis-keyed). With the generic
#: description as a competitor, accuracy is 76% (2 mis-keyed) for any floor in
#: 0.00–0.20 and drops above (72% at 0.225); 0.20 is the highest floor on that plateau.
ZERO_SHOT_THRESHOLD = 0.20
#: How much nearer than the generic description a topical one must be. On real chat
#: (LoCoMo, MemoryBank) a bare win over the generic key mis-keyed 13 of 33 likes
#: ("helping people" → sport, "scuba diving" → drink); with a 0.04 margin the dev set
#: has no mis-keyed item (36/50 right, the rest left generic) and real chat 9 of 33.
#: A generic key is less useful but never wrong, so the margin trades recall for precision.
ZERO_SHOT_MARGIN = 0.04


class KeyByMeaning:
    """The topical key of a generic like by the nearest key description, for one ``embedder``."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._key_vectors: np.ndarray | None = None  # (candidates, 2 languages, dim)

    def rekey(self, finding: Finding) -> Finding:
        """``finding`` re-keyed by embedding similarity when it is a generic like or dislike whose clause is near
        enough a topical key's description ("I love sushi" → ``food.like``, confidence ``CONF_ZERO_SHOT``);
        ``finding`` itself otherwise, and when the model fails (logged)."""
        if finding.polarity is None or names_work(finding.value):
            return finding
        try:
            scores = self._scores(finding.clause)
        except EmbeddingError as exc:
            log.warning("zero-shot keying skipped: %s", exc)
            return finding
        best = int(np.argmax(scores))
        key, score = _ZERO_SHOT_CANDIDATES[best], float(scores[best])
        generic = float(scores[_ZERO_SHOT_CANDIDATES.index("preference.like")])
        # Thresholds measured on USE's cosines, carried to the model's own scale (e5's is narrower).
        threshold = carried_cosine(self._embedder, ZERO_SHOT_THRESHOLD)
        floor, ceil = cosine_scale(self._embedder)
        margin = ZERO_SHOT_MARGIN * (ceil - floor) / (COSINE_CEIL - COSINE_FLOOR)
        if key not in ZERO_SHOT_KEYS or score < threshold or score - generic < margin:
            return finding
        if finding.polarity == "dislike":
            if key != "food.like":
                return finding  # only food has a dislike key of its own
            key = "food.dislike"
        return replace(finding, key=key, confidence=CONF_ZERO_SHOT, polarity=None)

    def nearest_key(self, statement: str) -> tuple[str, float]:
        """The key whose description is nearest to ``statement``.

        Returns:
            ``(key, cosine)``: a topical key (``ZERO_SHOT_KEYS``) or ``preference.like``
            when the generic description is nearest; cosine in [-1, 1], the max over the
            key's English and Chinese descriptions.

        Raises:
            EmbeddingError: the model failed.
        """
        scores = self._scores(statement)
        best = int(np.argmax(scores))
        return _ZERO_SHOT_CANDIDATES[best], float(scores[best])

    def _scores(self, statement: str) -> np.ndarray:
        """Cosine of ``statement`` with each ``_ZERO_SHOT_CANDIDATES`` key (best language)."""
        if self._key_vectors is None:
            texts = [d for k in _ZERO_SHOT_CANDIDATES for d in _descriptions(k)]
            vectors = self._embedder.embed(texts)
            self._key_vectors = vectors.reshape(len(_ZERO_SHOT_CANDIDATES), 2, -1)
        query = self._embedder.embed([statement])[0]
        return np.asarray((self._key_vectors @ query).max(axis=1))


def _descriptions(key: str) -> tuple[str, str]:
    """``key``'s English and Chinese descriptions (``extract.taxonomy``), the texts a statement is compared with."""
    spec = get_key(key)
    return spec.description_en, spec.description_zh
