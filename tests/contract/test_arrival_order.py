"""Messages arriving out of time order (a backfilled log imported after live traffic, a
newest-first export, two imports racing) resolve by when they were said, not when they arrived,
on every store. A fresh-user trial (T1) found an older message superseding a newer value and a
fact whose validity ended before it began."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from conftest import OpenMemory
from memstrata import Memory
from memstrata.types import Fact

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _values(memory: Memory, key: str, status: str) -> list[str]:
    return sorted(f.value for f in memory.list(key=key, status=status) if isinstance(f, Fact))


def test_an_older_message_arriving_later_is_stored_as_the_past_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ord")
    memory.add("I prefer UPS for delivery", created_at=T0 + timedelta(days=200))
    [change] = memory.add("I prefer FedEx for delivery", created_at=T0).facts
    assert (change.action, change.fact.value, change.fact.status) == ("past", "FedEx", "superseded")
    assert _values(memory, "shipping.carrier", "active") == ["UPS"]
    assert _values(memory, "shipping.carrier", "superseded") == ["FedEx"]
    timeline = memory.history(key="shipping.carrier")
    assert [f.value for f, _ in timeline] == ["UPS", "FedEx"]  # by the order they were stored
    for fact, _ in timeline:
        assert fact.valid_to is None or fact.valid_to >= fact.valid_from
    fedex, events = next((f, e) for f, e in timeline if f.value == "FedEx")
    assert fedex.valid_to == T0 + timedelta(days=200)  # until UPS was said
    [late] = [e for e in events if e.action == "supersede"]
    assert late.detail["new_value"] == "UPS" and late.detail["arrived_late"] is True
    # a message said after UPS still replaces it as before
    [change] = memory.add("Actually, make it DHL", created_at=T0 + timedelta(days=300)).facts
    assert (change.action, [p.value for p in change.previous]) == ("supersede", ["UPS"])
    assert _values(memory, "shipping.carrier", "active") == ["DHL"]


def test_a_newest_first_batch_ends_with_the_newest_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="desc")
    said = [("以后都用京东", 60), ("我以后都用顺丰", 30), ("I am allergic to peanuts", 10)]
    memory.add_many([memory.message(text, created_at=T0 + timedelta(days=day)) for text, day in said])
    assert _values(memory, "shipping.carrier", "active") == ["京东"]
    assert _values(memory, "shipping.carrier", "superseded") == ["顺丰"]
    assert _values(memory, "health.allergy", "active") == ["peanuts"]


def test_the_same_messages_in_either_order_leave_the_same_current_value(open_memory: OpenMemory) -> None:
    said = [("I prefer UPS for delivery", 1), ("Actually, make it FedEx", 2), ("I prefer DHL for delivery", 3),
            ("我以后都用顺丰", 4)]
    outcomes = []
    for order in (said, said[::-1], [said[2], said[0], said[3], said[1]]):
        memory = open_memory(user_id="perm")
        for text, day in order:
            memory.add(text, created_at=T0 + timedelta(days=day))
        outcomes.append(_values(memory, "shipping.carrier", "active"))
    assert outcomes == [["顺丰"]] * 3


def test_an_older_withdrawal_arriving_later_withdraws_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="wd")
    memory.add("I am allergic to peanuts", created_at=T0 + timedelta(days=5))
    result = memory.add("I'm not allergic to peanuts", created_at=T0)
    assert [c.action for c in result.facts] == []
    assert _values(memory, "health.allergy", "active") == ["peanuts"]
    # said after the allergy, the same withdrawal does withdraw it
    result = memory.add("I'm not allergic to peanuts", created_at=T0 + timedelta(days=6))
    assert [c.action for c in result.facts] == ["retract"]
    assert _values(memory, "health.allergy", "active") == []

