"""An import's progress counts every message of the log once, those it leaves out included: after
forgetting one of two messages, a re-import's progress bar stopped at 1/2 (a real SQLite file)."""

from __future__ import annotations

from pathlib import Path

from logfiles import import_log, write_jsonl
from memstrata import HashingEmbedder, Memory
from memstrata.loaders.importer import import_messages
from memstrata.loaders.jsonl import load_jsonl_messages


def test_a_reimport_advances_over_the_forgotten_and_the_stored_alike(tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "log.jsonl",
                      {"content": "I prefer UPS for delivery", "created_at": "2026-11-01T10:00:00Z"},
                      {"content": "我住在上海", "created_at": "2026-11-01T10:01:00Z"})
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="bob") as memory:
        first = import_log(memory, log, "bob")
        assert first["added"] == 2
        first_id = min(e.id for e in memory.list(kind="episode", user_id="bob"))
        memory.delete(episode_id=first_id, user_id="bob")
        advanced: list[int] = []
        tally: dict[str, int] = {}
        import_messages(memory, load_jsonl_messages(log), user_id="bob", on_batch=advanced.append, tally=tally)
        assert tally["forgotten"] == 1 and tally.get("added", 0) == 0
        assert sum(advanced) == 2
