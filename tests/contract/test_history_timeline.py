"""History tells what held when, whatever order the messages arrived in, on every store.

Pins what went wrong before: a late value that fell between two stored values given the
current value's start as its end and the value it fell inside left running over it, a
delete receipt offering those late values as "the value it replaced", and a rollback of an
``arrived_late`` event that made a February value current over March's.
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise

import pytest

from conftest import OpenMemory
from memstrata import Memory
from memstrata.errors import InvalidInput
from memstrata.types import Fact, MemoryEvent


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def timeline(memory: Memory, key: str = "shipping.carrier") -> list[tuple[str, str, datetime, datetime | None]]:
    """``(value, status, valid_from, valid_to)`` of every value of ``key``, by when it was said."""
    facts = [f for f, _ in memory.history(key=key)]
    return [(f.value, f.status, f.valid_from, f.valid_to)
            for f in sorted(facts, key=lambda f: (f.valid_from, f.id))]  # type: ignore[arg-type, return-value]


def assert_no_overlap(rows: list[tuple[str, str, datetime, datetime | None]]) -> None:
    """Each value ends where the next said one starts; only the last may be open (and current)."""
    for (value, _, start, end), (_, _, next_start, _) in pairwise(rows):
        assert end == next_start, f"{value} held {start} → {end}, but the next value began {next_start}"
    assert [status for _, status, _, _ in rows[:-1]] == ["superseded"] * (len(rows) - 1)


def by_value(memory: Memory, value: str) -> tuple[Fact, list[MemoryEvent]]:
    return next((f, e) for f, e in memory.history(key="shipping.carrier") if f.value == value)


def test_a_late_value_between_two_values_splits_the_interval(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="mm")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"))
    [fedex] = memory.add("I prefer FedEx for delivery", created_at=day("2026-02-01T10:00")).facts
    assert (fedex.action, fedex.fact.status) == ("past", "superseded")
    [ups2] = memory.add("Actually I prefer UPS for delivery", created_at=day("2026-02-15T10:00")).facts
    assert ups2.action == "past"
    rows = timeline(memory)
    assert [(v, s) for v, s, _, _ in rows] == [("UPS", "superseded"), ("FedEx", "superseded"),
                                               ("UPS", "superseded"), ("DHL", "active")]
    assert [(start, end) for _, _, start, end in rows] == [
        (day("2026-01-01T10:00"), day("2026-02-01T10:00")), (day("2026-02-01T10:00"), day("2026-02-15T10:00")),
        (day("2026-02-15T10:00"), day("2026-03-01T10:00")), (day("2026-03-01T10:00"), None)]
    assert_no_overlap(rows)
    # the first UPS's latest supersede event names FedEx, said while it held, and keeps its old end
    _, events = memory.history(key="shipping.carrier")[0]  # the first UPS, stored first
    cut = [e for e in events if e.action == "supersede"][-1]
    assert cut.detail["superseded_by"] == fedex.fact.id and cut.detail["ended_by_late_value"] is True
    assert cut.detail["valid_to_was"] == day("2026-03-01T10:00").isoformat()


def test_late_values_in_mixed_order_and_a_hand_update(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="mix")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    [fedex] = memory.add("I prefer FedEx for delivery", created_at=day("2026-02-01T10:00")).facts
    dhl = memory.update(fedex.fact.id, value="DHL")  # by hand, now
    said = [("以后都用顺丰", "2026-03-01T10:00"), ("I prefer USPS for delivery", "2025-06-01T10:00"),
            ("以后用京东", "2026-01-15T10:00"), ("以后都用中通", "2025-09-01T10:00")]
    for text, when in said:
        [change] = memory.add(text, created_at=day(when)).facts
        assert (change.action, change.fact.status) == ("past", "superseded"), text
    rows = timeline(memory)
    assert [v for v, _, _, _ in rows] == ["USPS", "中通", "UPS", "京东", "FedEx", "顺丰", "DHL"]
    assert_no_overlap(rows)
    assert rows[-1][1:] == ("active", dhl.valid_from, None)
    # the values before DHL end when it was set by hand, not at the current value's start for every one
    assert rows[-2][3] == dhl.valid_from and rows[0][3] == day("2025-09-01T10:00")


def test_a_late_restatement_of_the_value_that_held_then_adds_no_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="re")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"))
    [again] = memory.add("I prefer UPS for delivery, as I said", created_at=day("2026-02-01T10:00")).facts
    assert again.action == "touch"
    assert [(v, s) for v, s, _, _ in timeline(memory)] == [("UPS", "superseded"), ("DHL", "active")]
    assert len(again.fact.citations) == 2  # both messages that said UPS while it held


def test_deleting_the_current_value_names_only_the_value_current_just_before(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="del")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    [fedex] = memory.add("I prefer FedEx for delivery", created_at=day("2026-02-01T10:00")).facts
    dhl = memory.update(fedex.fact.id, value="DHL")
    [shunfeng] = memory.add("以后都用顺丰", created_at=day("2026-03-01T10:00")).facts
    memory.add("I prefer USPS for delivery", created_at=day("2025-06-01T10:00"))
    receipt = memory.delete(dhl.id)
    # 顺丰 held from March until DHL was set: it is what DHL replaced, not FedEx, UPS or USPS
    assert [(r.fact_id, r.value, r.by) for r in receipt.replaced] == [(shunfeng.fact.id, "顺丰", dhl.id)]
    if not memory.store.capabilities.maintenance:
        return  # the in-memory reference store has no rollback
    [back] = memory.rollback(receipt.replaced[0].event_id)
    assert (back.value, back.status) == ("顺丰", "active")


@pytest.mark.parametrize("late", ["FedEx", "USPS"])
def test_rolling_back_a_late_value_over_a_newer_one_is_refused(open_memory: OpenMemory, late: str) -> None:
    memory = open_memory(user_id="rb")
    if not memory.store.capabilities.maintenance:
        pytest.skip("the in-memory reference store has no rollback")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"))
    memory.add(f"I prefer {late} for delivery", created_at=day("2026-02-01T10:00" if late == "FedEx" else
                                                              "2025-06-01T10:00"))
    fact, events = by_value(memory, late)
    [stored_late] = [e for e in events if e.action == "supersede"]
    assert stored_late.detail["arrived_late"] is True
    with pytest.raises(InvalidInput, match=r"cannot be rolled back: .*past value; it replaced nothing.*DHL.*current"):
        memory.rollback(stored_late.id)
    assert [(v, s) for v, s, _, _ in timeline(memory)][-1] == ("DHL", "active")
    assert memory.get(fact.id).status == "superseded"  # type: ignore[union-attr]
    # the event the value it fell inside kept from before is out of date: its newer one is named
    ups, ups_events = by_value(memory, "UPS")
    first, *rest = [e for e in ups_events if e.action == "supersede"]
    if rest:
        with pytest.raises(InvalidInput, match=rf"event #{rest[-1].id} does"):
            memory.rollback(first.id)
    assert memory.get(ups.id).status == "superseded"  # type: ignore[union-attr]


def test_forgetting_the_newest_value_names_the_value_said_last_before_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="fs")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"), session_id="a")
    memory.add("I prefer DHL for delivery", created_at=day("2026-03-01T10:00"), session_id="b")
    [fedex] = memory.add("I prefer FedEx for delivery", created_at=day("2026-02-01T10:00"), session_id="c").facts
    receipt = memory.forget(session_id="b")
    # UPS's first supersede event (by DHL) no longer says what ended it: FedEx did, on 1 Feb
    assert [(r.fact_id, r.value) for r in receipt.replaced] == [(fedex.fact.id, "FedEx")]
    if not memory.store.capabilities.maintenance:
        return  # the in-memory reference store has no rollback
    [back] = memory.rollback(receipt.replaced[0].event_id)
    assert (back.value, back.status) == ("FedEx", "active")


def test_a_newest_first_log_with_restated_values_gives_the_history_of_the_log_in_time_order(
        open_memory: OpenMemory) -> None:
    said = [("I prefer UPS for delivery", "2026-01-01T10:00"), ("I prefer FedEx for delivery", "2026-01-15T10:00"),
            ("I prefer DHL for delivery", "2026-02-01T10:00"), ("I prefer FedEx for delivery!", "2026-03-01T10:00"),
            ("I prefer FedEx for delivery, really", "2026-04-01T10:00")]
    histories = []
    for n, order in enumerate((said, said[::-1], [said[4], said[0], said[3], said[1], said[2]])):
        memory = open_memory(user_id=f"nf{n}")
        for text, when in order:
            memory.add(text, created_at=day(when))
        rows = timeline(memory)
        assert_no_overlap(rows)
        histories.append([(v, start, end) for v, _, start, end in rows])
    # FedEx in January is a value of its own (DHL came between); FedEx from March on is current
    assert histories[0] == [("UPS", day("2026-01-01T10:00"), day("2026-01-15T10:00")),
                            ("FedEx", day("2026-01-15T10:00"), day("2026-02-01T10:00")),
                            ("DHL", day("2026-02-01T10:00"), day("2026-03-01T10:00")),
                            ("FedEx", day("2026-03-01T10:00"), None)]
    # the third order stores FedEx (Jan 15, Mar, Apr) as one row before DHL (Feb) arrives: it is split
    assert histories[1] == histories[0] and histories[2] == histories[0]


def test_a_late_restatement_inside_a_value_said_before_and_after_it_is_a_restatement(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="in")
    memory.add("I prefer UPS for delivery", created_at=day("2026-01-01T10:00"))
    memory.add("I prefer FedEx for delivery", created_at=day("2026-01-15T10:00"))
    memory.add("I prefer FedEx for delivery, really", created_at=day("2026-04-01T10:00"))
    [late] = memory.add("I prefer FedEx for delivery!", created_at=day("2026-02-01T10:00")).facts
    assert (late.action, late.fact.status, len(late.fact.citations)) == ("touch", "active", 3)
    assert [(v, s) for v, s, _, _ in timeline(memory)] == [("UPS", "superseded"), ("FedEx", "active")]


def test_a_value_said_now_with_an_earlier_start_is_placed_by_when_it_was_said(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ly")
    memory.add("I live in Munich", created_at=day("2026-06-01T10:00"))
    [moved] = memory.add("I moved to Berlin last year", created_at=day("2026-07-01T10:00")).facts
    assert (moved.action, moved.fact.status) == ("supersede", "active")  # today's word, valid from last year
    assert moved.fact.valid_from is not None and moved.fact.valid_from < day("2026-01-01T00:00")
    [munich] = [f for f in memory.list(status="superseded") if isinstance(f, Fact)]
    assert (munich.value, munich.valid_to) == ("Munich", day("2026-07-01T10:00"))


def test_a_key_nothing_is_stored_under_has_an_empty_history(open_memory: OpenMemory) -> None:
    # history(key=...) of a key never stored raised NotFound, where list(key=...) of it is empty
    memory = open_memory(user_id="u")
    assert memory.history(key="shipping.carrier") == [] and memory.list(key="shipping.carrier") == []
    memory.add("I prefer UPS for delivery")
    [fact] = memory.list(key="shipping.carrier")
    assert [f.value for f, _ in memory.history(key="shipping.carrier")] == ["UPS"]
    assert memory.history(key="shipping.carrier", user_id="someone-else") == []
    memory.delete(fact.id)  # every value forgotten: nothing under the key any more
    assert memory.history(key="shipping.carrier") == []
