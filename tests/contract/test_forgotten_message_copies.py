"""A message forgotten here stays out when a client sends a copy of it that reads the same: a trailing
space or newline, CRLF, NFD, a full-width or zero-width space (``text.same_message``). Its identity
was the SHA-256 of its exact text, so ``"I'm allergic to peanuts. "`` at the original time was stored
again with its fact. Each door that may be handed an old message asks ``write.forgotten`` (the SDK's
``add`` / ``add_many``, which ``POST /v1/messages``, the CLI and the hooks call; the log importers;
the exact import of an export); a store that kept only the exact-text digests (written before) still
refuses the exact message. A change of case or punctuation is another message. Every store."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import OpenMemory
from logfiles import import_log, write_jsonl
from memstrata import Episode, Fact, Memory
from memstrata.clock import utcnow
from memstrata.integrations.markdown import import_folder
from memstrata.integrations.markdown.importer import note_keys
from memstrata.integrations.markdown.notes import parse
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.identity import import_key, older_key
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig
from memstrata.store import suppressed
from memstrata.store.dialect import run
from memstrata.store.records import episode_hash

WHEN = datetime(2026, 11, 1, 10, 0, 0, 123456, tzinfo=UTC)
SAID = "I'm allergic to peanuts.\nI live in Zürich."
#: Copies of ``SAID`` that read the same (each was stored again before, but the time in another offset).
COPIES = [SAID + " ", SAID + "\n", SAID.replace("\n", "\r\n"), "\u3000" + SAID,
          SAID.replace("ü", "u\u0308"), SAID.replace("peanuts", "pea\u200bnuts")]


def _forgotten_one(memory: Memory) -> None:
    """``SAID`` added at ``WHEN`` in session ``s1``, then the session forgotten (every store forgets one)."""
    first = memory.add(SAID, created_at=WHEN, session_id="s1")
    assert first.episode_id is not None and _peanuts(memory)
    memory.forget(user_id="bob", session_id="s1")


def _peanuts(memory: Memory) -> list[Fact]:
    return [f for f in memory.list() if isinstance(f, Fact) and f.value == "peanuts"]


def _contents(memory: Memory) -> list[str]:
    return sorted(e.content for e in memory.list(kind="episode", limit=50) if isinstance(e, Episode))


def test_every_copy_that_reads_the_same_stays_out_of_add_and_add_many(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="bob")
    _forgotten_one(memory)
    east = WHEN.astimezone(timezone(timedelta(hours=8)))
    sent = [memory.add(c, created_at=WHEN, session_id="s1") for c in COPIES]
    sent += memory.add_many([memory.message(c, created_at=east, session_id="s1") for c in [SAID, *COPIES]])
    assert [r.forgotten for r in sent] == [True] * len(sent), [r for r in sent if not r.forgotten]
    assert _contents(memory) == [] and _peanuts(memory) == []
    # another case or punctuation may say something else: another message, stored
    other = [SAID.replace("peanuts.", "peanuts?"), SAID.replace("I'm", "i'm")]
    assert [r.forgotten for r in memory.add_many([memory.message(t, created_at=WHEN, session_id="s1")
                                                  for t in other])] == [False, False]
    assert _contents(memory) == sorted(other)


def test_a_log_imported_again_with_its_lines_reformatted_stores_none_of_them(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob")
    lines = [{"session_id": "s1", "role": "user", "content": SAID, "created_at": "2026-03-01T10:00:00Z"},
             {"session_id": "s1", "role": "user", "content": "我对芒果过敏", "created_at": "2026-03-01T10:01:00Z"}]
    assert import_log(memory, write_jsonl(tmp_path / "log.jsonl", *lines), "bob")["added"] == 2
    memory.forget(user_id="bob")
    copied = [{**lines[0], "content": SAID.replace("\n", "\r\n") + "\n"},
              {**lines[1], "content": "\u3000我对芒果过敏 ", "created_at": "2026-03-01T18:01:00+08:00"}]
    again = import_log(memory, write_jsonl(tmp_path / "copy.jsonl", *copied), "bob")
    assert (again.get("added", 0), again.get("forgotten")) == (0, 2), again
    assert _contents(memory) == [] and _peanuts(memory) == []


def test_an_export_whose_text_was_reformatted_does_not_restore_a_message_forgotten_here(
        open_memory: OpenMemory) -> None:
    here, there = open_memory(user_id="bob"), open_memory(user_id="bob")
    if not here.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    _forgotten_one(here)
    there.add("note 1", user_id="zed")  # the same message under another id there
    there.add(SAID.replace("\n", "\r\n") + " ", created_at=WHEN, session_id="s1")
    result = here.import_records(there.export(user_id="bob"))
    assert result["episodes"] == 0 and result["facts"] == 0, result
    assert _contents(here) == [] and _peanuts(here) == []


def test_a_store_that_kept_only_the_exact_text_digest_still_refuses_the_exact_message(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="bob")
    if not memory.store.capabilities.maintenance:
        return  # SQL stores only: the digests are rewritten as the code before kept them
    _forgotten_one(memory)
    with memory.store.db.write() as conn:  # what a forget kept before: the exact text's digest alone
        run(conn, memory.store.dialect, "DELETE FROM suppressed_facts")
    exact = suppressed.message_digest(episode_hash("user", None, WHEN, SAID))
    assert suppressed.keep_stored(memory.store, ("default", "default", "bob"), [exact]) == 1
    assert memory.add(SAID, created_at=WHEN, session_id="s1").forgotten
    assert memory.forgotten_messages([memory.message(SAID, speaker="user", created_at=WHEN)]) == [True]


@pytest.mark.parametrize("swept", [False, True])
def test_a_copy_of_an_expired_message_stays_out_swept_or_not(open_memory: OpenMemory, swept: bool) -> None:
    memory = open_memory(user_id="bob")
    if swept and not memory.store.capabilities.maintenance:
        return  # the in-memory store keeps no TTL sweep
    memory.add(SAID, created_at=WHEN, session_id="s1", ttl=60 if swept else 0.05)
    if swept:
        assert memory.maintain(now=utcnow() + timedelta(minutes=2)).expired_episodes == 1
    else:
        time.sleep(0.1)  # expired: hidden from every read, not yet deleted by a sweep
        assert memory.list(kind="episode") == []
    copy = memory.message(SAID + "\n", created_at=WHEN, session_id="s1")
    assert memory.forgotten_messages([copy]) == [True]
    assert memory.add_many([copy])[0].forgotten


def test_a_forgotten_note_stays_out_of_its_folder_saved_again_as_nfd_or_with_a_zero_width_space(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="alice")
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store forgets no single message
    notes = tmp_path / "notes"
    notes.mkdir()
    memory_md = notes / "MEMORY.md"
    memory_md.write_text("# Memory\n- I live in Zürich\n- I'm allergic to peanuts\n", encoding="utf-8")
    assert import_folder(memory, notes).added == 2
    for episode in memory.list(kind="episode"):
        memory.forget(episode_id=episode.id)
    # an editor saved it again: decomposed (macOS), a zero-width space pasted in, CRLF
    memory_md.write_text("# Memory\r\n- I live in Zu\u0308rich\r\n- I'm allergic to pea\u200bnuts \r\n",
                         encoding="utf-8")
    again = import_folder(memory, notes)
    assert (again.added, again.forgotten) == (0, 2), again
    assert _contents(memory) == [] and _peanuts(memory) == []


def test_a_note_forgotten_under_the_key_imports_gave_before_stays_out(open_memory: OpenMemory, tmp_path: Path) -> None:
    # a note key was of the text with its whitespace runs collapsed only: a note kept in NFD was stored and
    # forgotten under that key, which ``note_keys`` still asks
    memory = open_memory(user_id="alice")
    if not memory.store.capabilities.maintenance:
        return  # the digests are rewritten as a forget before kept them: SQL stores
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "MEMORY.md").write_text("# Memory\n- I live in Zu\u0308rich\n", encoding="utf-8")
    assert import_folder(memory, notes).added == 1
    [note] = parse((notes / "MEMORY.md").read_text(encoding="utf-8"), "MEMORY.md")
    [new, older] = note_keys(note)
    [episode] = memory.list(kind="episode")
    memory.forget(episode_id=episode.id)
    with memory.store.db.write() as conn:  # what a forget kept before: the older note key's digest
        run(conn, memory.store.dialect, "DELETE FROM suppressed_facts")
    suppressed.keep_stored(memory.store, ("default", "default", "alice"), [suppressed.message_digest(f"note:{older}")])
    again = import_folder(memory, notes)
    assert (again.added, again.forgotten) == (0, 1), again
    assert new != older and _contents(memory) == []


def test_a_log_without_times_imported_again_reformatted_stores_none_of_its_forgotten_lines(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    # a line without created_at is stamped at import and known by its import key, which was of its exact text
    memory = open_memory(user_id="bob")
    lines = [{"session_id": "s1", "content": SAID}, {"session_id": "s1", "content": "ok"},
             {"session_id": "s1", "content": "ok"}]
    assert import_log(memory, write_jsonl(tmp_path / "log.jsonl", *lines), "bob")["added"] == 3
    memory.forget(user_id="bob")
    copied = [{**lines[0], "content": SAID.replace("\n", "\r\n") + " "}, {**lines[1], "content": "ok\n"},
              {**lines[2], "content": "\u200bok"}]
    again = import_log(memory, write_jsonl(tmp_path / "copy.jsonl", *copied), "bob")
    assert (again.get("added", 0), again.get("forgotten")) == (0, 3), again
    assert _contents(memory) == [] and _peanuts(memory) == []


def test_lines_an_import_keyed_by_their_exact_text_before_stay_stored_once_and_forgotten(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    # what an import gave a line without a time before its text was taken as read: ``older_key``
    memory = open_memory(user_id="bob")
    lines = [ImportedMessage(session_id="s1", speaker="user", role="user", content=text, created_at=WHEN,
                             source_id=None, metadata={"created_at_assumed": True})
             for text in (SAID + "\n", "ok  fine")]
    assert [older_key(m, 0) != import_key(m, 0) for m in lines] == [True, True]
    memory.add_many([memory.message(m.content, speaker="user", created_at=WHEN, session_id="s1",
                                    metadata={"created_at_assumed": True, "import_key": older_key(m, 0)})
                     for m in lines])
    log = write_jsonl(tmp_path / "log.jsonl", *({"session_id": "s1", "content": m.content} for m in lines))
    again = import_log(memory, log, "bob")
    assert (again.get("added", 0), again.get("duplicates")) == (0, 2), again  # stored: not twice
    memory.forget(user_id="bob")
    third = import_log(memory, log, "bob")
    assert (third.get("added", 0), third.get("forgotten")) == (0, 2), third
    assert _contents(memory) == []


def test_rest_messages_and_import_leave_out_a_reformatted_copy_of_a_forgotten_message(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="bob")
    with TestClient(create_app(ServerConfig(), memory=memory)) as client:
        sent = client.post("/v1/import", json={"user_id": "bob", "records": [
            {"session_id": "s1", "content": SAID}, {"session_id": "s1", "content": "ok  fine"}]})
        assert sent.json()["added"] == 2, sent.text
        first = client.post("/v1/messages", json={"user_id": "bob", "session_id": "s2", "messages": [
            {"content": "I drink oat milk.", "created_at": "2026-11-01T10:00:00Z"}]})
        assert first.status_code == 200, first.text
        memory.forget(user_id="bob")
        again = client.post("/v1/messages", json={"user_id": "bob", "session_id": "s2", "messages": [
            {"content": " I drink oat milk.\r\n", "created_at": "2026-11-01T18:00:00+08:00"}]})
        assert again.json()["forgotten"] == [0], again.text
        imported = client.post("/v1/import", json={"user_id": "bob", "records": [
            {"session_id": "s1", "content": SAID + "\n"}, {"session_id": "s1", "content": "ok fine"}]})
        assert (imported.json()["added"], imported.json()["forgotten_messages"]) == (0, 2), imported.text
    assert _contents(memory) == [] and _peanuts(memory) == []


def test_a_copy_of_a_message_whose_fact_was_forgotten_draws_the_fact_no_more(open_memory: OpenMemory) -> None:
    # the message stays, so its copy is stored (another episode: another text); its fact was drawn again
    memory = open_memory(user_id="bob")
    first = memory.add(SAID, created_at=WHEN, session_id="s1")
    [fact] = [c.fact for c in first.facts if c.fact.value == "peanuts"]
    memory.forget(fact_id=fact.id)
    copies = memory.add_many([memory.message(c, created_at=WHEN, session_id="s1") for c in COPIES])
    assert all(r.created and not r.forgotten for r in copies)
    assert _peanuts(memory) == [] and "peanuts" not in {f.value for f in memory.list(status="all")}
    other = memory.add(SAID.replace("peanuts.", "peanuts!"), created_at=WHEN, session_id="s1")  # another text
    assert [c.fact.value for c in other.facts if c.fact.value == "peanuts"] == ["peanuts"]
