"""Pins the public surface: ``memstrata.__all__`` is exactly this list and every name imports."""

from __future__ import annotations

import importlib

import pytest

import memstrata
from memstrata.embed.base import EmbeddingCache

EXPECTED_ALL: list[str] = [
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


def test_all_is_exactly_the_pinned_sorted_list() -> None:
    assert list(memstrata.__all__) == EXPECTED_ALL
    assert sorted(EXPECTED_ALL) == EXPECTED_ALL


@pytest.mark.parametrize("name", EXPECTED_ALL)
def test_every_public_name_is_importable_from_the_package(name: str) -> None:
    module = importlib.import_module("memstrata")
    assert hasattr(module, name), f"memstrata.{name} is in __all__ but not defined"
    namespace: dict[str, object] = {}
    exec(f"from memstrata import {name}", namespace)
    assert namespace[name] is getattr(module, name)


def test_star_import_exports_exactly_all() -> None:
    namespace: dict[str, object] = {}
    exec("from memstrata import *", namespace)
    assert sorted(k for k in namespace if k != "__builtins__") == EXPECTED_ALL


def test_version_is_the_packaged_version() -> None:
    assert memstrata.__version__ == "0.1.0"


def test_every_public_error_derives_from_memstrata_error() -> None:
    for name in ("Conflict", "ContentTooLarge", "CorruptDatabase", "EmbeddingError", "EmbeddingModelMismatch",
                 "InvalidInput", "NotFound", "SchemaTooNew", "StoreError"):
        assert issubclass(getattr(memstrata, name), memstrata.MemstrataError), name


def test_page_the_type_memory_page_returns_is_public(tmp_path: object, embedder: EmbeddingCache) -> None:
    # ``Memory.page`` is public, so the type it returns must be importable where the other public
    # types are (only in ``memstrata.paging``, a user could not annotate with it).
    from pathlib import Path

    # the run's loaded default model (the ``embedder`` fixture), not a second load of it
    with memstrata.Memory(Path(str(tmp_path)) / "m.db", embedder=embedder, user_id="u1") as memory:
        memory.add("I prefer window seats")
        page = memory.page(kind="episode", limit=1)
    assert isinstance(page, memstrata.Page)
    assert [e.content for e in page.items] == ["I prefer window seats"] and page.next_cursor is None


def test_forget_receipt_the_type_forget_and_delete_return_is_public() -> None:
    from memstrata.lifecycle.forget import ForgetReceipt

    assert memstrata.ForgetReceipt is ForgetReceipt and callable(ForgetReceipt.verify)
