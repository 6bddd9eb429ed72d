"""The documented schema is generated from the migrations and kept in step with them."""

from __future__ import annotations

from pathlib import Path

from memstrata.store.sqlite.schema import schema_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"


def test_docs_schema_matches_the_migrations() -> None:
    assert DOC.read_text(encoding="utf-8") == schema_markdown(), (
        "docs/schema.md is stale: regenerate it with schema_markdown()")
