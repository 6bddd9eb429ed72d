"""``Memory.update``: a new value supersedes through the audit machinery; numbers change in place."""

from __future__ import annotations

import pytest

from memstrata import Conflict, Fact, InvalidInput, Memory, NotFound


def _carrier(memory: Memory) -> Fact:
    result = memory.add("From now on ship with FedEx")
    fact = next(c.fact for c in result.facts if c.fact.key == "shipping.carrier")
    return fact


def test_new_value_supersedes_the_old_fact_with_events(memory: Memory) -> None:
    old = _carrier(memory)
    new = memory.update(old.id, value="UPS")
    assert (new.key, new.value, new.status, new.subject) == (old.key, "UPS", "active", old.subject)
    # Nothing said "UPS": the new fact cites no episode; the old one keeps its source.
    assert new.id != old.id and new.citations == () and old.citations
    stored_old = memory.get(old.id)
    assert isinstance(stored_old, Fact) and stored_old.status == "superseded" and stored_old.valid_to is not None
    assert stored_old.citations == old.citations
    timeline = memory.history(new.id)
    assert [(f.value, f.status) for f, _ in timeline] == [("FedEx", "superseded"), ("UPS", "active")]
    old_events = [(e.action, e.actor) for e in timeline[0][1]]
    assert old_events[-1] == ("supersede", "sdk")
    assert timeline[0][1][-1].detail == {"superseded_by": new.id, "old_value": "FedEx", "new_value": "UPS"}
    assert [e.action for e in timeline[1][1]] == ["create"]
    assert timeline[1][1][0].detail["updated_from"] == old.id
    hits = memory.search("which carrier for shipping", kinds=("fact",))
    assert [h.fact.value for h in hits if h.fact is not None and h.fact.key == "shipping.carrier"] == ["UPS"]


def test_importance_and_confidence_change_in_place(memory: Memory) -> None:
    old = _carrier(memory)
    same = memory.update(old.id, importance=0.25, confidence=0.5, actor="tester")
    assert same.id == old.id and (same.importance, same.confidence, same.value) == (0.25, 0.5, "FedEx")
    event = memory.history(old.id)[-1][1][-1]
    assert (event.action, event.actor) == ("update", "tester")
    assert event.detail == {"importance": [old.importance, 0.25], "confidence": [old.confidence, 0.5]}


def test_same_value_is_an_in_place_update_not_a_new_fact(memory: Memory) -> None:
    old = _carrier(memory)
    assert memory.update(old.id, value="fedex").id == old.id


def test_superseded_fact_cannot_be_updated(memory: Memory) -> None:
    old = _carrier(memory)
    memory.update(old.id, value="UPS")
    with pytest.raises(Conflict, match="superseded") as raised:
        memory.update(old.id, value="DHL")
    # The engine's message names no door's command (the CLI's or REST's); the details say which fact.
    assert (raised.value.fact_id, raised.value.fact_status) == (old.id, "superseded")
    assert "memstrata" not in str(raised.value) and old.key in str(raised.value)


@pytest.mark.parametrize("kwargs,match", [
    ({}, "nothing to update"),
    ({"value": "  "}, "non-blank"),
    ({"value": "a\x00b"}, "NUL"),
    ({"importance": 1.5}, "between 0 and 1"),
    ({"confidence": True}, "between 0 and 1"),
    ({"value": "x" * 2001}, "limit is 2000"),
])
def test_bad_changes_are_refused_and_nothing_changes(memory: Memory, kwargs: dict[str, object], match: str) -> None:
    old = _carrier(memory)
    with pytest.raises(InvalidInput, match=match):
        memory.update(old.id, **kwargs)  # type: ignore[arg-type]
    assert memory.get(old.id) == old


def test_update_outside_the_scope_is_not_found(memory: Memory) -> None:
    old = _carrier(memory)
    with pytest.raises(NotFound):
        memory.update(old.id, value="UPS", user_id="someone-else")
    assert memory.get(old.id) == old


def test_a_new_value_is_redacted_like_any_message(memory: Memory) -> None:
    old = _carrier(memory)
    new = memory.update(old.id, value="whatever alice@example.com says")
    assert new.value == "whatever [REDACTED:email] says"
    events = [e for _, evs in memory.history(new.id) for e in evs]
    assert "alice@example.com" not in repr([e.detail for e in events])


def test_a_value_that_is_only_a_dropped_secret_is_refused(memory: Memory) -> None:
    old = _carrier(memory)
    with pytest.raises(InvalidInput, match="secret"):
        memory.update(old.id, value="sk-proj-abcdefghijklmnopqrstuvwxyz123456")
    assert memory.get(old.id) == old
