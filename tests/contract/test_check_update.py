"""``Memory.check_update`` raises what ``update`` would raise for a value and writes nothing, on
every store."""

from __future__ import annotations

import pytest

from conftest import OpenMemory
from memstrata.errors import Conflict, InvalidInput, NotFound
from memstrata.types import Fact


def test_check_update_refuses_as_update_does_and_writes_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    memory.add("I prefer UPS for shipping")
    [fact] = [f for f in memory.list() if isinstance(f, Fact)]
    before = memory.store.counts()
    memory.check_update(fact.id, value="FedEx")  # a plain value passes
    with pytest.raises(InvalidInput, match="a secret memstrata never stores") as raised:
        memory.check_update(fact.id, value="13812345678")
    assert raised.value.field == "value"
    with pytest.raises(InvalidInput, match="non-blank"):
        memory.check_update(fact.id, value="  ")
    with pytest.raises(NotFound):
        memory.check_update(fact.id + 1000, value="FedEx")
    assert memory.store.counts() == before
    assert [(f.value, f.status) for f in memory.list(status="all") if isinstance(f, Fact)] == [("UPS", "active")]
    memory.update(fact.id, value="FedEx")
    with pytest.raises(Conflict, match="superseded"):
        memory.check_update(fact.id, value="DHL")
