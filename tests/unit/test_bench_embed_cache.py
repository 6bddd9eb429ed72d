"""``bench retrieval --embedding-cache``: vectors come back identical from the file, the model
is not loaded on a full hit, and new texts are added."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memstrata import HashingEmbedder
from memstrata.bench.embed_cache import DiskEmbeddingCache
from memstrata.embed.base import Embedder


def _never() -> Embedder:
    raise AssertionError("the model was loaded although every text was cached")


def test_cached_vectors_are_the_models_and_survive_a_restart(tmp_path: Path) -> None:
    model = HashingEmbedder(dim=32)
    texts = ["I like tea", "我喜欢喝茶", "I like tea"]
    first = DiskEmbeddingCache(model.name, 32, tmp_path / "cache", lambda: model)
    got = first.embed(texts)
    assert np.array_equal(got, model.embed(texts)) and len(first) == 2
    first.save()
    again = DiskEmbeddingCache(model.name, 32, tmp_path / "cache", _never)
    assert np.array_equal(again.embed(texts[:2]), got[:2])
    with pytest.raises(AssertionError, match="was loaded"):
        again.embed(["a new sentence"])
    # A cache file of another dimension is not used.
    other = DiskEmbeddingCache(model.name, 16, tmp_path / "cache", lambda: HashingEmbedder(dim=16))
    assert len(other) == 0 and other.embed(["I like tea"]).shape == (1, 16)
