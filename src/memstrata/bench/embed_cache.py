"""A disk cache of embeddings for ``memstrata bench retrieval --embedding-cache DIR``.

A LoCoMo run embeds ~15,000 sentences and ~2,000 questions with the default model: about
ten minutes of a busy 2-core machine, the same every run. With the cache, every vector the
model returns is kept in ``DIR/<model name>.npz`` (keyed by ``embed.base.content_hash`` of
the text) and reused by later runs, so a ranking change can be measured in minutes. The
vectors are the model's own, so the quality figures are those of an uncached run; query
latencies then leave out the embedding of every cached question (the bench's JSON records
``embedding_cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from memstrata.embed.base import QUERY_KEY, Embedder, content_hash, embed_queries


class DiskEmbeddingCache:
    """Wraps an embedder (built on first need by ``load``) with a cache persisted in ``directory``.

    Args:
        name: the model's name (``Embedder.name``): the cache file is ``directory/<name>.npz``.
        dim: the model's dimension; a cache file of another dimension is ignored.
        load: builds the model when a text is not in the cache (never called on a full hit).
        asymmetric: the model embeds queries in a mode of their own (``embed_queries``, e5):
            query vectors are then cached under keys of their own; a symmetric model's query
            shares the vector of the same text stored as a memory.

    ``embed`` has ``Embedder.embed``'s contract (``(len(texts), dim)`` float32); ``save``
    writes the file (atomically: a temporary file renamed over it). Raises ``OSError`` when
    ``directory`` cannot be created or written.
    """

    def __init__(self, name: str, dim: int, directory: Path, load: Callable[[], Embedder], *,
                 asymmetric: bool = False) -> None:
        self.name = name
        self.asymmetric = asymmetric
        self.dim = dim
        self.path = directory / f"{name}.npz"
        self._load = load
        self._inner: Embedder | None = None
        self._vectors: dict[str, np.ndarray] = {}
        self._dirty = False
        directory.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            with np.load(self.path) as data:
                if data["vectors"].shape[1:] == (dim,):
                    self._vectors = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of ``texts`` (cached ones from the file, the rest from the model)."""
        return self._cached(texts, "")

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors (``embed.base.embed_queries``: the model's query mode if it has one),
        cached under keys of their own."""
        return self._cached(texts, QUERY_KEY if self.asymmetric else "")

    def _cached(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        keys = [content_hash(prefix + t) for t in texts]
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in self._vectors))
        if missing:
            if self._inner is None:
                self._inner = self._load()
            vectors = embed_queries(self._inner, missing) if prefix else self._inner.embed(missing)
            for text, vector in zip(missing, vectors, strict=True):
                self._vectors[content_hash(prefix + text)] = np.asarray(vector, dtype=np.float32)
            self._dirty = True
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, key in enumerate(keys):
            out[i] = self._vectors[key]
        return out

    def save(self) -> None:
        """Write the cache file if anything was added since the last save."""
        if not self._dirty:
            return
        keys = list(self._vectors)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys), vectors=np.stack([self._vectors[k] for k in keys]))
        tmp.replace(self.path)
        self._dirty = False

    def __len__(self) -> int:
        return len(self._vectors)
