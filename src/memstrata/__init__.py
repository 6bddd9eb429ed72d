"""memstrata: long-term memory for AI agents, embedded (one SQLite file) by default.

The public surface is ``__all__``; everything else is internal and may change.

The names load on first use (PEP 562 ``__getattr__``): ``import memstrata`` costs nothing, so a
light door (a coding-agent hook on its warm path, ``memstrata.integrations.hooks``) can live in
the package without paying for the engine and its model.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memstrata.async_memory import AsyncMemory
    from memstrata.config import RankingWeights, Settings
    from memstrata.embed.base import Embedder
    from memstrata.embed.hashing import HashingEmbedder
    from memstrata.errors import (
        Conflict,
        ContentTooLarge,
        CorruptDatabase,
        EmbeddingError,
        EmbeddingModelMismatch,
        InvalidInput,
        MemstrataError,
        NotFound,
        SchemaTooNew,
        StoreError,
    )
    from memstrata.extract.base import Extractor, FactCandidate
    from memstrata.lifecycle.forget import ForgetReceipt
    from memstrata.memory import Memory
    from memstrata.paging import Page
    from memstrata.semantic.categories import Category
    from memstrata.types import ContextSegment, Episode, Fact, Hit, MemoryEvent, Scope, Segment
    from memstrata.write.ingest import AddResult, FactChange, Message

__version__ = "0.1.0"

#: Where each public name is defined, loaded by ``__getattr__`` on first use.
_WHERE = {
    "AddResult": "memstrata.write.ingest",
    "AsyncMemory": "memstrata.async_memory",
    "Category": "memstrata.semantic.categories",
    "Conflict": "memstrata.errors",
    "ContentTooLarge": "memstrata.errors",
    "ContextSegment": "memstrata.types",
    "CorruptDatabase": "memstrata.errors",
    "Embedder": "memstrata.embed.base",
    "EmbeddingError": "memstrata.errors",
    "EmbeddingModelMismatch": "memstrata.errors",
    "Episode": "memstrata.types",
    "Extractor": "memstrata.extract.base",
    "Fact": "memstrata.types",
    "FactCandidate": "memstrata.extract.base",
    "FactChange": "memstrata.write.ingest",
    "ForgetReceipt": "memstrata.lifecycle.forget",
    "HashingEmbedder": "memstrata.embed.hashing",
    "Hit": "memstrata.types",
    "InvalidInput": "memstrata.errors",
    "Memory": "memstrata.memory",
    "MemoryEvent": "memstrata.types",
    "MemstrataError": "memstrata.errors",
    "Message": "memstrata.write.ingest",
    "NotFound": "memstrata.errors",
    "Page": "memstrata.paging",
    "RankingWeights": "memstrata.config",
    "SchemaTooNew": "memstrata.errors",
    "Scope": "memstrata.types",
    "Segment": "memstrata.types",
    "Settings": "memstrata.config",
    "StoreError": "memstrata.errors",
}

__all__ = [
    "AddResult",
    "AsyncMemory",
    "Category",
    "Conflict",
    "ContentTooLarge",
    "ContextSegment",
    "CorruptDatabase",
    "Embedder",
    "EmbeddingError",
    "EmbeddingModelMismatch",
    "Episode",
    "Extractor",
    "Fact",
    "FactCandidate",
    "FactChange",
    "ForgetReceipt",
    "HashingEmbedder",
    "Hit",
    "InvalidInput",
    "Memory",
    "MemoryEvent",
    "MemstrataError",
    "Message",
    "NotFound",
    "Page",
    "RankingWeights",
    "SchemaTooNew",
    "Scope",
    "Segment",
    "Settings",
    "StoreError",
    "__version__",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept in the package."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'memstrata' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
