"""A forgotten value leaves no trace in the audit events of the facts that stay,
on every store: the raw rows (the SQLite file's bytes, WAL included; PostgreSQL's rows; the
in-memory store's state) are searched for the value after each kind of forget, and rolling
back the supersede the forgotten value had made still brings the old value back."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from conftest import START, OpenMemory
from memstrata import Fact, Memory, MemoryEvent
from memstrata.lifecycle.forget import SCRUBBED
from memstrata.store.postgres.scrub import CONTENT_TABLES

#: A carrier value nobody says in a message: it exists only through ``update`` (a hand-set value).
HAND_SET = "Pumpernickel Parcelpost"


def raw_text(memory: Memory) -> str:
    """Everything the store holds, lower-cased: the SQLite files' bytes (main file, -wal, -shm)
    decoded leniently; every content row of PostgreSQL as text; the in-memory store's state."""
    store = memory.store
    if store.location.endswith(".db"):
        path = Path(store.location)
        files = [p for p in path.parent.iterdir() if p.name.startswith(path.name)]
        return b"".join(p.read_bytes() for p in files).decode("utf-8", "replace").lower()
    if store.location.startswith("postgresql"):
        with store.db.read() as conn:  # type: ignore[attr-defined]
            return " ".join(str(r[0]) for t in (*CONTENT_TABLES, "forget_jobs")
                            for r in conn.execute(f"SELECT t::text FROM {t} t").fetchall()).lower()
    return repr(store.db.state).lower()  # type: ignore[attr-defined]


def _events(memory: Memory, fact_id: int, action: str) -> list[MemoryEvent]:
    return [e for fact, events in memory.history(fact_id) for e in events if fact.id == fact_id and e.action == action]


def _active(memory: Memory, key: str) -> list[str]:
    return [f.value for f in memory.list(key=key) if isinstance(f, Fact)]


def _assert_rolls_back(memory: Memory, event_id: int, key: str, value: str) -> None:
    """Rolling back ``event_id`` makes ``value`` the current one again (rollback needs the
    maintenance capability: the in-memory oracle has none)."""
    if memory.store.capabilities.maintenance:
        memory.rollback(event_id)
        assert _active(memory, key) == [value]


def test_forgetting_the_session_that_replaced_a_value_leaves_no_trace_of_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    first = memory.add("I prefer UPS for delivery", session_id="s1")
    second = memory.add("Actually, make it FedEx", session_id="s2")
    old, new = first.facts[0].fact, second.facts[0].fact
    assert (second.facts[0].action, new.value) == ("supersede", "FedEx") and "fedex" in raw_text(memory)

    receipt = memory.forget(session_id="s2")

    assert receipt["facts"] == 1 and receipt[SCRUBBED] == 1
    assert "fedex" not in raw_text(memory)
    [event] = _events(memory, old.id, "supersede")
    # the history no longer names the forgotten fact (following it would end in not_found)
    assert event.detail["superseded_by"] is None and "new_value" not in event.detail
    assert "episode" not in event.detail and event.detail["forgotten"] == ["episode", "new_value", "superseded_by"]
    assert _active(memory, "shipping.carrier") == []
    [replaced] = receipt.replaced  # the note: the key is left without a current value
    assert (replaced.fact_id, replaced.value, replaced.event_id, replaced.by) == (old.id, "UPS", event.id, None)
    assert "which a value since forgotten had replaced" in replaced.note(replaced.by, "rollback")
    _assert_rolls_back(memory, event.id, "shipping.carrier", "UPS")


def test_deleting_a_hand_set_value_leaves_no_trace_of_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    old = memory.add("I prefer UPS for delivery").facts[0].fact
    new = memory.update(old.id, value=HAND_SET)
    assert HAND_SET.lower() in raw_text(memory)

    receipt = memory.delete(new.id)

    assert HAND_SET.lower() not in raw_text(memory)
    [replaced] = receipt.replaced
    [event] = _events(memory, old.id, "supersede")
    assert replaced.event_id == event.id and event.detail["old_value"] == "UPS"
    _assert_rolls_back(memory, event.id, "shipping.carrier", "UPS")


def test_forgetting_a_value_by_filter_leaves_no_trace_of_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    old = memory.add("I prefer UPS for delivery").facts[0].fact
    memory.add("I am allergic to peanuts")
    memory.update(old.id, value=HAND_SET)
    if not memory.store.capabilities.forget_jobs:
        return  # forget(filter=...) needs forget jobs: InvalidInput there (test_forget_filter)

    receipt = memory.forget(filter=f'value = "{HAND_SET}"')

    assert receipt["facts"] == 1 and receipt[SCRUBBED] == 1
    assert HAND_SET.lower() not in raw_text(memory)
    [replaced] = receipt.replaced
    assert (replaced.fact_id, replaced.key, replaced.value) == (old.id, "shipping.carrier", "UPS")
    assert _active(memory, "health.allergy") == ["peanuts"]
    _assert_rolls_back(memory, replaced.event_id, "shipping.carrier", "UPS")


def test_a_forgotten_retraction_leaves_no_words_in_the_event_it_wrote(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    allergy = memory.add("I'm allergic to peanuts", session_id="s1").facts[0].fact
    said = "Actually, I'm not allergic to peanuts anymore"
    assert memory.add(said, session_id="s2").facts[0].action == "retract"
    assert said.lower() in raw_text(memory)

    receipt = memory.forget(session_id="s2")

    assert "not allergic" not in raw_text(memory)
    [event] = _events(memory, allergy.id, "supersede")
    assert event.detail["retracted"] is True and "statement" not in event.detail
    assert receipt.replaced == ()  # a retraction had no successor: nothing was left empty by this forget
    _assert_rolls_back(memory, event.id, "health.allergy", "peanuts")


def test_a_forget_that_leaves_the_key_a_current_value_gives_no_note(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    memory.add("I prefer UPS for delivery", session_id="s1")
    memory.add("Actually, make it FedEx", session_id="s2")
    memory.add("I prefer FedEx for delivery", session_id="s3")  # FedEx is also said in s3: the fact stays

    receipt = memory.forget(session_id="s2")

    assert receipt["facts"] == 0 and receipt.replaced == ()
    assert _active(memory, "shipping.carrier") == ["FedEx"]
    events = [e for _, evs in memory.history(key="shipping.carrier") for e in evs]
    said_by_s2 = [e for e in events if e.detail.get("episode") == 2]
    assert said_by_s2 == []  # the episode reference left every event


def test_forgetting_the_value_switched_back_to_leaves_no_history_pointing_at_it(open_memory: OpenMemory) -> None:
    """顺丰 → UPS → "switch back to 顺丰", then forget the current 顺丰 fact.
    The key is left with no current value (UPS was replaced by the user and "Switch back to 顺丰"
    is still stored: making UPS current would contradict it); UPS's history must not name the
    forgotten fact, and the receipt says how to make UPS current again."""
    memory = open_memory(user_id="back")
    memory.add("我以后都用顺丰", created_at=START)
    memory.add("Switch to UPS from now on", created_at=START + timedelta(days=30))
    [back] = memory.add("Switch back to 顺丰", created_at=START + timedelta(days=60)).facts
    assert back.fact.value == "顺丰" and back.fact.status == "active"
    receipt = memory.forget(fact_id=back.fact.id)
    assert _active(memory, "shipping.carrier") == []
    timeline = memory.history(key="shipping.carrier")
    alive = {f.id for f, _ in timeline}
    assert back.fact.id not in alive
    for fact, events in timeline:  # no event of a fact that stays names the forgotten one
        for event in events:
            named = [event.detail.get("superseded_by"), *(event.detail.get("returns_to") or [])]
            assert back.fact.id not in named, (fact.value, event.detail)
    [ups] = [f for f, _ in timeline if f.value == "UPS"]
    [replaced] = receipt.replaced
    assert (replaced.fact_id, replaced.value, replaced.by) == (ups.id, "UPS", back.fact.id)
    [cut] = _events(memory, ups.id, "supersede")
    assert cut.id == replaced.event_id and cut.detail["superseded_by"] is None
    assert "superseded_by" in cut.detail["forgotten"]
    _assert_rolls_back(memory, replaced.event_id, "shipping.carrier", "UPS")  # what the receipt offers
