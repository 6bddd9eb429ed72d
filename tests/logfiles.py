"""Conversation logs for the import tests: a JSONL file written from message records, imported
through the SDK's importer, and the messages a SQLite file holds for one user afterwards."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from memstrata import HashingEmbedder, Memory
from memstrata.loaders.importer import import_messages
from memstrata.loaders.jsonl import load_jsonl_messages
from memstrata.types import Episode


def write_jsonl(path: Path, *records: Mapping[str, object]) -> Path:
    """``path`` holding one JSON object per line (UTF-8, non-ASCII kept as written)."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def import_log(memory: Memory, log: Path, user_id: str) -> dict[str, int]:
    """Import ``log`` for ``user_id`` as ``memstrata import`` does; the importer's tally (counts by outcome)."""
    tally: dict[str, int] = {}
    import_messages(memory, load_jsonl_messages(log), user_id=user_id, tally=tally)
    return tally


def stored_contents(db: Path, user: str) -> list[str]:
    """The text of every message the SQLite file ``db`` holds for ``user``, sorted."""
    with Memory(db, embedder=HashingEmbedder(dim=64)) as memory:
        return sorted(e.content for e in memory.list(kind="episode", user_id=user, limit=100) if isinstance(e, Episode))
