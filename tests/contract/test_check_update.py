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


def test_check_update_without_a_value_or_an_id_names_its_own_argument(open_memory: OpenMemory) -> None:
    # before: "nothing to update: give value, importance or confidence" and "give exactly one of
    # fact_id or episode_id", arguments check_update does not take
    memory = open_memory(user_id="u")
    memory.add("I prefer UPS for shipping")
    [fact] = [f for f in memory.list() if isinstance(f, Fact)]
    with pytest.raises(InvalidInput, match=r"^value must be a non-blank string, got None$") as raised:
        memory.check_update(fact.id, value=None)  # type: ignore[arg-type]
    assert raised.value.field == "value"
    with pytest.raises(InvalidInput, match=r"^update\(\): fact_id must be a whole-number id from 1 up "
                                           r"\(ids start at 1\), got None$") as raised:
        memory.check_update(None, value="FedEx")  # type: ignore[arg-type]
    assert raised.value.field == "fact_id"


def test_an_id_past_sqlites_integer_is_no_such_memory(open_memory: OpenMemory) -> None:
    # before: OverflowError "Python int too large to convert to SQLite INTEGER" from get, update,
    # check_update and forget on SQLite
    memory = open_memory(user_id="u")
    memory.add("I prefer UPS for shipping")
    before = memory.store.counts()
    for call in (lambda: memory.get(2**63), lambda: memory.get(episode_id=10**20),
                 lambda: memory.check_update(2**63, value="FedEx"), lambda: memory.update(2**63, value="FedEx")):
        with pytest.raises(NotFound, match=r"^no (fact|episode) #"):
            call()
    assert memory.forgotten_among([2**63, 10**20]) == {}
    assert memory.store.counts() == before
