"""Whether the embedding model answers, and when to try it again after it failed.

One failure used to switch vectors off for the life of a ``Memory``: later messages were stored
without vectors and ``doctor`` said "unavailable" after the model had recovered. Now a failure
starts a backoff (``FIRST_BACKOFF_S``, doubling up to ``MAX_BACKOFF_S``); meanwhile writes and
searches go on with full-text search only, and once the time is up the next use probes the model
with a text no cache holds. A model that could not even load is loaded again the same way.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Callable

from memstrata.embed.base import Embedder, EmbeddingCache
from memstrata.embed.models import load_default_embedder
from memstrata.errors import EmbeddingError

log = logging.getLogger(__name__)

#: Seconds before the first retry of a failed model: short, a transient failure (memory, a busy
#: native pool) is usually gone by the next message.
FIRST_BACKOFF_S = 1.0
#: Longest wait between retries (5 minutes): a model that stays down costs one probe per period.
MAX_BACKOFF_S = 300.0

_probes = itertools.count()


class ModelHealth:
    """The model (or how to load it), its status text, and the retry schedule.

    Args:
        model: the loaded model, or ``None`` when it failed to load.
        load: loads the model again (``None``: nothing to reload, e.g. a model passed in).
        clock: monotonic seconds (``time.monotonic``).
    """

    def __init__(self, model: Embedder | None, *, load: Callable[[], Embedder] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.model, self._load, self._clock = model, load, clock
        self.status = "ok"
        self._retry_at: float | None = None
        self._backoff_s = FIRST_BACKOFF_S

    @property
    def down(self) -> bool:
        """Whether the model failed and is not known to answer again."""
        return self._retry_at is not None

    def failed(self, reason: str) -> None:
        """The model failed: full-text only until the retry time, which moves further out each time."""
        log.warning("embedding model unavailable, full-text search only; retrying in %.0f s: %s",
                    self._backoff_s, reason)
        self.status = f"unavailable: {reason} (full-text search only; retrying in {self._backoff_s:.0f} s)"
        self._retry_at = self._clock() + self._backoff_s
        self._backoff_s = min(MAX_BACKOFF_S, self._backoff_s * 2)

    def due(self) -> bool:
        """Whether the model is down and its retry time has come."""
        return self._retry_at is not None and self._clock() >= self._retry_at

    def probe(self) -> bool:
        """Try the model now with a text no cache holds (loading it first if it never loaded).
        Returns whether it answered; on failure the backoff grows (``failed``)."""
        try:
            if self.model is None:
                if self._load is None:
                    return False
                self.model = self._load()
            inner = getattr(self.model, "inner", self.model)  # past ``EmbeddingCache``
            inner.embed([f"memstrata model probe {next(_probes)}"])
        except EmbeddingError as exc:
            self.failed(str(exc))
            return False
        self.status, self._retry_at, self._backoff_s = "ok", None, FIRST_BACKOFF_S
        return True


def load_named(name: str, *, threads: int | None) -> ModelHealth:
    """The configured model ``name`` (``embed.models.load_default_embedder``, behind an
    ``EmbeddingCache``) with its health. A model that cannot load now does not stop the caller:
    the health is down (full-text only) and loads it again at the retry time.

    Args:
        name: the model's name (``Settings.embedding_model``).
        threads: native threads for the model's runtime (``Settings.embed_threads``).
    """
    def load() -> Embedder:
        return EmbeddingCache(load_default_embedder(name, threads=threads))
    try:
        return ModelHealth(load(), load=load)
    except EmbeddingError as exc:  # loaded again at the retry time
        health = ModelHealth(None, load=load)
        health.failed(str(exc))
        return health
