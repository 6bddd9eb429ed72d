"""Facts a user states about themself share one subject however the turn names its speaker:
an import names the user's turns "user" (the JSONL loader's default) or
by the user's id, a live message names nobody, and before this a correction said live never
replaced what the import stored: two current carriers, an allergy that could not be withdrawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import OpenMemory
from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.types import Fact
from memstrata.write.ingest import own_speaker


def _active(memory: Memory, key: str) -> list[str]:
    return sorted(f.value for f in memory.list(key=key) if isinstance(f, Fact))


@pytest.mark.parametrize("speaker", ["user", "alice", "Alice ", None])
def test_a_live_correction_replaces_what_any_naming_of_the_user_stored(open_memory: OpenMemory,
                                                                        speaker: str | None) -> None:
    memory = open_memory(user_id="alice")
    memory.add("我以后都用顺丰", speaker=speaker)
    memory.add("I am allergic to peanuts", speaker=speaker)
    memory.add("算了，以后用京东")
    memory.add("I'm not allergic to peanuts anymore")
    assert _active(memory, "shipping.carrier") == ["京东"]
    assert _active(memory, "health.allergy") == []
    assert all(f.subject is None for f in memory.list(status="all") if isinstance(f, Fact))


def test_another_speaker_keeps_a_subject_of_their_own(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="grp")
    memory.add("I prefer UPS for delivery", speaker="Bob")
    memory.add("I prefer FedEx for delivery")
    assert _active(memory, "shipping.carrier") == ["FedEx", "UPS"]
    assert sorted(str(f.subject) for f in memory.list(key="shipping.carrier") if isinstance(f, Fact)) == [
        "Bob", "None"]


def test_own_speaker_rule() -> None:
    assert own_speaker("user", "user", "alice") is None
    assert own_speaker("user", " ALICE", "alice") is None
    assert own_speaker("user", "Bob", "alice") == "Bob"
    assert own_speaker("assistant", "alice", "alice") == "alice"  # not the user's own statement
    assert own_speaker("user", "user", None) is None


def test_migration_13_clears_the_subject_an_import_stored(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Memory(path, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        memory.add("我以后都用顺丰")
        memory.add("I live in Berlin", speaker="Bob")
        conn = memory.store.db.conn
        conn.execute("UPDATE facts SET subject = 'user' WHERE subject IS NULL")  # as an import stored it
        conn.execute("DELETE FROM schema_migrations WHERE version >= 13")  # later ones run again too
        conn.commit()
    with Memory(path, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        assert {f.value: f.subject for f in memory.list(status="all") if isinstance(f, Fact)} == {
            "顺丰": None, "Berlin": "Bob"}
        memory.add("算了，以后用京东")
        assert _active(memory, "shipping.carrier") == ["京东"]
