"""A memory that expired on schedule (``ttl``, ``MEMSTRATA_TTL``) is forgotten: no import brings
it back, on every store with maintenance (SQLite, PostgreSQL).

With ``MEMSTRATA_TTL=message=60``, ``memstrata import log.jsonl``, then ``memstrata maintain`` after
the minute: the same import stored both messages again, for another minute, and "I'm allergic to
peanuts" was a fact again. The sweep now keeps what a forget keeps (``lifecycle.maintain``): the
message digests the log importers skip, the deleted ids an older export's restore skips, and, for
an expired fact whose message stays, the fact's suppression in that message.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from pathlib import Path

from conftest import OpenMemory
from logfiles import import_log, write_jsonl
from memstrata import Memory, Settings
from memstrata.clock import utcnow

LOG = [{"role": "user", "content": "I'm allergic to peanuts", "created_at": "2026-11-01T10:00:00Z", "session_id": "s1"},
       {"role": "user", "content": "I prefer UPS for delivery", "session_id": "s1"}]  # stamped at import: keyed


def _import(memory: Memory, log: Path) -> dict[str, int]:
    return import_log(memory, log, "bob")


def _log(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "log.jsonl", *LOG)


def test_a_log_whose_messages_expired_and_were_swept_imports_nothing_again(open_memory: OpenMemory,
                                                                             tmp_path: Path) -> None:
    memory = open_memory(user_id="bob", settings=Settings(ttl_seconds={"message": 60}))
    log = _log(tmp_path)
    assert _import(memory, log)["added"] == 2
    assert {f.key for f in memory.list()} == {"health.allergy", "shipping.carrier"}
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store has no sweep (and no forgotten ids)
    before = list(memory.export())
    report = memory.maintain(now=utcnow() + timedelta(minutes=2))
    assert (report.expired_episodes, report.expired_facts) == (2, 2)
    again = _import(memory, log)
    assert (again.get("added"), again.get("forgotten")) == (0, 2)
    assert memory.list(kind="episode") == [] and memory.list(status="all") == []
    # an export taken before the expiry, restored, brings back neither the messages nor the facts
    result = memory.import_records(before)
    skipped = {s["type"] for s in result["skipped"]}
    assert {"episode", "fact"} <= skipped, result
    assert memory.list(kind="episode") == [] and memory.list(status="all") == []
    # a newer export carries the digests, so a database restored from it refuses them too
    restored = open_memory(user_id="bob")
    restored.import_records(memory.export())
    assert (_import(restored, log).get("added"), restored.list(kind="episode")) == (0, [])


def test_an_expired_message_not_yet_swept_is_not_imported_again(open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="bob", settings=Settings(ttl_seconds={"message": 0.5}))
    log = _log(tmp_path)
    _import(memory, log)
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store keeps no forgotten messages
    time.sleep(0.6)  # both expired: hidden from every read, not yet deleted by a sweep
    assert memory.list(kind="episode") == []
    again = _import(memory, log)
    assert (again.get("added"), again.get("forgotten")) == (0, 2), again


def test_a_fact_expired_by_its_kind_is_not_drawn_again_from_the_message_that_stays(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="bob", settings=Settings(ttl_seconds={"preference": 60}))
    said = memory.add("I prefer UPS for delivery")
    [fact] = memory.list()
    assert fact.key == "shipping.carrier" and fact.kind == "preference"
    if not memory.store.capabilities.maintenance:
        return
    assert memory.maintain(now=utcnow() + timedelta(minutes=2)).expired_facts == 1
    assert [e.id for e in memory.list(kind="episode")] == [said.episode_id]  # the message stays
    records = list(memory.export())
    [kept] = [r for r in records if r["type"] == "suppressed"]
    assert "UPS" not in json.dumps(kept)
    # the message re-added elsewhere (as POST /v1/import does: suppressions first) gives no fact
    elsewhere = open_memory(user_id="bob")
    elsewhere.keep_suppressed(kept["digests"])
    [episode] = [r for r in records if r["type"] == "episode"]
    elsewhere.add(episode["content"], created_at=memory.list(kind="episode")[0].created_at)
    assert elsewhere.list(status="all") == []
