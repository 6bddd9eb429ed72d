"""Importing an export taken before a forget brings nothing forgotten back, on every store with
exact import (SQLite, PostgreSQL).

Remember a peanut allergy, export, ``forget --fact N --sources``, import the
pre-forget export: the peanut message and fact used to come back active under their old ids, though the
database held their tombstones. Now every forget keeps the ids it deleted (``store.forgotten``)
and the import skips their records, saying which and why (``lifecycle.import_records``).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import OpenMemory
from memstrata import Fact, InvalidInput, Memory


def _allergy(memory: Memory) -> Fact:
    return next(f for f in memory.list() if isinstance(f, Fact) and f.key == "health.allergy")


def _peanuts_anywhere(memory: Memory) -> bool:
    facts = memory.list(status=["active", "superseded", "archived"])
    episodes = memory.list(kind="episode")
    hits = memory.search("allergic to peanuts", limit=20)
    return any("peanut" in f"{getattr(r, 'value', '')} {getattr(r, 'content', '')}" for r in [*facts, *episodes]) \
        or any("peanut" in h.text for h in hits) or "peanut" in memory.context("do I have allergies?")


def _skipped(result: dict[str, Any]) -> set[tuple[str, int]]:
    return {(s["type"], s["id"]) for s in result["skipped"] if "id" in s}


def test_an_older_export_does_not_bring_back_a_fact_forgotten_with_its_messages(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="peanut")
    said = memory.add("I'm allergic to peanuts").episode_id
    kept = memory.add("I prefer UPS for delivery").episode_id
    fact = _allergy(memory)
    before = list(memory.export())
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    memory.forget(fact_id=fact.id, sources=True)
    assert not _peanuts_anywhere(memory)
    result = memory.import_records(before)
    assert (result["episodes"], result["facts"]) == (0, 0)
    assert {("episode", said), ("fact", fact.id)} <= _skipped(result)
    assert all("forgotten" in s["reason"] or "skipped" in s["reason"] for s in result["skipped"])
    assert not _peanuts_anywhere(memory)
    assert memory.get(episode_id=kept).content == "I prefer UPS for delivery"
    assert _skipped(memory.import_records(before)) == _skipped(result)  # the same answer every time


def test_a_plain_fact_forget_keeps_its_fact_out_of_a_reimport(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="plain")
    said = memory.add("I'm allergic to peanuts").episode_id
    fact = _allergy(memory)
    before = list(memory.export())
    if not memory.store.capabilities.maintenance:
        return
    memory.forget(fact_id=fact.id)  # the message stays: only the fact is forgotten
    result = memory.import_records(before)
    assert result["facts"] == 0 and ("fact", fact.id) in _skipped(result)
    assert memory.list() == [] and memory.get(episode_id=said).content == "I'm allergic to peanuts"


def test_a_forgotten_user_stays_forgotten_and_a_newer_export_carries_what_was_forgotten(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="gone")
    memory.add("I'm allergic to peanuts")
    memory.add("我以后都用顺丰")
    before = list(memory.export())
    if not memory.store.capabilities.maintenance:
        return
    memory.forget(user_id="gone")
    after = list(memory.export())
    assert [r["type"] for r in after] == ["tombstone", "forget_receipt", "forgotten", "suppressed"]
    # the two messages, for the log importers; their lines and their facts' in a Markdown projection
    [kept] = [r for r in after if r["type"] == "suppressed"]
    assert len(kept["digests"]) == 6
    [gone] = [r for r in after if r["type"] == "forgotten"]
    assert sorted(gone["episodes"]) == sorted(r["id"] for r in before if r["type"] == "episode")
    assert "peanut" not in str(after) and "顺丰" not in str(after)  # ids and times, no content

    result = memory.import_records(before)
    assert (result["episodes"], result["facts"], result["events"]) == (0, 0, 0)
    assert memory.list(kind="episode") == [] and memory.list(status="all") == []

    # Restored elsewhere from the newer export, the older one is still refused its forgotten ids.
    other = open_memory(user_id="gone")
    assert other.import_records(after)["forgotten_ids"] == len(gone["episodes"]) + len(gone["facts"])
    result = other.import_records(before)
    assert (result["episodes"], result["facts"]) == (0, 0) and len(result["skipped"]) >= len(before)
    assert other.list(kind="episode") == [] and not _peanuts_anywhere(other)


def test_a_forgotten_record_naming_a_stored_row_or_malformed_records_are_refused(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="tamper")
    said = memory.add("I prefer UPS for delivery").episode_id
    if not memory.store.capabilities.maintenance:
        return
    owner = {"org_id": "default", "project_id": "default", "user_id": "tamper"}
    lie = {"type": "forgotten", "scope": owner, "at": "2026-01-01T00:00:00Z", "episodes": [said], "facts": []}
    with pytest.raises(InvalidInput, match=rf"record 1: forgotten: names episode #{said} as forgotten, but it is "
                                           "stored here"):
        memory.import_records([lie])
    bad_ids = {**lie, "episodes": [[said]]}
    with pytest.raises(InvalidInput, match="episodes must be a list of positive integer ids"):
        memory.import_records([bad_ids])
    [fact] = [r for r in memory.export() if r["type"] == "fact"]
    with pytest.raises(InvalidInput, match="citations must be a list of integer episode ids"):
        memory.import_records([{**fact, "id": fact["id"] + 100, "citations": [[said]]}])
    assert [e.id for e in memory.list(kind="episode")] == [said]  # nothing was marked or written
    assert memory.import_records(list(memory.export()))["skipped"] == []


def test_a_record_whose_ttl_ran_out_is_not_written_back(open_memory: OpenMemory) -> None:
    # before: `import` of an export restored the expired message (hidden from reads, but in the tables
    # again until `maintain`), and its fact with it
    source = open_memory(user_id="ttl")
    said = source.add("I'm allergic to peanuts", ttl=3600).episode_id
    kept = source.add("I prefer UPS for delivery").episode_id
    fact = _allergy(source)
    if not source.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    past = "2026-01-01T00:00:00.000000+00:00"  # the hour ran out since the export
    records = [{**r, "expires_at": past} if r.get("id") == said and r["type"] == "episode" else r
               for r in source.export()]
    target = open_memory(user_id="ttl")
    result = target.import_records(records)
    assert (result["episodes"], result["facts"]) == (1, 1)  # the UPS message and its fact
    assert {("episode", said), ("fact", fact.id)} <= _skipped(result)
    assert any(s["id"] == said and "expired on 2026-01-01" in s["reason"] for s in result["skipped"])
    assert [e.id for e in target.list(kind="episode")] == [kept]
    assert not _peanuts_anywhere(target)
