"""Outdated marks (migration 16) travel with export and import, as tombstones and receipts do.

After "I use 顺丰 for delivery" → "Switch to UPS from now on" and forgetting the old 顺丰 value,
its message keeps an ``[outdated]`` mark (``store.outdated_marks``). An export did not carry the
marks, so a restored database showed "I use 顺丰 for delivery" as the current carrier again.
Now the marks are ``outdated_mark`` records (``lifecycle.trail``): spans and
times, no text.
"""

from __future__ import annotations

from datetime import timedelta

from conftest import START, OpenMemory
from memstrata import Fact

NOW = START + timedelta(days=3)


def test_an_outdated_mark_round_trips_through_export_and_import(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="marks")
    old = memory.add("I use 顺丰 for delivery", created_at=START).episode_id
    memory.add("Switch to UPS from now on", created_at=START + timedelta(days=1))
    [fact] = [f for f in memory.list(status="all") if isinstance(f, Fact) and f.value == "顺丰"]
    memory.delete(fact.id)
    records = list(memory.export())
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    [mark] = [r for r in records if r["type"] == "outdated_mark"]
    assert mark["episode_id"] == old and "顺丰" not in str(mark)  # a span and times, never the text
    assert mark["piece_end"] > mark["piece_start"]

    restored = open_memory(user_id="marks")
    counts = restored.import_records(records)
    assert counts["outdated_marks"] == 1 and counts["episodes"] == 2
    assert restored.import_records(records)["outdated_marks"] == 0  # idempotent
    hit = next(h for h in restored.search("which carrier for delivery?", now=NOW) if h.id == old)
    assert hit.superseded
    assert "[outdated] I use 顺丰 for delivery" in restored.context("which carrier for delivery?")
    assert [r for r in restored.export() if r["type"] == "outdated_mark"] == [mark]


def test_a_current_mark_round_trips_and_keeps_its_message_current(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="kept")
    said = memory.add("I live in Paris, no wait, I live in Berlin.", created_at=START).episode_id
    [berlin] = [f for f in memory.list(status="all") if isinstance(f, Fact) and f.value == "Berlin"]
    memory.delete(berlin.id)  # forgotten while it held: the message stays as said, not outdated
    records = list(memory.export())
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store has no exact import
    [mark] = [r for r in records if r["type"] == "outdated_mark"]
    assert mark["episode_id"] == said and mark["expired_at"] is None and "Berlin" not in str(mark)

    restored = open_memory(user_id="kept")
    assert restored.import_records(records)["outdated_marks"] == 1
    hit = next(h for h in restored.search("where do I live?", now=NOW) if h.id == said)
    assert not hit.superseded and hit.outdated_parts == ("I live in Paris",), hit
    assert all(f.value != "Berlin" for f in restored.list(status="all"))
