"""Forgetting a fact and the messages that stated it, on every store.

After ``forget`` of the peanut-allergy fact, "I'm allergic to peanuts" was still found by
search and shown by ``context()``, and nothing said so. Episodes are the source of truth and are
never rewritten (DESIGN.md section 2), so a fact forget keeps them by default and now says so
(``ForgetReceipt.sources_kept``); ``sources=True`` forgets them with the fact (whole messages, with
the facts only they support), and ``delete(episode_id=...)`` forgets one message afterwards.
"""

from __future__ import annotations

import pytest

from conftest import OpenMemory
from memstrata import Fact, Memory
from memstrata.errors import InvalidInput, NotFound


def _allergy(memory: Memory) -> Fact:
    return next(f for f in memory.list() if isinstance(f, Fact) and f.key == "health.allergy")


def _found(memory: Memory, text: str) -> bool:
    return any(h.kind == "episode" and h.text == text for h in memory.search("allergic to peanuts", limit=20))


def test_a_fact_forget_names_the_messages_it_leaves(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="fsrc")
    said = memory.add("I'm allergic to peanuts").episode_id
    receipt = memory.forget(fact_id=_allergy(memory).id)
    assert receipt.sources_kept == (said,) and receipt.counts["facts"] == 1
    assert f"episode #{said}" in (receipt.sources_note("...") or "")
    assert _found(memory, "I'm allergic to peanuts")  # kept, and the receipt said so
    if not memory.store.capabilities.forget_jobs:
        with pytest.raises(InvalidInput, match="SQLite or PostgreSQL"):
            memory.delete(episode_id=said)
        return
    gone = memory.delete(episode_id=said)  # what the note says to do
    assert gone.counts["episodes"] == 1 and not _found(memory, "I'm allergic to peanuts")


def test_sources_true_forgets_the_messages_that_stated_the_fact(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="fsrcs")
    memory.add("I'm allergic to peanuts")
    memory.add("I am allergic to peanuts, please remember")  # a second message stating it
    kept = memory.add("I prefer UPS for delivery").episode_id
    fact = _allergy(memory)
    assert len(fact.citations) == 2
    if not memory.store.capabilities.forget_jobs:
        with pytest.raises(InvalidInput, match="SQLite or PostgreSQL"):
            memory.forget(fact_id=fact.id, sources=True)
        return
    receipt = memory.forget(fact_id=fact.id, sources=True)
    assert receipt.counts["episodes"] == 2 and receipt.counts["facts"] == 1 and receipt.sources_kept == ()
    assert not _found(memory, "I'm allergic to peanuts") and "peanut" not in memory.context("do I have allergies?")
    assert [f.value for f in memory.list()] == ["UPS"]
    assert memory.get(episode_id=kept).content == "I prefer UPS for delivery"  # other messages stay


def test_a_message_that_said_more_takes_its_other_facts_with_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="fsrcm")
    memory.add("I'm allergic to peanuts and I prefer UPS for delivery")
    if not memory.store.capabilities.forget_jobs:
        return
    receipt = memory.delete(_allergy(memory).id, sources=True)
    assert receipt.counts["episodes"] == 1 and receipt.counts["facts"] == 2  # counted: nothing goes silently
    assert memory.list() == []


def test_bad_arguments_are_refused_and_delete_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="fsrcb")
    memory.add("I'm allergic to peanuts")
    fact = _allergy(memory)
    for call in (lambda: memory.delete(), lambda: memory.delete(fact.id, episode_id=1),
                 lambda: memory.delete(episode_id=1, sources=True), lambda: memory.delete(fact.id, sources="yes"),
                 lambda: memory.forget(user_id="fsrcb", sources=True)):
        with pytest.raises(InvalidInput):
            call()
    assert [f.id for f in memory.list()] == [fact.id] and _found(memory, "I'm allergic to peanuts")


def test_sources_true_after_a_plain_forget_forgets_the_messages_it_kept(open_memory: OpenMemory) -> None:
    """``forget --fact N --sources`` after ``forget --fact N`` must not answer not_found: the
    receipt had just named the messages still stored."""
    memory = open_memory(user_id="fsrcafter")
    said = memory.add("I'm allergic to peanuts").episode_id
    kept = memory.add("I prefer UPS for delivery").episode_id
    fact = _allergy(memory)
    assert memory.forget(fact_id=fact.id).sources_kept == (said,)
    if not memory.store.capabilities.forget_jobs:
        with pytest.raises(NotFound):
            memory.forget(fact_id=fact.id, sources=True)
        return
    receipt = memory.forget(fact_id=fact.id, sources=True)
    assert receipt.counts["episodes"] == 1 and not _found(memory, "I'm allergic to peanuts")
    assert memory.get(episode_id=kept).content == "I prefer UPS for delivery"
    with pytest.raises(NotFound, match=rf"already forgotten .*episode #{said}\) are not stored any more"):
        memory.forget(fact_id=fact.id, sources=True)  # nothing left: said plainly
    with pytest.raises(NotFound, match="no fact #"):
        memory.forget(fact_id=fact.id, sources=True, user_id="someone-else")  # not theirs to ask about


def test_a_filter_forget_of_facts_names_the_messages_it_leaves(open_memory: OpenMemory) -> None:
    # before: forget(filter='value = "peanuts"') answered sources_kept () and no note, while
    # "I'm allergic to peanuts" was still found by search, as after a forget of the fact by its id
    memory = open_memory(user_id="fsrcf")
    if not memory.store.capabilities.forget_jobs:
        return  # a filter forget needs forget jobs (refused on the in-memory store, tested elsewhere)
    first = memory.add("I'm allergic to peanuts").episode_id
    second = memory.add("I am allergic to peanuts, please remember").episode_id
    memory.add("I prefer UPS for delivery")
    receipt = memory.forget(user_id="fsrcf", filter='value = "peanuts"')
    assert receipt.counts["facts"] == 1 and receipt.counts["episodes"] == 0
    assert receipt.sources_kept == (first, second)
    assert f"episode #{first}, #{second}" in (receipt.sources_note("...") or "")
    assert _found(memory, "I'm allergic to peanuts")
    assert memory.forget(user_id="fsrcf", filter='value = "nothing-stored"').sources_kept == ()
