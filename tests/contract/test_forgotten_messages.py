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
        return  # the in-memory store forgets no single message (test_forgotten_log_reimport: a user, a session)
    memory.forget(episode_id=ids[0])
    memory.forget(episode_id=ids[1])
    # the keyed one is known by its key, whatever its time says now (a log line stamped at import)
    restamped = memory.message("I'm allergic to peanuts", metadata={"import_key": "ab" * 16})
    assert memory.forgotten_messages([timed, restamped, stays]) == [True, True, False]
    other = memory.message("我对花生过敏", created_at=WHEN, user_id="cy")
    later = memory.message("我对花生过敏", created_at=WHEN.replace(hour=11))
    assert memory.forgotten_messages([other, later]) == [False, False]  # another owner; another time


def test_an_export_of_another_database_does_not_restore_a_message_forgotten_here(open_memory: OpenMemory) -> None:
    here, there = open_memory(user_id="bob"), open_memory(user_id="bob")
    if not here.store.capabilities.maintenance:
        return  # the in-memory store forgets no single message
    for text in ("note 1", "note 2", "note 3"):
        there.add(text, user_id="zed")  # the same messages under other ids there
    for memory in (here, there):
        memory.add_many([memory.message("我对花生过敏", created_at=WHEN),
                         memory.message("I'm allergic to peanuts", metadata={"import_key": "ab" * 16})])
    for episode in here.list(kind="episode"):
        here.forget(episode_id=episode.id)
    result = here.import_records(there.export(user_id="bob"))
    assert result["episodes"] == 0 and result["facts"] == 0, result
    assert {s["type"] for s in result["skipped"]} >= {"episode", "fact"}
    assert here.list(kind="episode") == [] and here.list(status="all") == []


def test_a_message_is_the_same_to_the_importers_whether_its_speaker_is_unset_or_named_as_its_role(
        open_memory: OpenMemory) -> None:
    # ``add`` leaves the speaker unset; a JSONL line (or an export's episode re-read as a line) names
    # the role: the line of a message added then forgotten was not known as forgotten.
    memory = open_memory(user_id="bob")
    added = memory.message("I am allergic to penicillin.", created_at=WHEN, session_id="chat")
    named = memory.message("我住在上海", speaker="user", created_at=WHEN, session_id="chat")
    memory.add_many([added, named])
    as_line = memory.message("I am allergic to penicillin.", speaker="user", created_at=WHEN, session_id="chat")
    unnamed = memory.message("我住在上海", created_at=WHEN, session_id="chat")
    memory.forget(user_id="bob")
    assert memory.forgotten_messages([as_line, unnamed, added, named]) == [True, True, True, True]
    other = memory.message("I am allergic to penicillin.", speaker="alice", created_at=WHEN, session_id="chat")
    assistant = memory.message("I am allergic to penicillin.", role="assistant", created_at=WHEN, session_id="chat")
    assert memory.forgotten_messages([other, assistant]) == [False, False]  # another speaker, another role


def test_an_export_naming_the_role_as_speaker_does_not_restore_a_message_added_and_forgotten_here(
        open_memory: OpenMemory) -> None:
    # the exact restore (import_records) knew the message under another id by its identity, with the
    # speaker as exported: one added here (speaker unset) came back from an export that named the role
    here, there = open_memory(user_id="bob"), open_memory(user_id="bob")
    if not here.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    here.add("I am allergic to penicillin.", created_at=WHEN)
    here.forget(user_id="bob")
    there.add("ok then", user_id="zed")
    there.add("I am allergic to penicillin.", created_at=WHEN, speaker="user")
    result = here.import_records(there.export(user_id="bob"))
    assert result["episodes"] == 0, result
    [episode] = [s for s in result["skipped"] if s["type"] == "episode"]
    assert "forgotten here" in episode["reason"]
    assert here.list(kind="episode") == []
