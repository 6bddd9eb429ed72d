"""Asymmetric embedders (multilingual-e5: ``query: `` / ``passage: ``): a search embeds its query
through the model's query mode, and caches keep query vectors apart from memory vectors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memstrata import HashingEmbedder, Memory
from memstrata.bench.embed_cache import DiskEmbeddingCache
from memstrata.embed.base import EmbeddingCache, embed_queries

#: What this test model's query mode reads a question as (a stand-in for e5's ``query: `` prefix,
#: which moves a question towards the passages that answer it).
READS_AS = {"zzyzx qwv": "I adopted a grey cat called Tom"}


class QueryModeEmbedder(HashingEmbedder):
    """Hashing vectors; ``embed_queries`` embeds each query as the text ``READS_AS`` gives it."""

    def __init__(self) -> None:
        super().__init__(dim=64)
        self.query_calls: list[list[str]] = []
        self.passage_calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.passage_calls.append(list(texts))
        return super().embed(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.query_calls.append(list(texts))
        return super().embed([READS_AS.get(t, t) for t in texts])


def test_search_embeds_the_query_in_query_mode(tmp_path: Path) -> None:
    model = QueryModeEmbedder()
    with Memory(tmp_path / "m.db", embedder=model, user_id="u1") as mem:
        mem.add("I adopted a grey cat called Tom", role="user")
        mem.add("The weather was rainy all week", role="user")
        # No word in common with either memory: only the query-mode vector can find the cat.
        hits = mem.search("zzyzx qwv", kinds=["episode"], limit=1)
    assert [h.text for h in hits] == ["I adopted a grey cat called Tom"]
    assert ["zzyzx qwv"] in model.query_calls
    assert all("zzyzx qwv" not in call for call in model.passage_calls)


def test_a_symmetric_model_embeds_queries_like_memories(tmp_path: Path) -> None:
    model = HashingEmbedder(dim=64)
    assert np.array_equal(embed_queries(model, ["I like tea"]), model.embed(["I like tea"]))
    with Memory(tmp_path / "m.db", embedder=model, user_id="u1") as mem:
        mem.add("I adopted a grey cat called Tom", role="user")
        assert mem.search("zzyzx qwv", kinds=["episode"]) == []


def test_the_memory_cache_keeps_query_and_passage_vectors_apart() -> None:
    model = QueryModeEmbedder()
    cache = EmbeddingCache(model)
    passage = cache.embed(["zzyzx qwv"])
    query = cache.embed_queries(["zzyzx qwv", "zzyzx qwv"])
    assert not np.allclose(passage[0], query[0]) and np.array_equal(query[0], query[1])
    assert np.array_equal(query[0], model.embed([READS_AS["zzyzx qwv"]])[0])
    cache.embed_queries(["zzyzx qwv"])
    cache.embed(["zzyzx qwv"])
    assert model.query_calls == [["zzyzx qwv"]]  # embedded once, then served from the cache
    assert model.passage_calls == [["zzyzx qwv"], [READS_AS["zzyzx qwv"]]]  # the second: this test's check


def test_a_cleared_cache_embeds_the_query_again() -> None:
    model = QueryModeEmbedder()
    cache = EmbeddingCache(model)
    first = cache.embed_queries(["zzyzx qwv"])
    cache.clear()
    again = cache.embed_queries(["zzyzx qwv"])
    assert model.query_calls == [["zzyzx qwv"], ["zzyzx qwv"]]  # the model ran twice, not once
    assert np.array_equal(first, again)


def test_the_disk_cache_keeps_query_vectors_apart_and_reloads_them(tmp_path: Path) -> None:
    model = QueryModeEmbedder()
    first = DiskEmbeddingCache(model.name, 64, tmp_path, lambda: model, asymmetric=True)
    query = first.embed_queries(["zzyzx qwv"])
    passage = first.embed(["zzyzx qwv"])
    assert not np.allclose(query, passage)
    first.save()
    again = DiskEmbeddingCache(model.name, 64, tmp_path, lambda: QueryModeEmbedder(), asymmetric=True)
    assert np.array_equal(again.embed_queries(["zzyzx qwv"]), query)
    assert np.array_equal(again.embed(["zzyzx qwv"]), passage)
    # Without ``asymmetric`` a query is looked up under the memory's key (a symmetric model).
    symmetric = DiskEmbeddingCache(model.name, 64, tmp_path, lambda: QueryModeEmbedder())
    assert np.array_equal(symmetric.embed_queries(["zzyzx qwv"]), passage)
