"""The ``Embedder`` protocol, the content-hash cache, and loading the default model."""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

log = logging.getLogger(__name__)


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length vectors.

    Attributes:
        name: stable model identifier recorded in the database (e.g. ``use-multilingual-v3``).
        dim: vector dimension.

    Optional, for a model unlike USE-multilingual (multilingual-e5): ``embed_queries(texts)``
    (queries in a mode of their own, see ``embed_queries``), ``cosine_scale`` (``(floor, ceil)``,
    see ``cosine_scale``) and ``similarity_floor`` (cosine below which a vector candidate is noise).
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


def embed_queries(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Embed search queries: through the model's query mode when it has one, else ``embed``.

    Asymmetric models (multilingual-e5: ``query: `` / ``passage: `` prefixes) embed a question
    differently from the memories it should find; such an embedder defines
    ``embed_queries(texts)`` with ``embed``'s contract. Returns ``(len(texts), dim)`` float32
    unit rows. Raises ``EmbeddingError`` as ``embed`` does.
    """
    method = getattr(embedder, "embed_queries", None)
    return method(texts) if callable(method) else embedder.embed(texts)


#: Cosine (USE-multilingual) at or below which a vector match says nothing, and at or
#: above which it is a clear paraphrase; measured on the probe in ``bench.probe``:
#: unrelated pairs sit at 0.0–0.1, paraphrases and cross-lingual matches at 0.2–0.6.
COSINE_FLOOR = 0.1
COSINE_CEIL = 0.5

#: The cosine scale of a model without ``cosine_scale``: USE-multilingual's (``COSINE_FLOOR``
#: and ``COSINE_CEIL``: unrelated pairs at 0.0-0.1, paraphrases and cross-lingual matches 0.2-0.6).
DEFAULT_COSINE_SCALE = (COSINE_FLOOR, COSINE_CEIL)


def cosine_scale(embedder: object) -> tuple[float, float]:
    """``(floor, ceil)``: the query-memory cosine at or below which the model says nothing, and
    at or above which it is a clear match. A model whose cosines sit elsewhere (e5: a narrow
    band near 0.8-0.9) declares ``cosine_scale``; ``None`` (no model) and the others get
    ``DEFAULT_COSINE_SCALE``."""
    scale = getattr(embedder, "cosine_scale", None)
    return DEFAULT_COSINE_SCALE if scale is None else (float(scale[0]), float(scale[1]))


def carried_cosine(embedder: object, use_cosine: float, *, cap: float = 0.99) -> float:
    """A cosine threshold measured on USE-multilingual, carried to ``embedder``'s scale: the same
    place between its floor and ceil (``cosine_scale``), linearly, at most ``cap``. Unchanged for
    a model on USE's scale (and for ``None``). Used for fact merging and zero-shot keying, whose
    thresholds were measured on USE; the carried values were not measured on another model."""
    floor, ceil = cosine_scale(embedder)
    if (floor, ceil) == DEFAULT_COSINE_SCALE:
        return use_cosine
    carried = floor + (use_cosine - COSINE_FLOOR) * (ceil - floor) / (COSINE_CEIL - COSINE_FLOOR)
    return min(cap, carried)


#: Prefix of a query's cache key, so that a question and a memory of the same words, which an
#: asymmetric model embeds differently, do not share a vector.
QUERY_KEY = "query\x00"


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
        self.cosine_scale = cosine_scale(embedder)
        self.similarity_floor = float(getattr(embedder, "similarity_floor", 0.0))
        self._max = max_items
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    def clear(self) -> None:
        """Forget every cached vector (``memstrata bench perf`` times each query's embedding)."""
        self._cache.clear()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed with caching; same contract as ``Embedder.embed``."""
        return self._cached(texts, "", self.inner.embed)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries with caching (``embed_queries``: the model's query mode if any)."""
        if not callable(getattr(self.inner, "embed_queries", None)):
            return self.embed(texts)  # a symmetric model: a query is embedded like any text
        return self._cached(texts, QUERY_KEY, lambda batch: embed_queries(self.inner, batch))

    def _cached(self, texts: Sequence[str], prefix: str,
                model: Callable[[Sequence[str]], np.ndarray]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            key = content_hash(prefix + text)
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                out[i] = cached
            else:
                missing.setdefault(key, []).append(i)
        if missing:
            order = list(missing)
            vecs = model([texts[missing[k][0]] for k in order])
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


