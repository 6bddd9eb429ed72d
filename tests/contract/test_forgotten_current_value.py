"""Forgetting a current value does not make its message outdated, on every store.

After "I live in Paris, no wait, I live in Berlin." Paris is superseded by Berlin. Forgetting the
Berlin fact keeps the message, as said (``docs/privacy.md``), yet the message was then shown
``- [outdated] I live in Paris, no wait, I live in Berlin.`` at half its score: only the superseded
Paris still cited it, so "every citing fact superseded" held. Nothing in it was superseded by a
later statement. The pieces that stated a value forgotten while it held keep a current mark
(``store.outdated_marks``), with no copy of the value.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import START, OpenMemory
from memstrata import Fact, Hit, Memory

NOW = START + timedelta(days=3)
SAID = "I live in Paris, no wait, I live in Berlin."


def _episode(hits: list[Hit], episode_id: int) -> Hit:
    return next(h for h in hits if h.kind == "episode" and h.id == episode_id)


def _fact(memory: Memory, value: str) -> Fact:
    return next(f for f in memory.list(status="all") if isinstance(f, Fact) and f.value == value)


def _forget(memory: Memory, fact: Fact, how: str) -> None:
    if how == "delete":
        memory.delete(fact.id)
    elif how == "forget_fact":
        memory.forget(fact_id=fact.id)
    elif not memory.store.capabilities.forget_jobs:
        pytest.skip("forget(filter=...) needs a store with forget jobs")
    else:
        memory.forget(filter=f'value = "{fact.value}"')


@pytest.mark.parametrize("how", ["delete", "forget_fact", "filter"])
def test_a_message_whose_current_value_was_forgotten_is_not_outdated(open_memory: OpenMemory, how: str) -> None:
    memory = open_memory(user_id="u")
    said = memory.add(SAID, created_at=START).episode_id
    assert _fact(memory, "Paris").status == "superseded"
    _forget(memory, _fact(memory, "Berlin"), how)
    assert all(f.value != "Berlin" for f in memory.list(status="all"))  # the value is gone

    hit = _episode(memory.search("where do I live?", now=NOW), said)
    assert not hit.superseded and "superseded" not in hit.signals, hit
    block = memory.context("where do I live?")
    assert "[outdated] I live in Paris" not in block and "no wait, I live in Berlin." in block, block
    # the part that really was superseded keeps its inline label, as before the forget
    assert hit.outdated_parts == ("I live in Paris",), hit

    wide = memory.search("where do I live?", include_superseded=True, now=NOW)
    assert not _episode(wide, said).superseded
    [paris] = [h for h in wide if h.kind == "fact"]  # the forgotten value never comes back as a fact
    assert paris.fact is not None and paris.fact.value == "Paris" and paris.superseded
    assert not _episode(memory.search("where do I live?", as_of=NOW, now=NOW), said).superseded
    # before the message was said, nothing of it counts: not outdated either
    assert memory.search("where do I live?", as_of=START - timedelta(hours=1), now=NOW) == []


def test_a_forgotten_current_statement_keeps_its_sentence_current(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="mix")
    said = memory.add("I prefer UPS for delivery. I am allergic to peanuts.", created_at=START).episode_id
    memory.delete(_fact(memory, "peanuts").id)
    memory.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(days=1))
    assert _fact(memory, "UPS").status == "superseded"
    # the carrier sentence was superseded by a later message; the allergy sentence was not
    hit = _episode(memory.search("allergic to peanuts", now=NOW), said)
    assert not hit.superseded and hit.outdated_parts == ("I prefer UPS for delivery.",), hit
    assert "- [outdated: I prefer UPS for delivery.] I am allergic to peanuts." in memory.context(
        "allergic to peanuts")


def test_every_value_superseded_still_reads_outdated(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="old")
    said = memory.add(SAID, created_at=START).episode_id
    memory.add("I moved to Tokyo", created_at=START + timedelta(days=1))
    _forget(memory, _fact(memory, "Berlin"), "delete")  # superseded by Tokyo when forgotten
    assert _episode(memory.search("where do I live?", now=NOW), said).superseded
