"""Extraction of dietary needs and habits as the user said them: spicy food disliked in Chinese is a
dietary need, every item of an allergy list is stored, an allergy keeps how severe it is, and a habit
reads as a fact about the user; what each reads and, as much, what it must not."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest

from memstrata.context import standing
from memstrata.context.standing import is_severe_allergy
from memstrata.extract.base import FactCandidate
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[FactCandidate]:
    return RuleExtractor().extract(text=text, role="user", said_at=SAID)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in _found(text)]


# --- spicy food disliked, in Chinese ----------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("我不太喜欢辣", [("food.dislike", "辣")]),
    ("我不喜欢辣", [("food.dislike", "辣")]),
    ("我不吃辣", [("food.dislike", "辣")]),
    ("我喜欢辣", [("food.like", "辣")]),
    ("I don't like spicy food", [("food.dislike", "spicy food")]),
    # 辣 inside another word is no food
    ("我喜欢辣妹", [("preference.like", "辣妹")]),
    ("我不喜欢辣手", [("preference.dislike", "辣手")]),
    ("我喜欢麻辣教师", [("preference.like", "麻辣教师")]),
])
def test_spicy_food_disliked_in_chinese_is_a_dietary_need(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


def test_a_hedged_dislike_of_spicy_food_keeps_its_words() -> None:
    (found,) = _found("我不太喜欢辣")
    assert found.statement == "不太喜欢辣"


# --- every item of an allergy list -------------------------------------------------------------

_FOUR_EN = [("health.allergy", v) for v in ("peanuts", "tree nuts", "sesame", "shellfish")]
_FOUR_ZH = [("health.allergy", v) for v in ("花生", "芒果", "芝麻", "虾")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm allergic to peanuts, tree nuts, sesame and shellfish", _FOUR_EN),
    ("I'm allergic to peanuts, tree nuts, sesame, and shellfish", _FOUR_EN),
    ("I have allergies to peanuts, tree nuts, sesame and shellfish", _FOUR_EN),
    ("Allergies: peanuts, tree nuts, sesame and shellfish", _FOUR_EN),
    ("I'm allergic to peanuts, tree nuts, sesame and shellfish, so be careful", _FOUR_EN),
    ("I'm allergic to peanuts, sesame seeds and shellfish",
     [("health.allergy", v) for v in ("peanuts", "sesame seeds", "shellfish")]),
    ("我对花生、芒果、芝麻和虾过敏", _FOUR_ZH),
    ("我对花生，芒果，芝麻和虾过敏", _FOUR_ZH),
    ("我对花生,芒果和虾过敏", [("health.allergy", v) for v in ("花生", "芒果", "虾")]),
    ("我对花生过敏，还有芒果、芝麻和虾", _FOUR_ZH),
    ("我对坚果、芝麻以及海鲜过敏", [("health.allergy", v) for v in ("坚果", "芝麻", "海鲜")]),
    # no list: a remark, a name, a person, a condition, something that is no allergen
    ("I'm allergic to peanuts, Mom and Dad know", [("health.allergy", "peanuts")]),
    ("I'm allergic to peanuts, thanks and bye", [("health.allergy", "peanuts")]),
    ("我对花生过敏，还有一件事", [("health.allergy", "花生")]),
    ("我对青霉素过敏，还有高血压", [("health.allergy", "青霉素")]),
    ("我对这件事，其实有点过敏", []),
    ("我会说英语以及法语", [("language.spoken", "英语"), ("language.spoken", "法语")]),
])
def test_every_item_of_an_allergy_list_is_stored(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "subject"), [
    ("My son is allergic to peanuts, tree nuts, sesame and shellfish", "son"),
    ("我妈妈对花生过敏，还有芒果、芝麻和虾", "mom"),
])
def test_a_relatives_list_stays_the_relatives(text: str, subject: str) -> None:
    found = _found(text)
    assert len(found) == 4 and {c.subject for c in found} == {subject}


# --- how severe an allergy is -------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("I have a severe peanut allergy, I carry an EpiPen", [("peanuts", "is severely allergic to peanuts")]),
    ("I'm deathly allergic to shrimp", [("shrimp", "is severely allergic to shrimp")]),
    ("My peanut allergy is severe", [("peanuts", "is severely allergic to peanuts")]),
    ("I'm allergic to peanuts, it's life-threatening", [("peanuts", "is severely allergic to peanuts")]),
    ("I'm allergic to peanuts, I carry an EpiPen", [("peanuts", "is severely allergic to peanuts")]),
    ("I'm mildly allergic to cats", [("cats", "is mildly allergic to cats")]),
    ("I'm severely allergic to peanuts, tree nuts and sesame",
     [(v, f"is severely allergic to {v}") for v in ("peanuts", "tree nuts", "sesame")]),
    # each allergy its own degree; none said, none stored
    ("I'm allergic to peanuts and mildly allergic to cats",
     [("peanuts", "is allergic to peanuts"), ("cats", "is mildly allergic to cats")]),
    ("I'm allergic to peanuts but it's not severe", [("peanuts", "is allergic to peanuts")]),
    ("I'm very allergic to peanuts", [("peanuts", "is allergic to peanuts")]),
    ("我对花生严重过敏", [("花生", "对花生严重过敏")]),
    ("我有严重的花生过敏", [("花生", "对花生严重过敏")]),
    ("我对花生过敏，很严重", [("花生", "对花生严重过敏")]),
    ("我对花生过敏很严重", [("花生", "对花生严重过敏")]),
    ("我对花生过敏，随身带着肾上腺素笔", [("花生", "对花生严重过敏")]),
    ("我对花生轻微过敏", [("花生", "对花生轻微过敏")]),
    ("我对花生有点过敏", [("花生", "对花生轻微过敏")]),
    ("我对花生严重过敏，还有芒果和虾", [(v, f"对{v}严重过敏") for v in ("花生", "芒果", "虾")]),
    ("我对花生过敏，不过不严重", [("花生", "对花生过敏")]),
    ("我对花生过敏，没那么严重", [("花生", "对花生过敏")]),
])
def test_an_allergy_keeps_how_severe_it_is(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(c.value, c.statement) for c in _found(text) if c.key == "health.allergy"] == expected


@pytest.mark.parametrize(("text", "statement"), [
    ("My son has a severe peanut allergy", "their son is severely allergic to peanuts"),
    ("My kids are severely allergic to peanuts", "their kids are severely allergic to peanuts"),
    ("我儿子对鸡蛋严重过敏", "儿子对鸡蛋严重过敏"),
    ("我妈妈对花生过敏，很严重", "妈妈对花生严重过敏"),
])
def test_a_relatives_allergy_keeps_its_severity_too(text: str, statement: str) -> None:
    assert [c.statement for c in _found(text)] == [statement]


def test_the_severity_context_reads_is_the_one_the_statement_says() -> None:
    # standing.is_severe_allergy orders the meal's dietary section; its doctests are its cases
    assert doctest.testmod(standing).failed == 0
    severe = ("I have a severe peanut allergy", "我对花生过敏，很严重")
    not_severe = ("I'm mildly allergic to cats", "我对芒果过敏")
    for text in (*severe, *not_severe):
        (found,) = _found(text)
        assert is_severe_allergy(found.key, found.statement) == (text in severe), text


_PASTIME = ("sport.like", "hobby.like")


# --- a habit reads as a fact about the user -----------------------------------------------------

@pytest.mark.parametrize(("text", "value", "statement"), [
    ("I run every morning", "run every morning", "runs every morning"),
    ("Every morning I run", "run every morning", "runs every morning"),
    ("I always run at 6", "always run at 6", "always runs at 6"),
    ("I usually go swimming on weekends", "usually go swimming on weekends", "usually goes swimming on weekends"),
    ("I do yoga twice a week", "do yoga twice a week", "does yoga twice a week"),
    ("I watch the news every night", "watch the news every night", "watches the news every night"),
    ("I study Spanish every day", "study Spanish every day", "studies Spanish every day"),
    ("I walk my dog every evening", "walk their dog every evening", "walks their dog every evening"),
    ("I never skip breakfast", "never skip breakfast", "never skips breakfast"),
    ("From now on I'll go to bed before 11", "go to bed before 11", "goes to bed before 11"),
    # an order to the assistant stays as said; Chinese has no verb to agree
    ("From now on, be concise", "be concise", "be concise"),
    ("我每天早上跑步", "每天早上跑步", "每天早上跑步"),
])
def test_a_habit_reads_as_a_fact_about_the_user(text: str, value: str, statement: str) -> None:
    # a pastime in it is the user's too ("I run every morning": sport.like running, tests/unit/test_extract_pastimes.py)
    assert [(c.key, c.value, c.statement) for c in _found(text) if c.key not in _PASTIME] == [
        ("preference.habit", value, statement)]


# --- a habit said with "often" / 经常 ------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("我经常跑步", [("preference.habit", "经常跑步", "经常跑步")]),
    ("我常常去游泳", [("preference.habit", "常常去游泳", "常常去游泳")]),
    ("I often run", [("preference.habit", "often run", "often runs")]),
    ("I regularly go hiking", [("preference.habit", "regularly go hiking", "regularly goes hiking")]),
    # a mood, a thought or the listener is no habit
    ("我经常想你", []), ("我经常很累", []), ("我经常觉得无聊", []),
    ("I often feel tired", []), ("I often wonder why", []), ("I often think about you", []),
    ("I often go there to relax and unwind", []), ("I often do it after work", []),
])
def test_a_habit_said_with_often_is_stored(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(c.key, c.value, c.statement) for c in _found(text) if c.key not in _PASTIME] == expected
