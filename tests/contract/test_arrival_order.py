"""Messages arriving out of time order (a backfilled log imported after live traffic, a
newest-first export, two imports racing) resolve by when they were said, not when they arrived,
on every store: never an older message superseding a newer value, nor a fact whose validity
ends before it began."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from conftest import OpenMemory
from memstrata import Memory
from memstrata.types import Fact

START = datetime(2026, 1, 1, tzinfo=UTC)


def _values(memory: Memory, key: str, status: str) -> list[str]:
    return sorted(f.value for f in memory.list(key=key, status=status) if isinstance(f, Fact))


def test_an_older_message_arriving_later_is_stored_as_the_past_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ord")
    memory.add("I prefer UPS for delivery", created_at=START + timedelta(days=200))
    [change] = memory.add("I prefer FedEx for delivery", created_at=START).facts
    assert (change.action, change.fact.value, change.fact.status) == ("past", "FedEx", "superseded")
    assert _values(memory, "shipping.carrier", "active") == ["UPS"]
    assert _values(memory, "shipping.carrier", "superseded") == ["FedEx"]
    timeline = memory.history(key="shipping.carrier")
    assert [f.value for f, _ in timeline] == ["UPS", "FedEx"]  # by the order they were stored
    for fact, _ in timeline:
        assert fact.valid_to is None or fact.valid_to >= fact.valid_from
    fedex, events = next((f, e) for f, e in timeline if f.value == "FedEx")
    assert fedex.valid_to == START + timedelta(days=200)  # until UPS was said
    [late] = [e for e in events if e.action == "supersede"]
    assert late.detail["new_value"] == "UPS" and late.detail["arrived_late"] is True
    # a message said after UPS still replaces it as before
    [change] = memory.add("Actually, make it DHL", created_at=START + timedelta(days=300)).facts
    assert (change.action, [p.value for p in change.previous]) == ("supersede", ["UPS"])
    assert _values(memory, "shipping.carrier", "active") == ["DHL"]


def test_a_newest_first_batch_ends_with_the_newest_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="desc")
    said = [("以后都用京东", 60), ("我以后都用顺丰", 30), ("I am allergic to peanuts", 10)]
    memory.add_many([memory.message(text, created_at=START + timedelta(days=day)) for text, day in said])
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
            memory.add(text, created_at=START + timedelta(days=day))
        outcomes.append(_values(memory, "shipping.carrier", "active"))
    assert outcomes == [["顺丰"]] * 3


def test_an_older_withdrawal_arriving_later_withdraws_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="wd")
    memory.add("I am allergic to peanuts", created_at=START + timedelta(days=5))
    result = memory.add("I'm not allergic to peanuts", created_at=START)
    # the denial is stored as what held until the allergy was said (extract.allergy_denied)
    assert [(c.action, c.fact.value) for c in result.facts] == [("past", "not allergic to peanuts")]
    assert _values(memory, "health.allergy", "active") == ["peanuts"]
    # said after the allergy, the same withdrawal does withdraw it, and the denial holds from then
    result = memory.add("I'm not allergic to peanuts", created_at=START + timedelta(days=6))
    assert [c.action for c in result.facts] == ["retract", "create"]
    assert _values(memory, "health.allergy", "active") == []



def test_a_value_arriving_after_its_later_withdrawal_is_stored_as_a_past_value(open_memory: OpenMemory) -> None:
    # "Not allergic" (Feb) stored first, then "allergic" (Jan): the user's last word was "not"
    memory = open_memory(user_id="u18")
    [denial] = memory.add("I am not allergic to peanuts", created_at=START + timedelta(days=31)).facts
    assert (denial.action, denial.fact.key) == ("create", "fact.general")  # extract.allergy_denied
    [change] = memory.add("I am allergic to peanuts", created_at=START).facts
    assert (change.action, change.fact.value, change.fact.status) == ("past", "peanuts", "superseded")
    assert (change.fact.valid_from, change.fact.valid_to) == (START, START + timedelta(days=31))
    assert _values(memory, "health.allergy", "active") == []
    [(_, events)] = memory.history(key="health.allergy")
    [ended] = [e for e in events if e.action == "supersede"]
    assert ended.detail["superseded_by"] is None and ended.detail["retracted"] is True
    assert ended.detail["arrived_late"] is True and ended.detail["statement"]
    # said after the withdrawal, the allergy is current again, and ends the denial
    [change] = memory.add("I am allergic to peanuts", created_at=START + timedelta(days=40)).facts
    assert (change.action, change.fact.status) == ("supersede", "active")
    assert [p.id for p in change.previous] == [denial.fact.id]
    assert _values(memory, "health.allergy", "active") == ["peanuts"]


def test_a_newest_first_log_with_withdrawals_ends_with_what_was_said_last(open_memory: OpenMemory) -> None:
    said = [("我不对花生过敏了", 40), ("我住在北京", 35), ("I'm not allergic to shellfish any more", 30),
            ("我对花生过敏", 20), ("I am allergic to shellfish", 10), ("I am allergic to cats", 5)]
    memory = open_memory(user_id="desc2")
    memory.add_many([memory.message(text, created_at=START + timedelta(days=d)) for text, d in said])
    assert _values(memory, "health.allergy", "active") == ["cats"]
    assert _values(memory, "health.allergy", "superseded") == ["shellfish", "花生"]
    ended = {f.value: f.valid_to for f in memory.list(key="health.allergy", status="superseded")
             if isinstance(f, Fact)}
    assert ended == {"花生": START + timedelta(days=40), "shellfish": START + timedelta(days=30)}
    # the same messages in time order give the same state
    memory = open_memory(user_id="asc2")
    for text, d in said[::-1]:
        memory.add(text, created_at=START + timedelta(days=d))
    assert _values(memory, "health.allergy", "active") == ["cats"]
    assert _values(memory, "health.allergy", "superseded") == ["shellfish", "花生"]


def test_a_withdrawal_arriving_late_ends_a_value_that_was_replaced_later(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="wd2")
    memory.add("I live in Berlin", created_at=START)
    memory.add("I live in Paris", created_at=START + timedelta(days=60))
    # the ended home is kept as a former one beside the withdrawal (extract/former.py)
    changes = memory.add("I don't live in Berlin anymore", created_at=START + timedelta(days=30)).facts
    assert [(c.action, c.fact.key, c.fact.value) for c in changes] == [("create", "identity.former", "Berlin")]
    berlin = next(f for f in memory.list(status="superseded") if isinstance(f, Fact) and f.value == "Berlin")
    assert berlin.valid_to == START + timedelta(days=30)  # withdrawn then, not when Paris was said
    assert _values(memory, "identity.location", "active") == ["Paris"]


def test_a_withdrawal_goes_with_its_forgotten_session(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="wf")
    memory.add("I am not allergic to peanuts", created_at=START + timedelta(days=31), session_id="old")
    if memory.store.capabilities.forget_jobs:
        memory.forget(session_id="old")
    else:
        memory.forget(user_id="wf")
    [change] = memory.add("I am allergic to peanuts", created_at=START).facts
    assert (change.action, change.fact.status) == ("create", "active")  # nothing withdraws it any more
