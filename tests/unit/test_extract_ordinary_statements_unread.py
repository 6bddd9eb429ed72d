"""Ordinary statements the rules left unread, each for a reason of its own shape: a budget said with no purpose ("My
budget is $2,000", 我的预算是五千块, stored nothing, or ``budget = 的：五千块``), a present statement after the time it
holds from ("Since last week I take the bus to work"), a workplace after the shifts worked there ("Jessica works
nights at the hospital" kept the night shift alone), a child called "kid" / 孩子 ("My kid goes to Lincoln
Elementary", 我孩子在实验小学上学), a relative or a pet "of our family" or set off by a pause (我家的狗叫豆豆，今年三岁,
我儿子，今年八岁，…); and a clause read as a possessive copula ("My husband coaches my son's soccer team" stored
``user.husband_coaches_my_son = soccer team``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "value"), [("My budget is $2,000.", "$2,000"), ("我的预算是五千块。", "五千块")])
def test_a_budget_said_with_no_purpose_is_its_amount(text: str, value: str) -> None:
    assert _read(text) == {("budget", value, "")}


@pytest.mark.parametrize("text", ["My budget is tight.", "预算3000左右", "My budget for this is $50."])
def test_a_budget_of_no_amount_or_said_without_my_is_none(text: str) -> None:
    assert not _read(text)


def test_two_budgets_with_no_purpose_are_one_slot() -> None:
    from memstrata.extract.statements import slot_label

    assert slot_label("budget is $2,000") == slot_label("预算五千块") == "budget"


def test_a_present_statement_after_the_time_it_holds_from() -> None:
    found = RuleExtractor().extract(text="Since last week I take the bus to work.", role="user", said_at=_AT)
    assert [(c.key, c.value) for c in found] == [("user.commute", "by bus")]
    assert found[0].valid_from is not None and found[0].valid_from < _AT


def test_a_thought_after_a_time_is_none() -> None:
    assert not _read("Since last week I think it's fine.")


@pytest.mark.parametrize(("text", "fact"), [
    ("My kid goes to Lincoln Elementary.", ("kid.school", "Lincoln Elementary", "kid")),
    ("我孩子在实验小学上学。", ("kid.school", "实验小学", "kid")),
])
def test_a_child_called_kid_is_a_relative(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("text", "fact"), [
    ("我家的狗叫豆豆，今年三岁。", ("identity.age", "3", "dog")),
    ("我们家的狗豆豆今年三岁了。", ("identity.age", "3", "豆豆")),
    ("我儿子，今年八岁，特别喜欢乐高。", ("identity.age", "8", "son")),
])
def test_a_relative_of_the_household_or_after_a_pause_is_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


def test_a_verb_before_a_possessive_is_no_attribute() -> None:
    assert not {f for f in _read("My husband coaches my son's soccer team.") if f[0].startswith("user.")}


@pytest.mark.parametrize(("text", "who"), [("Jessica works nights at the hospital.", "Jessica"),
                                           ("I'm on the night shift at a care home.", "")])
def test_where_the_shifts_are_worked_is_the_workplace(text: str, who: str) -> None:
    found = _read(text)
    assert {f for f in found if f[0] == "identity.employer" and f[2] == who}, found
    assert {f for f in found if f[0].endswith("work_arrangement") and f[1] == "night shift"}, found
