"""A parent named without "my" (Mom is allergic to peanuts, 妈妈对花生过敏) is the parent's fact,
never the user's, and "No calls before 9am" is read as the contact hours it states, one value with
"Don't call me before 9am". Public SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _facts(mem: Memory, user: str, key: str) -> list[tuple[str, str]]:
    return sorted((f.subject or "", f.value) for f in mem.list(key=key, user_id=user) if isinstance(f, Fact))


def test_a_parent_named_without_my_is_the_parents_subject(memory: Memory) -> None:
    memory.add("Mom is allergic to peanuts", user_id="m1")
    memory.add("妈妈对芒果过敏", user_id="m1")
    memory.add("Dad has asthma", user_id="m1")
    memory.add("奶奶有高血压", user_id="m1")
    assert _facts(memory, "m1", "health.allergy") == [("mom", "peanuts"), ("mom", "芒果")]
    assert _facts(memory, "m1", "health.condition") == [("dad", "asthma"), ("grandma", "高血压")]
    block = memory.context("what am I allergic to?", user_id="m1", budget_tokens=300)
    assert "- is allergic to peanuts" not in block  # never read as the user's own
    # the user's own denial leaves the mother's allergy alone; hers is withdrawn by her name
    memory.add("I'm not allergic to peanuts", user_id="m1")
    assert ("mom", "peanuts") in _facts(memory, "m1", "health.allergy")
    memory.add("Mom isn't allergic to peanuts anymore", user_id="m1")
    assert _facts(memory, "m1", "health.allergy") == [("mom", "芒果")]
    # with the user in the group: both
    memory.add("Mom and I are allergic to shellfish", user_id="m2")
    assert _facts(memory, "m2", "health.allergy") == [("", "shellfish"), ("mom", "shellfish")]


def test_no_calls_before_9am_is_read_as_contact_hours(memory: Memory) -> None:
    [change] = memory.add("No calls before 9am", user_id="h1").facts
    assert (change.fact.key, change.fact.value) == ("contact.hours", "don't call before 9am")
    # said the other way it is the same instruction: restated, not a second value
    [again] = memory.add("Don't call me before 9am", user_id="h1").facts
    assert (again.action, again.fact.id) == ("touch", change.fact.id)
    memory.add("No texts after 10pm please", user_id="h1")
    assert _facts(memory, "h1", "contact.hours") == [("", "don't call before 9am"), ("", "don't text after 10pm")]
    assert "don't call before 9am" in memory.context("when can you call me?", user_id="h1", budget_tokens=200)
    # "No" as a reply stays a filler
    assert [(c.fact.key, c.fact.value) for c in memory.add("No, I prefer UPS", user_id="h2").facts] == [
        ("shipping.carrier", "UPS")]
