"""A deterministic, dependency-free embedder: feature hashing of words and CJK bigrams.

It knows no meaning (synonyms do not match), so it is not a default; it is the
documented oracle for tests and users who want reproducible vectors with no model.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from memstrata.embed.base import normalize_rows
from memstrata.text.tokens import words


class HashingEmbedder:
    """Signed feature hashing (Weinberger et al. 2009) of ``words(text)`` (unstemmed, so vectors
    stored before stemming came to full text stay valid)."""

    def __init__(self, *, dim: int = 512) -> None:
        if dim <= 0:
            raise ValueError(f"dim must be positive, got {dim}")
        self.dim = dim
        self.name = f"hashing-{dim}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """``(n, dim)`` float32 unit rows; identical text gives an identical vector."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for term in words(text):
                digest = hashlib.blake2b(term.encode("utf-8", "surrogatepass"), digest_size=8).digest()
                h = int.from_bytes(digest, "little")
                out[row, h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
        return normalize_rows(out)
