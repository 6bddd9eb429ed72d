"""Sentence embedders: the ``Embedder`` protocol and its providers."""

from memstrata.embed.base import Embedder, EmbeddingCache
from memstrata.embed.hashing import HashingEmbedder
from memstrata.embed.models import load_default_embedder

__all__ = ["Embedder", "EmbeddingCache", "HashingEmbedder", "load_default_embedder"]
