"""memstrata: long-term memory for AI agents, embedded (one SQLite file) by default.

The public surface is ``__all__``; everything else is internal and may change.
"""

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
from memstrata.ingest import AddResult, FactChange, Message
from memstrata.lifecycle.forget import ForgetReceipt
from memstrata.memory import Memory
from memstrata.paging import Page
from memstrata.semantic.categories import Category
from memstrata.types import ContextSegment, Episode, Fact, Hit, MemoryEvent, Scope, Segment

__version__ = "0.1.0"

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
