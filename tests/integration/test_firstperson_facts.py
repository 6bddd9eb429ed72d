"""Common first-person statements through the public SDK on a real SQLite file with the real
embedding model: a sentence-initial "My daughter's name is Emma", standing instructions to the
assistant, health conditions (stored like allergies, withdrawn by name) and how a drink is taken."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory, user: str, key: str | None = None) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(user_id=user, key=key)
                  if isinstance(f, Fact) and f.status == "active")


def test_family_and_pets_named_at_the_start_of_a_sentence(memory: Memory) -> None:
    for text in ("My daughter's name is Emma", "My wife's name is Anna", "My dog is named Rex",
                 "My husband is American"):
        memory.add(text, user_id="f")
    assert _active(memory, "f") == [("family.member", "daughter named Emma"), ("family.member", "wife named Anna"),
                                    ("pet", "dog named Rex")]


def test_standing_instructions_are_kept_and_one_offs_are_not(memory: Memory) -> None:
    # answers have one language at a time: the later language takes the place of 用中文回复 (extract.replies)
    for text in ("请用中文回复我", "Please always reply in Spanish", "Keep your answers short", "请叫我老王",
                 "Can you reply in Spanish?", "He always replies in Spanish", "I replied in Spanish"):
        memory.add(text, user_id="i")
    assert _active(memory, "i") == [("assistant.instruction", "keep answers short"),
                                    ("assistant.instruction", "reply in Spanish"), ("identity.name", "老王")]
    old = memory.list(user_id="i", key="assistant.instruction", status="superseded")
    assert [f.value for f in old] == ["用中文回复"]
    hits = memory.search("which language should replies be in?", user_id="i", kinds=("fact",))
    assert any(h.fact is not None and h.fact.value == "reply in Spanish" for h in hits[:3])


def test_health_conditions_are_stored_like_allergies_and_withdrawn_by_name(memory: Memory) -> None:
    added = memory.add("I'm lactose intolerant", user_id="h")
    assert added.withheld == 0 and [(c.action, c.fact.key, c.fact.value, c.fact.sensitivity) for c in added.facts] == [
        ("create", "health.condition", "lactose intolerance", "medium")]
    for text in ("I have asthma", "我有糖尿病", "I have two cats", "I have a meeting", "我有一个问题"):
        memory.add(text, user_id="h")
    assert _active(memory, "h", "health.condition") == [("health.condition", "asthma"),
                                                        ("health.condition", "lactose intolerance"),
                                                        ("health.condition", "糖尿病")]
    [change] = memory.add("My asthma is gone", user_id="h").facts
    assert (change.action, change.fact.value) == ("retract", "asthma")
    memory.add("我的糖尿病已经治好了", user_id="h")
    assert _active(memory, "h", "health.condition") == [("health.condition", "lactose intolerance")]
    hits = memory.search("can I order a milkshake for them?", user_id="h", kinds=("fact",))
    assert hits and hits[0].fact is not None and hits[0].fact.value == "lactose intolerance"


def test_how_a_drink_is_taken(memory: Memory) -> None:
    memory.add("I drink my coffee black", user_id="d")
    assert _active(memory, "d") == [("drink.like", "black coffee")]


def test_a_condition_said_in_both_languages_is_one_and_withdrawn_in_either(memory: Memory) -> None:
    memory.add("I have asthma", user_id="b")
    assert [c.action for c in memory.add("我有哮喘", user_id="b").facts] == ["touch"]
    memory.add("I'm lactose intolerant", user_id="b")
    memory.add("I used to be diabetic", user_id="b")  # nothing stored to withdraw: nothing happens
    [change] = memory.add("我的哮喘好了", user_id="b").facts
    assert (change.action, change.fact.value) == ("retract", "asthma")
    assert _active(memory, "b") == [("health.condition", "lactose intolerance")]
