"""Keyword search in Chinese and English through the store (no embedding model)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memstrata import Memory


@pytest.fixture
def fts_only(db_path: Path) -> Iterator[Memory]:
    mem = Memory(db_path, embedder=None, extractor=None, user_id="u1")
    mem.add("我以后都希望用顺丰，别放门口")
    mem.add("我喜欢用VSCode写代码")
    mem.add("The quick brown fox jumps over the lazy dog")
    yield mem
    mem.close()


@pytest.mark.parametrize(("query", "expected"), [
    ("顺丰", "我以后都希望用顺丰，别放门口"),
    ("放门口", "我以后都希望用顺丰，别放门口"),
    ("vscode", "我喜欢用VSCode写代码"),
    ("VSCODE", "我喜欢用VSCode写代码"),
    ("jumping foxes", "The quick brown fox jumps over the lazy dog"),
])
def test_keyword_finds_chinese_and_english(fts_only: Memory, query: str, expected: str) -> None:
    hits = fts_only.search(query)
    assert hits and hits[0].text == expected


@pytest.mark.parametrize("query", ['what\'s "this"? AND (', "NOT", "a OR b*", ")(", "NEAR(", "-", '"'])
def test_operators_and_punctuation_never_raise(fts_only: Memory, query: str) -> None:
    hits = fts_only.search(query)
    assert isinstance(hits, list)


def test_full_text_only_mode_reports_itself(fts_only: Memory) -> None:
    report = fts_only.doctor()
    assert report["embedding_model"] is None
    assert "full-text" in report["embedding_status"]


def test_scope_filter_applies_before_ranking(db_path: Path) -> None:
    with Memory(db_path, embedder=None, extractor=None) as mem:
        mem.add_many([mem.message(f"apple pie recipe number {i}", user_id="bob") for i in range(200)])
        mine = [mem.add(f"apple tart idea {i}", user_id="alice").episode_id for i in range(3)]
        hits = mem.search("apple", user_id="alice", limit=10)
        assert sorted(h.id for h in hits) == mine
        assert len(mem.search("apple", user_id="bob", limit=50)) == 50


class _BrokenModel:
    """An embedding model whose weights fail to load on first use (as on a damaged install)."""

    name = "use-multilingual-v3"
    dim = 512

    def embed(self, texts: list[str]) -> object:
        from memstrata.errors import EmbeddingError

        raise EmbeddingError("weights.npz: file is truncated")


def test_a_model_that_fails_to_load_degrades_to_full_text(db_path: Path) -> None:
    with Memory(db_path, embedder=_BrokenModel(), user_id="u1") as mem:
        result = mem.add("我以后都希望用顺丰，别放门口")
        assert result.created and [c.fact.key for c in result.facts] == ["shipping.carrier", "shipping.dropoff"]
        assert mem.search("顺丰")[0].text in ("配送偏好顺丰", "我以后都希望用顺丰，别放门口")
        report = mem.doctor()
        assert report["embedding_model"] is None
        assert report["embedding_status"].startswith("unavailable: ") and "full-text" in report["embedding_status"]
        assert report["counts"]["segments"] == 1 and report["counts"]["embedded_segments"] == 0
