"""Extraction cases from users' messages and a LoCoMo import's list: whose
allergy a sentence states, routines and budgets, clean names, third-person values; what each
reads and, as much, what it must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str, str]]:
    """(key, value, mark): mark is ``retract``, ``corrects``, ``subject=<who>`` or ``""``."""
    return [(c.key, c.value, "retract" if c.retracts else "corrects" if c.corrects else
             f"subject={c.subject}" if c.subject else "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    # running a thing is managing it, not the sport
    ("I love running my own studio.", [("preference.like", "running their own studio", "")]),
    ("I hate running a business", [("preference.dislike", "running a business", "")]),
    ("I love running", [("sport.like", "running", "")]),
    # values read in the third person, as their statements are
    ("Yesterday, I went to a fair to show off my studio, it was both stressful and great!",
     [("event", "went to a fair to show off their studio", "")]),
    ("I love finding new trends for my store.", [("preference.like", "finding new trends for their store", "")]),
    ("I love My Chemical Romance", [("preference.like", "My Chemical Romance", "")]),
    # an adverb tying the event to the talk is not part of it
    ("Unfortunately, I also lost my job at Door Dash this month.",
     [("event", "lost their job at Door Dash", ""), ("identity.employer", "", "retract")]),  # the employer ends
    # the time of another clause is not the time of an intention
    ("Lost my job as a banker yesterday, so I'm gonna take a shot at starting my own business.", []),
    ("I'm gonna visit my mom tomorrow", [("travel.plan", "visit their mom", "")]),
    # two subjects with the user: what the user does too
    ("Got some great news - the gf and I are hitting the beach next month with Toby!",
     [("schedule.event", "hitting the beach with Toby", "")]),
    ("My wife and I are vegetarian", [("food.diet", "vegetarian", "")]),
    ("My wife and I both love sushi", [("food.like", "sushi", ""), ("food.like", "sushi", "subject=wife")]),
    ("I found out recently I'm allergic to cockroaches as well", [("health.allergy", "cockroaches", "")]),
])
def test_locomo_values(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm not allergic to seafood except shrimp", [("health.allergy", "seafood", "retract")]),
    ("I'm not allergic to seafood other than shrimp", [("health.allergy", "seafood", "retract")]),
    ("我对海鲜不过敏", [("health.allergy", "海鲜", "retract"), ("fact.general", "对海鲜不过敏", "")]),
    ("Please leave it with the doorman", [("shipping.dropoff", "with the doorman", "")]),
])
def test_withdrawals_and_dropoffs(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a relative's or a pet's health: their subject (one English word across both languages)
    ("My son is allergic to eggs", [("health.allergy", "eggs", "subject=son")]),
    ("My mom's allergic to peanuts", [("health.allergy", "peanuts", "subject=mom")]),
    ("Both my kids are allergic to peanuts", [("health.allergy", "peanuts", "subject=kids")]),
    ("My husband has asthma", [("health.condition", "asthma", "subject=husband")]),
    ("My mom says she's allergic to peanuts", [("health.allergy", "peanuts", "subject=mom")]),
    ("我儿子对鸡蛋过敏", [("health.allergy", "鸡蛋", "subject=son")]),
    ("我妈妈也对花生过敏", [("health.allergy", "花生", "subject=mom")]),
    ("我家狗对鸡肉过敏", [("health.allergy", "鸡肉", "subject=dog")]),
    ("我妈说她对花生过敏", [("health.allergy", "花生", "subject=mom")]),
    ("我妈妈有糖尿病", [("health.condition", "糖尿病", "subject=mom")]),
    ("我儿子对鸡蛋不过敏了", [("health.allergy", "鸡蛋", "retract")]),
    # a group with the user: the user's, with a clean value (and the relative's)
    ("My son and I are allergic to eggs", [("health.allergy", "eggs", ""), ("health.allergy", "eggs", "subject=son")]),
    ("We're allergic to shellfish", [("health.allergy", "shellfish", "")]),
    ("我和我老婆都对海鲜过敏", [("health.allergy", "海鲜", ""), ("health.allergy", "海鲜", "subject=wife")]),
    ("我们全家都对花生过敏", [("health.allergy", "花生", "")]),
    # a report of the user's own
    ("The doctor says I'm allergic to peanuts", [("health.allergy", "peanuts", "")]),
    ("I told the waiter I'm allergic to peanuts", [("health.allergy", "peanuts", "")]),
    ("My doctor told me that I have asthma", [("health.condition", "asthma", "")]),
    ("医生说我对花生过敏", [("health.allergy", "花生", "")]),
    ("我跟客服说我对花生过敏", [("health.allergy", "花生", "")]),
    ("我告诉服务员我对花生过敏", [("health.allergy", "花生", "")]),
    # nobody's: quoted words, friends, clients, doubts
    ("我朋友说：“我对花生过敏”", []),
    ('She said "I\'m allergic to shellfish"', []),
    ("我朋友对芒果过敏", []),
    ("My friend is allergic to mango", []),
    ("我的客户对芒果过敏", []),
    ("我以为我对花生过敏", []),
    ("我不是说我对花生过敏", []),
    ("Is my son allergic to eggs?", []),
    ("My son's teacher is allergic to peanuts", []),
    ("My wife and I prefer UPS for delivery", [("shipping.carrier", "UPS", "")]),
])
def test_whose_health(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


def test_a_relatives_statement_names_them() -> None:
    [son] = RuleExtractor().extract(text="My son is allergic to eggs", role="user", said_at=SAID)
    [kids] = RuleExtractor().extract(text="Both my kids are allergic to nuts", role="user", said_at=SAID)
    [mom] = RuleExtractor().extract(text="我妈对花生过敏", role="user", said_at=SAID)
    assert (son.statement, kids.statement, mom.statement) == (
        "their son is allergic to eggs", "their kids are allergic to nuts", "妈妈对花生过敏")


@pytest.mark.parametrize(("text", "expected"), [
    ("I usually wake up at 6am", [("routine.wake", "6am", "")]),
    ("I wake up at 6:30 am every day", [("routine.wake", "6:30am", "")]),
    ("I go to bed around 11pm", [("routine.bed", "11pm", "")]),
    ("我一般早上6点起床", [("routine.wake", "早上6点", "")]),
    ("我每天晚上十一点睡觉", [("routine.bed", "晚上十一点", "")]),
    ("I usually wake up early", []),
    ("Don't call me before 9am", [("contact.hours", "don't call before 9am", "")]),
    ("Please don't text me after 10pm", [("contact.hours", "don't text after 10pm", "")]),
    ("Only call me after 6pm", [("contact.hours", "only call after 6pm", "")]),
    ("早上9点前别给我打电话", [("contact.hours", "早上9点前别打电话", "")]),
    ("别在早上9点前给我打电话", [("contact.hours", "早上9点前别打电话", "")]),
    ("晚上10点以后不要打扰我", [("contact.hours", "晚上10点以后别打扰", "")]),
    ("Don't call me", []),
    ("My budget for hotels is $200 a night", [("budget", "hotel: $200 a night", "")]),
    ("Keep hotels under $200 a night", [("budget", "hotel: under $200 a night", "")]),
    ("酒店预算每晚500元以内", [("budget", "酒店：每晚500元以内", "")]),
    # the word pointing at one trip is no part of what the budget is for; a budget for nothing named is none
    ("My budget for this trip is $2000", [("budget", "trip: $2000", "")]),
    ("这次酒店预算500", [("budget", "酒店：500", "")]),
    ("My budget is tight", []),
    ("My budget for this is $50", []),
    ("预算3000左右", []),
    ("这次预算3000", []),
    ("上次旅行预算两万", []),
    ("我喝咖啡不加糖", [("drink.like", "咖啡不加糖", "")]),
    ("I take my coffee without sugar", [("drink.like", "coffee without sugar", "")]),
    ("我的猫叫麻糬", [("pet", "猫麻糬", "")]),
    ("我的猫叫做麻糬", [("pet", "猫麻糬", "")]),
    ("我女儿叫小美", [("family.member", "女儿小美", "")]),
    ("My dog's name is Max", [("pet", "dog named Max", "")]),
])
def test_routines_budgets_and_names(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


def test_a_budget_statement_says_what_it_is_for() -> None:
    [en] = RuleExtractor().extract(text="My budget for hotels is $200 a night", role="user", said_at=SAID)
    [zh] = RuleExtractor().extract(text="酒店预算每晚500元以内", role="user", said_at=SAID)
    assert (en.statement, zh.statement) == ("hotel budget is $200 a night", "酒店预算每晚500元以内")
