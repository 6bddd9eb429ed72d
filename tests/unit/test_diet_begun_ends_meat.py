"""A meatless diet begun ends eating meat: "I eat meat" then "I'm vegetarian now" (我吃肉 then 我现在吃素了) kept
both current, and the context block told an agent the user eats meat and is vegetarian. The other way round ("I eat
meat now" after "I'm vegetarian") already ended the diet (``facts.engine.FactEngine.diets_left``). Now the engine
withdraws the stored meat (``facts.engine.FactEngine.meat_eaten``), against a real store."""

from __future__ import annotations

import pytest

from memstrata import Memory


def _facts(memory: Memory) -> set[tuple[str, str, str]]:
    return {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("first", "then", "meat", "diet"), [
    ("I eat meat.", "I'm vegetarian now.", "meat", "vegetarian"),
    ("I eat chicken.", "I went vegan last month.", "chicken", "vegan"),
    ("我吃肉。", "我现在吃素了。", "肉", "吃素"),
    # fish is left out by a vegetarian too (not by a pescatarian): as "I eat fish now" ends "I'm vegetarian"
    ("I eat fish.", "I'm vegetarian now.", "fish", "vegetarian"),
    ("I eat eggs.", "I'm vegan now.", "eggs", "vegan"),
])
def test_a_meatless_diet_ends_the_meat(memory: Memory, first: str, then: str, meat: str, diet: str) -> None:
    memory.add(first)
    memory.add(then)
    facts = _facts(memory)
    assert ("user.eats", meat, "superseded") in facts and ("food.diet", diet, "active") in facts, facts


@pytest.mark.parametrize(("first", "then"), [
    ("I eat chicken.", "My sister is vegetarian."),  # someone else's diet
    ("I eat fish.", "I'm pescatarian now."),  # a diet that allows fish
    ("I eat eggs.", "I'm vegetarian now."),  # a vegetarian eats eggs
    ("I eat meat.", "I'm halal."),  # a diet that allows meat
])
def test_another_persons_diet_or_a_diet_with_meat_keeps_it(memory: Memory, first: str, then: str) -> None:
    memory.add(first)
    memory.add(then)
    assert [f for f in memory.list(kind="fact", limit=50) if f.key == "user.eats"], _facts(memory)
