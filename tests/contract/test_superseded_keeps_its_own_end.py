"""A fact that had already ended keeps its own end when a new value supersedes it, on every store.

Superseding a fact closes its validity when the new value starts (``FactStore.set_fact_status``).
A fact that ended before that, an event with its own period ("I flew to Tokyo in March 2019": valid
until 1 April 2019), was given the correction's time as its end instead, so history said the trip
to Tokyo held from March 2019 until the day it was corrected, years later.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from conftest import OpenMemory
from memstrata import Memory
from memstrata.types import Fact


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _event(memory: Memory, value: str) -> Fact:
    return next(f for f, _ in memory.history(key="event") if f.value == value)


def test_a_corrected_past_event_keeps_its_own_end(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="trip")
    memory.add("I flew to Tokyo in March 2019.", created_at=day("2026-01-10T09:00"))
    memory.add("Sorry, I flew to Osaka in March 2019, not Tokyo.", created_at=day("2026-02-10T09:00"))
    tokyo, osaka = _event(memory, "flew to Tokyo"), _event(memory, "flew to Osaka")
    assert (tokyo.status, osaka.status) == ("superseded", "active")
    assert (tokyo.valid_from, tokyo.valid_to) == (day("2019-03-01"), day("2019-04-01"))
    assert (osaka.valid_from, osaka.valid_to) == (day("2019-03-01"), day("2019-04-01"))
    # what the system believed: the Tokyo message current before the correction, outdated after it
    then = memory.search("flew to Tokyo", as_of=day("2026-01-20"), now=day("2026-03-01"))
    now = memory.search("flew to Tokyo", now=day("2026-03-01"))
    said = "I flew to Tokyo in March 2019."
    assert [h.superseded for h in then if h.kind == "episode" and h.text == said] == [False]
    assert [h.superseded for h in now if h.kind == "episode" and h.text == said] == [True]
    assert [(h.fact.valid_from, h.fact.valid_to) for h in now if h.fact is not None] == [
        (day("2019-03-01"), day("2019-04-01"))]  # Osaka, the current value

def test_a_value_without_an_end_still_ends_when_the_next_is_said(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="carrier")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"))
    ups = next(f for f, _ in memory.history(key="shipping.carrier") if f.value == "UPS")
    assert (ups.status, ups.valid_to) == ("superseded", day("2026-03-01T10:00"))


def test_rolling_back_the_correction_gives_the_event_its_own_end_again(open_memory: OpenMemory) -> None:
    # the rollback made Tokyo current again with no end at all (valid_to None): an event of March 2019
    # that held from then on
    memory = open_memory(user_id="back")
    if not memory.store.capabilities.maintenance:
        pytest.skip("the in-memory reference store has no rollback")
    memory.add("I flew to Tokyo in March 2019.", created_at=day("2026-01-10T09:00"))
    memory.add("Sorry, I flew to Osaka in March 2019, not Tokyo.", created_at=day("2026-02-10T09:00"))
    [corrected] = [e for f, events in memory.history(key="event") if f.value == "flew to Tokyo"
                   for e in events if e.action == "supersede"]
    memory.rollback(corrected.id)
    tokyo, osaka = _event(memory, "flew to Tokyo"), _event(memory, "flew to Osaka")
    assert (tokyo.status, tokyo.valid_from, tokyo.valid_to) == ("active", day("2019-03-01"), day("2019-04-01"))
    assert (osaka.status, osaka.valid_to) == ("superseded", day("2019-04-01"))


def test_rolling_back_a_change_of_a_value_without_an_end_reopens_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="open")
    if not memory.store.capabilities.maintenance:
        pytest.skip("the in-memory reference store has no rollback")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"))
    [changed] = [e for f, events in memory.history(key="shipping.carrier") if f.value == "UPS"
                 for e in events if e.action == "supersede"]
    assert "own_end" not in changed.detail
    memory.rollback(changed.id)
    ups = next(f for f, _ in memory.history(key="shipping.carrier") if f.value == "UPS")
    assert (ups.status, ups.valid_to) == ("active", None)
