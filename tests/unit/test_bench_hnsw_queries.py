"""``bench hnsw --sentences`` query sets: held-out queries come from the stored grammar but
are never stored sentences; an unknown set is refused."""

import numpy as np
import pytest

from memstrata.bench.perf import synthetic_messages
from memstrata.bench.perf_postgres import sentence_vectors


def test_held_out_queries_are_new_sentences_of_the_stored_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDING_MODEL", "hashing-64")
    vectors, held_out, _ = sentence_vectors(40, queries=6, seed=7, embedding_cache=None, query_set="held-out")
    _, questions, _ = sentence_vectors(40, queries=6, seed=7, embedding_cache=None, query_set="questions")
    assert vectors.shape == (40, 64) and held_out.shape == (6, 64)
    # No held-out query is a stored vector, and the two query sets differ.
    assert float((held_out @ vectors.T).max()) < 1.0 - 1e-6
    assert not np.allclose(held_out, questions)
    stored = set(synthetic_messages(40, 7))
    assert not stored & set(synthetic_messages(6, 7 + 1_000_003))


def test_unknown_query_set_is_refused() -> None:
    with pytest.raises(ValueError, match="query_set must be one of questions, held-out"):
        sentence_vectors(10, queries=2, seed=7, embedding_cache=None, query_set="random")
