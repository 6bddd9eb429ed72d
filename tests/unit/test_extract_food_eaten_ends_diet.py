"""Eating again what a diet leaves out ends the diet: "I'm vegetarian" then "I eat fish again now" (我吃素 then
我现在又吃鱼了) kept ``food.diet = vegetarian`` current beside ``preference.habit = eats fish``, since only meat said
under ``user.eats`` ended a diet (and the extractor withdrew every meatless diet by name, seven withdrawals for one
"I eat meat now"). Now a food its subject says they eat, as a habit taken up again or as what they eat, ends that
subject's stored diets that leave it out (``facts.engine.FactEngine.diets_left``, ``extract.diets.excluding``): meat
every meatless one, fish all but pescatarian, eggs or dairy vegan alone. Against a real store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.diets import eaten, excluding
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _diets(memory: Memory, status: str) -> set[tuple[str, str]]:
    return {(f.value, f.subject or "") for f in memory.list(kind="fact", status=status, limit=50)
            if f.key == "food.diet"}


@pytest.mark.parametrize(("diet", "then"), [
    ("I'm vegetarian.", "I eat fish again now."),
    ("I'm vegetarian.", "I've started eating salmon again"),
    ("I'm pescatarian.", "I'm eating fish and chicken again."),
    ("我吃素。", "我现在又吃鱼了。"),
    ("I'm vegetarian.", "I eat seafood now."),
    ("I'm vegan.", "I eat eggs again."),
    ("我吃纯素。", "我又吃鸡蛋了"),
    ("I'm vegetarian.", "I eat meat now."),
])
def test_a_food_eaten_again_ends_the_diet_that_leaves_it_out(memory: Memory, diet: str, then: str) -> None:
    memory.add(diet)
    assert _diets(memory, "active"), "the diet was not stored"
    memory.add(then)
    assert _diets(memory, "active") == set(), _diets(memory, "all")


@pytest.mark.parametrize(("diet", "then"), [
    ("I'm pescatarian.", "I eat fish again now."),  # a pescatarian eats fish
    ("I'm vegetarian.", "I eat eggs again."),  # a vegetarian eats eggs
    ("我吃素。", "我又吃鸡蛋了"),
    ("I'm vegetarian.", "I don't eat fish."),
    ("I'm vegetarian.", "My son eats fish again."),  # someone else's eating
    ("I'm vegetarian.", "I eat rice again now."),
    ("我吃素。", "我不吃鱼了。"),
    ("我吃素。", "我儿子又吃鱼了。"),
])
def test_a_diet_that_allows_the_food_or_no_food_of_its_own_eaten_stays(memory: Memory, diet: str, then: str) -> None:
    memory.add(diet)
    before = _diets(memory, "active")
    memory.add(then)
    assert before and _diets(memory, "active") == before


def test_no_diet_is_withdrawn_by_name_in_the_extractor() -> None:
    # one "I eat fish again now" was seven withdrawals of diets never said, each a candidate of its own
    found = RuleExtractor().extract(text="I eat fish again now.", role="user", said_at=_AT)
    assert not [c for c in found if c.key == "food.diet"], found


def test_which_foods_are_eaten_and_which_diets_leave_them_out() -> None:
    assert eaten("preference.habit", "eats fish and chicken") == ["fish", "chicken"]
    assert eaten("preference.habit", "吃鱼") == ["鱼"] and eaten("preference.habit", "不吃鱼") == []
    assert set(excluding("beef")) >= {"vegetarian", "pescatarian", "吃素"}
    assert "pescatarian" not in excluding("虾") and "吃素" in excluding("虾")
    assert excluding("牛奶") == ("vegan", "吃纯素", "纯素") and excluding("米饭") == ()
