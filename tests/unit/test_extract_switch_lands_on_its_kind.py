"""A switch lands on the key of what it changes, not on a thing used.

"I switched to Monzo in the end" stored ``tool.uses = Monzo in the end`` (the filler kept the name from
being the bank it is), "Anna switched to a vegan diet" ``tool.uses = vegan diet``, 我现在不喝咖啡了，换成了喝茶
``user.drinks = 喝茶`` (stated 喝喝茶), 信用卡换成了工商银行的 nothing and 李娜换成了一家新学校上班
``李娜.uses = 一家新学校`` (a new school names none)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


def _said(text: str) -> list[str]:
    return sorted(c.statement for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I switched to Monzo in the end.", [("user.uses", "Monzo", "")]),
    ("We switched to Linear after all.", [("user.uses", "Linear", "")]),
    ("I've switched to Monzo instead in the end", [("user.uses", "Monzo", "")]),
])
def test_what_closes_the_choice_is_no_part_of_the_value(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Anna switched to a vegan diet.", [("food.diet", "vegan", "Anna")]),
    ("I switched to a vegan diet last month.", [("food.diet", "vegan", "")]),
    ("I've switched to a low-carb diet", [("health.diet", "low-carb", "")]),
])
def test_a_switch_to_a_diet_is_the_diet_kept(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我现在不喝咖啡了，换成了喝茶", [("drink.quit", "咖啡", ""), ("preference.habit", "喝咖啡", ""),
                                  ("user.drinks", "茶", "")]),
    ("我换成喝茶了", [("user.drinks", "茶", "")]),
    ("我改成吃燕麦了", [("user.eats", "燕麦", "")]),
    ("我换成了吃素", [("food.diet", "吃素", "")]),  # a diet, no food
])
def test_a_switch_said_with_its_verb_says_the_verb_once(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_the_statement_of_a_drink_switched_to_has_one_verb() -> None:
    assert "喝茶" in _said("我换成喝茶了") and "喝喝茶" not in _said("我换成喝茶了")


@pytest.mark.parametrize(("text", "expected"), [
    ("信用卡换成了工商银行的", [("user.信用卡", "工商银行", "")]),
    ("我的手机换成了华为", [("tool.phone", "华为", "")]),
    ("我的编辑器换成了Vim", [("tool.editor", "Vim", "")]),
])
def test_a_thing_held_switched_to_a_named_one(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("李娜换成了一家新学校上班", [("identity.employer", "", "李娜")]),  # a new place of work: the one before ends
    ("我换成了一家新公司上班", [("identity.employer", "", "")]),
    ("My son switched to a new school", [("son.school", "", "son")]),
    ("Anna switched to a new school", [("anna.school", "", "Anna")]),
])
def test_a_switch_to_a_new_school_or_workplace_ends_the_one_before(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.retracts] == expected


@pytest.mark.parametrize("text", [
    "我换成了一家新公司", "I switched the lights off.",
    "我把沙发搬到卧室了",
])
def test_a_switch_that_names_nothing_states_nothing(text: str) -> None:
    assert _read(text) == []
