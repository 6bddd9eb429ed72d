"""Sentence embedders: the ``Embedder`` protocol and its providers."""

from memstrata.embed.base import Embedder, EmbeddingCache, load_default_embedder
from memstrata.embed.hashing import HashingEmbedder

__all__ = ["Embedder", "EmbeddingCache", "HashingEmbedder", "load_default_embedder"]
