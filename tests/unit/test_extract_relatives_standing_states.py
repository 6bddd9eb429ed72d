"""A relative's standing state or plan, read by the shapes that read the user's own: a pregnancy
(``extract.conditions``), the school one goes to (``extract.schools``), a pastime with its day, a plan with its time,
a visit with no place."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # a Monday


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("My wife is pregnant.", {("wife", "health.condition", "pregnancy")}),
    ("我老婆怀孕了。", {("wife", "health.condition", "怀孕")}),
    ("My kids go to Lincoln Elementary.", {("kids", "kids.school", "Lincoln Elementary")}),
    ("My daughter attends Oakwood Academy.", {("daughter", "daughter.school", "Oakwood Academy")}),
    ("我儿子在阳光小学上学。", {("son", "son.school", "阳光小学")}),
    ("我儿子周六踢足球。", {("son", "preference.habit", "每周六踢足球")}),  # a bare weekday: every Saturday
    ("我儿子踢足球。", {("son", "sport.like", "足球")}),
    ("我儿子每周六踢足球。", {("son", "preference.habit", "每周六踢足球")}),
    ("我爸吃素。", {("dad", "food.diet", "吃素")}),
    ("My mother-in-law is visiting next week.", {("mother-in-law", "travel.plan", "coming to visit")}),
    ("My parents are visiting us next month.", {("parents", "travel.plan", "coming to visit")}),
    ("我婆婆下周来看我们。", {("mother-in-law", "schedule.event", "来看我们")}),
])
def test_a_relatives_standing_state_or_plan_is_theirs(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm pregnant.", {("", "health.condition", "pregnancy")}),
    ("我怀孕了", {("", "health.condition", "怀孕")}),
    ("I go to Lincoln Elementary School.", {("", "user.school", "Lincoln Elementary School")}),
    ("I attend the University of Michigan.", {("", "user.school", "University of Michigan")}),
    ("我在北京大学读书", {("", "user.school", "北京大学")}),
    ("我周六踢足球", {("", "preference.habit", "每周六踢足球")}),
])
def test_the_users_own_are_read_by_the_same_shapes(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_a_pregnancy_is_stated_as_a_state_and_withdrawn_as_one() -> None:
    (said,) = RuleExtractor().extract(text="My wife is pregnant.", role="user", said_at=_AT)
    assert said.statement == "their wife is pregnant"
    (ended,) = RuleExtractor().extract(text="I'm no longer pregnant.", role="user", said_at=_AT)
    assert (ended.key, ended.value, ended.retracts) == ("health.condition", "pregnancy", True)


@pytest.mark.parametrize("text", [
    "I went to Harvard University.", "My kids go to bed at 8.", "我儿子上学去了", "I'm visiting next week.",
    "My sister is visiting.", "我妈今天很忙。", "Is she pregnant?",
])
def test_no_standing_state_no_fact(text: str) -> None:
    assert _read(text) == set()


def test_a_visit_to_a_named_place_is_that_place() -> None:
    assert _read("My mom is visiting Paris next week.") == {("mom", "travel.plan", "visiting Paris")}


@pytest.mark.parametrize(("text", "statement"), [
    ("My kids go to Lincoln Elementary.", "their kids go to Lincoln Elementary"),
    ("My parents live in Ohio.", "their parents live in Ohio"),
    ("My kids love painting.", "their kids enjoy painting"),
    ("My kids are allergic to peanuts.", "their kids are allergic to peanuts"),
])
def test_relatives_in_the_plural_are_stated_with_the_plural_verb(text: str, statement: str) -> None:
    (said,) = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert said.statement == statement
