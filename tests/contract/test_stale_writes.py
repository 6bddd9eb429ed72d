"""A hand update or delete that read its fact before another writer changed it (unchecked,
four processes updating one fact each succeeded, leaving four current values; a
PATCH racing a DELETE brought the deleted key back). The write re-reads the fact under the
scope's lock inside its transaction; here the race is made exact by applying a change to a
fact read before the other change landed, on every store."""

from __future__ import annotations

import pytest

from conftest import OpenMemory
from memstrata import Memory
from memstrata.clock import utcnow
from memstrata.errors import Conflict, NotFound
from memstrata.types import Fact
from memstrata.write.update import FactUpdate, apply_update


def _stale(memory: Memory) -> Fact:
    [change] = memory.add("I prefer UPS for delivery").facts
    fact = memory.get(change.fact.id)
    assert isinstance(fact, Fact)
    return fact


def _active(memory: Memory) -> list[str]:
    return sorted(f.value for f in memory.list(key="shipping.carrier") if isinstance(f, Fact))


def test_a_second_update_of_a_stale_fact_is_a_conflict(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    stale = _stale(memory)
    apply_update(memory._ingestor(), stale, FactUpdate(value="FedEx").check(), actor="a", now=utcnow())
    with pytest.raises(Conflict, match="superseded"):
        apply_update(memory._ingestor(), stale, FactUpdate(value="DHL").check(), actor="b", now=utcnow())
    with pytest.raises(Conflict):
        apply_update(memory._ingestor(), stale, FactUpdate(importance=0.9).check(), actor="c", now=utcnow())
    assert _active(memory) == ["FedEx"]


def test_an_update_of_a_fact_deleted_meanwhile_is_not_found(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    stale = _stale(memory)
    memory.delete(stale.id)
    with pytest.raises(NotFound, match="deleted by another request"):
        apply_update(memory._ingestor(), stale, FactUpdate(value="DHL").check(), actor="b", now=utcnow())
    assert _active(memory) == []


def test_an_extracted_correction_and_a_stale_hand_update_leave_one_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    stale = _stale(memory)
    memory.add("Actually, make it FedEx")
    with pytest.raises(Conflict):
        apply_update(memory._ingestor(), stale, FactUpdate(value="DHL").check(), actor="b", now=utcnow())
    assert _active(memory) == ["FedEx"]
