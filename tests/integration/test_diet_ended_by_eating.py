"""Eating what a diet leaves out ends the diet, and a correction names the value without its verb.

"I'm vegetarian" then "I eat meat now" kept both current (the context block then asked an agent to respect a
diet the user had left); 我吃素 then 我现在吃肉了 likewise. "Not UPS, use FedEx" stored the carrier "use FedEx".
Through the public SDK on SQLite and PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest

from factvalues import values
from memstrata import Memory
from memstrata.config import Settings


@pytest.mark.parametrize(("said", "diet", "eaten"), [
    (("I'm vegetarian.", "I eat meat now."), "vegetarian", ("user.eats", "meat")),
    (("我吃素。", "我现在吃肉了。"), "吃素", ("user.eats", "肉")),
    (("I'm pescatarian.", "I eat steak these days."), "pescatarian", ("user.eats", "steak")),
])
def test_eating_meat_ends_a_meatless_diet_and_keeps_what_is_eaten(
        db_settings: dict[str, Any], said: tuple[str, str], diet: str, eaten: tuple[str, str]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="dee") as mem:
        for text in said:
            mem.add(text)
        assert values(mem, "food.diet") == []
        assert diet in values(mem, "food.diet", "superseded")
        assert values(mem, eaten[0]) == [eaten[1]]


def test_someone_elses_eating_ends_no_diet_of_the_users(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="eve") as mem:
        mem.add("I'm vegetarian.")
        mem.add("My sister eats meat.")
        assert values(mem, "food.diet") == ["vegetarian"]


def test_a_correction_names_the_value_without_the_verb_of_choosing(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="fin") as mem:
        mem.add("I prefer UPS.")
        mem.add("Not UPS, use FedEx.")
        assert values(mem, "shipping.carrier") == ["FedEx"]
        assert values(mem, "shipping.carrier", "superseded") == ["UPS"]


@pytest.mark.parametrize(("now", "coffee"), [
    ("Actually I prefer tea over coffee now.", []),
    ("These days I prefer tea over coffee.", []),
    ("I prefer tea over coffee.", ["coffee"]),  # two likes ranked, no change said
])
def test_a_preference_said_as_a_change_withdraws_the_like_passed_over(
        db_settings: dict[str, Any], now: str, coffee: list[str]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="gil") as mem:
        mem.add("I love coffee.")
        mem.add(now)
        assert sorted(values(mem, "drink.like")) == sorted(["tea", *coffee])
