"""A message forgotten here is known as forgotten to the log importers, on every store with exact
import (SQLite, PostgreSQL): ``Memory.forgotten_messages`` (``store.suppressed``: a content-free
digest of its import key, else of its role, speaker, time and text, with its owner)."""

from __future__ import annotations

from datetime import UTC, datetime

from conftest import OpenMemory

WHEN = datetime(2026, 3, 1, 10, tzinfo=UTC)


def test_a_forgotten_message_is_known_by_its_identity_or_its_import_key_for_its_owner_only(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="bob")
    timed = memory.message("我对花生过敏", created_at=WHEN)
    keyed = memory.message("I'm allergic to peanuts", created_at=WHEN, metadata={"import_key": "ab" * 16})
    stays = memory.message("ok", created_at=WHEN)
    ids = [r.episode_id for r in memory.add_many([timed, keyed, stays])]
    assert memory.forgotten_messages([timed, keyed, stays]) == [False, False, False]
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store has no import of logs that could bring a message back
    memory.forget(episode_id=ids[0])
    memory.forget(episode_id=ids[1])
    # the keyed one is known by its key, whatever its time says now (a log line stamped at import)
    restamped = memory.message("I'm allergic to peanuts", metadata={"import_key": "ab" * 16})
    assert memory.forgotten_messages([timed, restamped, stays]) == [True, True, False]
    other = memory.message("我对花生过敏", created_at=WHEN, user_id="cy")
    later = memory.message("我对花生过敏", created_at=WHEN.replace(hour=11))
    assert memory.forgotten_messages([other, later]) == [False, False]  # another owner; another time
