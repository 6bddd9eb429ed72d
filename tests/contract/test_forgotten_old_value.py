"""Forgetting a superseded value keeps its messages outdated, on every store.

After "I use 顺丰 for delivery" → "Switch to UPS from now on", the 顺丰
message is shown ``[outdated]``; forgetting the old 顺丰 fact took that label away, and the
message then read as the current carrier. The pieces that stated a forgotten superseded value
keep their mark (``store.outdated_marks``), with no copy of the value.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import START, OpenMemory
from memstrata import Fact, Hit, Memory
from memstrata.store.dialect import scalar

NOW = START + timedelta(days=3)


def _episode(hits: list[Hit], episode_id: int) -> Hit:
    return next(h for h in hits if h.kind == "episode" and h.id == episode_id)


def _old_fact(memory: Memory, value: str) -> Fact:
    return next(f for f in memory.list(status="all") if isinstance(f, Fact) and f.value == value)


@pytest.mark.parametrize("how", ["delete", "forget_fact", "filter"])
def test_a_forgotten_old_value_leaves_its_message_outdated(open_memory: OpenMemory, how: str) -> None:
    memory = open_memory(user_id="sf")
    old = memory.add("I use 顺丰 for delivery", created_at=START).episode_id
    memory.add("Switch to UPS from now on", created_at=START + timedelta(days=1))
    fact = _old_fact(memory, "顺丰")
    assert fact.status == "superseded"
    assert _episode(memory.search("which carrier for delivery?", now=NOW), old).superseded
    if how == "delete":
        memory.delete(fact.id)
    elif how == "forget_fact":
        memory.forget(fact_id=fact.id)
    elif not memory.store.capabilities.forget_jobs:
        pytest.skip("forget(filter=...) needs a store with forget jobs")
    else:
        memory.forget(filter='value = "顺丰"')
    assert all(f.value != "顺丰" for f in memory.list(status="all"))  # the value is gone
    for query in ("which carrier for delivery?", "顺丰"):
        hit = _episode(memory.search(query, now=NOW), old)
        assert hit.superseded, (query, hit)  # and its message still reads as outdated
    block = memory.context("which carrier for delivery?")
    assert "[outdated] I use 顺丰 for delivery" in block, block
    assert "[已过时] I use 顺丰 for delivery" in memory.context("顺丰")
    # what the system believed before the change: the message was current then
    before = memory.search("which carrier for delivery?", as_of=START + timedelta(hours=1), now=NOW)
    assert not _episode(before, old).superseded


def test_only_the_piece_that_stated_the_forgotten_value_is_outdated(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="mix")
    old = memory.add("I prefer UPS for delivery. I am allergic to peanuts.", created_at=START).episode_id
    memory.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(days=1))
    memory.delete(_old_fact(memory, "UPS").id)
    hit = _episode(memory.search("allergic to peanuts", now=NOW), old)
    assert not hit.superseded and hit.outdated_parts == ("I prefer UPS for delivery.",), hit
    assert "[outdated: I prefer UPS for delivery.] I am allergic to peanuts." in memory.context("peanut allergy")


def test_forgetting_the_message_takes_its_marks_and_a_current_value_leaves_none(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="cur")
    old = memory.add("I use 顺丰 for delivery", created_at=START).episode_id
    new = memory.add("Switch to UPS from now on", created_at=START + timedelta(days=1)).episode_id
    memory.delete(_old_fact(memory, "顺丰").id)
    memory.delete(_old_fact(memory, "UPS").id)  # the current value: not outdated, just gone
    hits = memory.search("delivery from now on", now=NOW)
    assert _episode(hits, old).superseded and not _episode(hits, new).superseded
    memory.forget(user_id="cur")
    assert memory.search("delivery from now on", now=NOW) == []
    if memory.store.capabilities.forget_jobs:  # the marks went with their message
        with memory.store.db.read() as conn:
            assert scalar(conn, memory.store.dialect, "SELECT count(*) FROM outdated_marks") == 0
