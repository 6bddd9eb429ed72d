"""The documented schema is generated from the migrations and kept in step with them."""

from __future__ import annotations

from pathlib import Path

from memstrata.store.sqlite.schema import schema_markdown, table_notes

DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"


def test_docs_schema_matches_the_migrations() -> None:
    assert DOC.read_text(encoding="utf-8") == schema_markdown(), (
        "docs/schema.md is stale: regenerate it with schema_markdown()")


def test_a_table_is_described_by_the_comment_above_its_creation() -> None:
    notes = table_notes()
    said = notes["suppressed_facts"]  # one table, two kinds of digest: both named
    assert "fact suppressions" in said and "message digests" in said
    assert f"## `suppressed_facts`\n\n{said}\n" in DOC.read_text(encoding="utf-8")
    assert notes["memory_events"].startswith("The audit log.")
