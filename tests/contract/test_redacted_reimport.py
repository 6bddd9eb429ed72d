"""A message stored redacted stays redacted, and forgotten stays forgotten, through a re-import of
its log, on every store with SQL (SQLite, PostgreSQL).

``memstrata import log.jsonl`` stored "My email is [REDACTED:email] ..."; the same import under
``MEMSTRATA_PRIVACY=email=allow,phone=allow`` stored the unredacted originals beside them (their
identity under the new policy was new), and after ``forget --episode`` of the redacted message the
import stored it again (its forgotten identity was the redacted text, the importer asked with the
original). The importers now know a message by its form under the current policy, the strictest
one and none (``Memory.forgotten_messages``, ``Memory.stored_otherwise``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from conftest import OpenMemory
from logfiles import import_log, write_jsonl
from memstrata import Episode, Memory
from memstrata.clock import utcnow
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.identity import import_key
from memstrata.privacy.policy import PrivacyPolicy

EMAIL, PHONE = "carol@example.com", "13812345678"
LOG = [{"role": "user", "content": f"My email is {EMAIL} and I prefer UPS", "created_at": "2026-11-01T10:00:00Z",
        "session_id": "s1"},
       {"role": "user", "content": f"我的手机号是{PHONE}", "session_id": "s1"}]  # stamped at import: keyed


def _import(memory: Memory, log: Path) -> dict[str, int]:
    return import_log(memory, log, "bob")


def _log(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "log.jsonl", *LOG)


def _reopened(memory: Memory, privacy: str) -> Memory:
    """The same database under another privacy policy (``MEMSTRATA_PRIVACY``)."""
    where = memory.settings.database_url or memory.settings.db_path
    return Memory(where, settings=replace(memory.settings, privacy=PrivacyPolicy.parse(privacy)),
                  embedder=memory.embedder, user_id="bob")


def _texts(memory: Memory) -> list[str]:
    return sorted(str(getattr(e, "content", "")) for e in memory.list(kind="episode"))


def test_a_re_import_under_a_looser_policy_does_not_store_the_unredacted_original(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob")
    log = _log(tmp_path)
    assert _import(memory, log)["added"] == 2
    stored = _texts(memory)
    assert stored == ["My email is [REDACTED:email] and I prefer UPS", "我的手机号是[REDACTED:phone]"]
    assert _import(memory, log) == {"forgotten": 0, "added": 0, "duplicates": 2}
    if not memory.store.capabilities.sql:
        return  # the in-memory store cannot be opened again
    with _reopened(memory, "email=allow,phone=allow") as loose:
        assert _import(loose, log) == {"forgotten": 0, "added": 0, "duplicates": 2}
        assert _texts(loose) == stored
        said = loose.add(LOG[0]["content"], created_at=loose.list(kind="episode")[0].created_at)
        assert said.created  # said again on purpose under the new policy: the user's new statement


def test_a_re_import_under_a_stricter_policy_adds_no_redacted_copy(open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob")
    if not memory.store.capabilities.sql:
        return
    log = _log(tmp_path)
    with _reopened(memory, "email=allow,phone=allow") as loose:
        assert _import(loose, log)["added"] == 2
    assert _import(memory, log) == {"forgotten": 0, "added": 0, "duplicates": 2}
    assert len(_texts(memory)) == 2


def test_a_forgotten_redacted_message_stays_out_of_a_re_import_under_any_policy(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob")
    log = _log(tmp_path)
    _import(memory, log)
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store forgets no single message
    for episode in memory.list(kind="episode"):
        memory.forget(episode_id=episode.id)
    assert _import(memory, log) == {"forgotten": 2, "added": 0, "duplicates": 0}
    with _reopened(memory, "email=allow,phone=allow") as loose:
        assert _import(loose, log) == {"forgotten": 2, "added": 0, "duplicates": 0}
    assert memory.list(kind="episode") == [] and memory.list(status="all") == []


def test_an_import_key_holds_no_hash_of_a_secret(open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob")
    log = tmp_path / "phones.jsonl"
    lines = [{"content": f"我的手机号是{n}", "session_id": "s1"} for n in (PHONE, "13900000000")]
    log.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    assert _import(memory, log)["added"] == 2  # told apart by their place, as identical lines are
    assert _import(memory, log) == {"forgotten": 0, "added": 0, "duplicates": 2}
    keys = sorted(str(e.metadata["import_key"]) for e in memory.list(kind="episode") if isinstance(e, Episode))
    # the key is the one of the redacted text: trying phone numbers against it finds nothing
    redacted = ImportedMessage("s1", "user", "user", "我的手机号是[REDACTED:phone]", utcnow(), None, {})
    assert keys == sorted(import_key(redacted, repeat) for repeat in (0, 1))
