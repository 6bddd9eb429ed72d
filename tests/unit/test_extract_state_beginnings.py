"""A pet or a diet said as its beginning ("We just got a dog named Max", 我家新养了一只狗, "I went vegan
last year") is the state it began (``extract.onset``), as the present statement of it is ("We have a
dog named Max", 我家有一只狗, "I'm vegan"); a beginning still to come stays a plan and someone else's is
not the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "pet"), [
    ("We just got a dog named Max.", "dog named Max"), ("We just adopted a cat.", "cat"),
    ("I've just rescued a puppy", "puppy"),
    ("我们养了一只猫", "猫"), ("我家新养了一只狗", "狗"), ("我们刚领养了两只猫", "2只猫"),
    ("我最近新养了一只仓鼠", "仓鼠"),
])
def test_a_pet_taken_in_is_the_pet(text: str, pet: str) -> None:
    assert _read(text) == [("pet", pet)]


@pytest.mark.parametrize(("text", "diet"), [
    ("I went vegan last year.", "vegan"), ("I went vegan.", "vegan"), ("I've gone vegetarian", "vegetarian"),
    ("I recently turned vegetarian", "vegetarian"),
])
def test_a_diet_gone_into_is_the_diet(text: str, diet: str) -> None:
    assert _read(text) == [("food.diet", diet)]


@pytest.mark.parametrize(("text", "key"), [("I went vegan last year.", "food.diet"), ("我们去年养了一只猫", "pet")])
def test_a_dated_beginning_holds_from_the_time_it_names(text: str, key: str) -> None:
    """(before, "I went vegan last year" was only the event "went vegan")"""
    [began] = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert began.key == key
    assert began.valid_from is not None and began.valid_from < _AT


@pytest.mark.parametrize("text", [
    "My friend went vegan.", "My friend got a dog.", "我朋友养了一只猫", "I went Pro.", "I went home.",
    "I just got a cold.",
])
def test_someone_elses_or_no_state_begun_is_none(text: str) -> None:
    assert not [k for k, _ in _read(text) if k in ("pet", "food.diet", "identity.name", "health.condition")]


@pytest.mark.parametrize("text", ["I'm going vegan next month.", "我们打算养一只狗"])
def test_a_beginning_still_to_come_stays_a_plan(text: str) -> None:
    assert [k for k, _ in _read(text)] in (["schedule.event"], ["plan.intent"])


@pytest.mark.parametrize(("text", "withdrawn", "begun"), [
    ("我开始吃素了", "不吃素", ("food.diet", "吃素")), ("我开始喝咖啡了", "不喝咖啡", ("user.drinks", "咖啡")),
])
def test_a_habit_begun_with_le_withdraws_its_absence_and_is_the_habit(text: str, withdrawn: str,
                                                                      begun: tuple[str, str]) -> None:
    # 我开始吃素了 read only as taking something up (habits.restart_zh): 不吃素 withdrawn, nothing stored
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert ("preference.habit", withdrawn) in [(c.key, c.value) for c in found if c.retracts]
    assert [(c.key, c.value) for c in found if not c.retracts] == [begun]


def test_beginning_not_to_do_something_withdraws_no_double_negative() -> None:
    # 我开始不吃肉了 withdrew the habit '不不吃肉'
    assert not [c for c in RuleExtractor().extract(text="我开始不吃肉了", role="user", said_at=_AT)
                if c.value.startswith("不不")]
