"""Common first-person statements the rule extractor used to miss: a sentence-initial "My daughter's
name is Emma", standing instructions to the assistant (Please always reply in Spanish, 请用中文回复我),
health conditions (I'm lactose intolerant, 我有糖尿病) and how the user takes a drink; what each
reads and, as much, what it must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract import conditions, directives, twins
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import get_key

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str, str]]:
    """(key, value, mark): mark is ``retract`` or ``""``."""
    return [(c.key, c.value, "retract" if c.retracts else "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


class _Sentence:
    def __init__(self, sentence: str) -> None:
        self.sentence = sentence


# --- family and pets: a capital "My" at the start of the sentence -------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("My daughter's name is Emma", [("family.member", "daughter named Emma", "")]),
    ("My daughter is named Emma", [("family.member", "daughter named Emma", "")]),
    ("My wife's name is Anna", [("family.member", "wife named Anna", "")]),
    ("my son is called Leo", [("family.member", "son named Leo", "")]),
    ("My dog is named Rex", [("pet", "dog named Rex", "")]),
    ("My little sister is named Amy", [("family.member", "little sister named Amy", "")]),
    # the name must still be capitalised, and a nationality or faith is no name
    ("My dog is named rex", []),
    ("My husband is American", []),
    ("My mom is Catholic", []),
    ("My dog is Happy", []),
    ("My daughter is tired", []),
])
def test_family_and_pets_named_at_the_start_of_a_sentence(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


# --- standing instructions to the assistant ----------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Please always reply in Spanish", "reply in Spanish"),
    ("Always answer in bullet points", "answer in bullet points"),
    ("Only respond in English", "only respond in English"),
    ("Never reply in Spanish", "never reply in Spanish"),
    ("Keep your answers short", "keep answers short"),
    ("Please keep your replies as short as possible", "keep replies as short as possible"),
    ("Make your answers more detailed", "make answers more detailed"),
    ("I want you to always reply in Spanish", "reply in Spanish"),
    ("I'd like you to answer in bullet points", "answer in bullet points"),
    ("from now on, reply in English", "reply in English"),  # the habit fallback, as before
    ("请用中文回复我", "用中文回复"),
    ("用英文回答我", "用英文回答"),
    ("麻烦你一直用简体中文回答我", "用简体中文回答"),
    ("请用中文和我交流", "用中文和我交流"),
    ("以后回答简短一点", "回答简短一点"),
    ("请回答简短一点", "回答简短一点"),
    ("请简洁地回答", "简洁地回答"),
    # said alone it names no answer of its own: standing, as "answer this in Spanish" would not be (extract.replies)
    ("Reply in Spanish", "reply in Spanish"),
    ("用英文回答", "用英文回答"),
])
def test_standing_instructions_to_the_assistant(text: str, expected: str) -> None:
    assert _found(text) == [("assistant.instruction", expected, "")]


@pytest.mark.parametrize("text", [
    "Can you reply in Spanish?",  # a question, a one-off
    "Could you answer in bullet points?",
    "He always replies in Spanish",  # someone else's habit
    "I replied in Spanish",  # the user's past
    "Always answer the phone",  # advice: no manner of replying
    "Keep your replies coming",
    "用英文回答这个问题",  # this one question
    "他总是用中文回复",
    "你的回答太长了",  # a complaint, not an instruction
])
def test_not_a_standing_instruction(text: str) -> None:
    assert [f for f in _found(text) if f[0] == "assistant.instruction"] == []


def test_instruction_patterns_read_one_clause() -> None:
    assert [(f.key, f.value) for f in directives.replies_en("always answer briefly", _Sentence(""))] == [
        ("assistant.instruction", "answer briefly")]
    assert directives.replies_en("he always answers briefly", _Sentence("")) == []
    assert [(f.key, f.value) for f in directives.replies_zh("请用英语回复我。", _Sentence(""))] == [
        ("assistant.instruction", "用英语回复")]


@pytest.mark.parametrize(("text", "expected"), [
    ("请叫我老王", [("identity.name", "老王", "")]),
    ("叫我小王", [("identity.name", "小王", "")]),
    ("Please call me Bob", [("identity.name", "Bob", "")]),
    ("请叫我起床", []),  # 叫 as "wake", not a name
    ("明天早上叫我一声", []),
    # "I think" softens the invitation, not the name: 我觉得你可以叫我小琳吧 stored nothing before
    ("嗯，我觉得你可以叫我小琳吧。", [("identity.name", "小琳", "")]),
    ("我覺得你可以叫我小琳吧", [("identity.name", "小琳", "")]),
    ("I think you can call me Lin.", [("identity.name", "Lin", "")]),
    ("我觉得你可以叫我起床", []),
    ("I think you should call me tomorrow.", []),
])
def test_what_to_call_the_user(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


# --- health conditions ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("I'm lactose intolerant", ["lactose intolerance"]),
    ("I have diabetes", ["diabetes"]),
    ("I'm diabetic", ["diabetes"]),
    ("I'm a type 2 diabetic", ["type 2 diabetes"]),
    ("I have celiac disease", ["celiac disease"]),
    ("I have asthma", ["asthma"]),
    ("I have mild asthma", ["asthma"]),
    ("I've got type 1 diabetes", ["type 1 diabetes"]),
    ("I suffer from migraines", ["migraines"]),
    ("I have a heart condition", ["a heart condition"]),
    ("I have type 2 diabetes and high blood pressure", ["type 2 diabetes", "high blood pressure"]),
    ("I was diagnosed with celiac disease last year", ["celiac disease"]),
    ("I've had asthma since I was a kid", ["asthma"]),
    ("Remember that I'm lactose intolerant", ["lactose intolerance"]),
    ("我乳糖不耐受", ["乳糖不耐受"]),
    ("我乳糖不耐", ["乳糖不耐受"]),
    ("我有糖尿病", ["糖尿病"]),
    ("我有哮喘", ["哮喘"]),
    ("我患有高血压和糖尿病", ["高血压", "糖尿病"]),
    ("我是糖尿病患者", ["糖尿病"]),
    ("我有点贫血", ["贫血"]),
    ("我得了痛风", ["痛风"]),
    # a condition said bare, lasting or severe (a night's 我失眠了 is none)
    ("我最近失眠比较严重。", ["失眠症"]),
    ("我一直失眠", ["失眠症"]),
    ("我失眠很严重", ["失眠症"]),
    ("我长期偏头痛", ["偏头痛"]),
    ("I've had bad insomnia lately.", ["insomnia"]),
])
def test_health_conditions(text: str, expected: list[str]) -> None:
    assert _found(text) == [("health.condition", v, "") for v in expected]


@pytest.mark.parametrize("text", [
    "I have two cats", "I have a meeting", "I have a cold", "I have an asthma inhaler", "I had asthma as a kid",
    "My mom has diabetes", "I think I have asthma", "Do you have asthma?", "I have a question",
    "我有一个问题", "我妈妈有糖尿病", "我得了感冒", "我失眠了", "你有哮喘吗", "我昨晚失眠了", "我今晚又失眠了",
    "我失眠。", "你最近失眠吗？",
    # mental health is left to the episode on purpose (extract.conditions)
    "I have depression", "我有抑郁症",
])
def test_not_a_health_condition(text: str) -> None:
    # not the user's: a relative's condition is read under the relative (test_extract_whose_routines_budgets)
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [c for c in found if c.key == "health.condition" and not c.subject] == []


@pytest.mark.parametrize(("text", "value"), [
    ("I'm no longer diabetic", "diabetes"),
    ("I'm not lactose intolerant anymore", "lactose intolerance"),
    ("I don't have asthma anymore", "asthma"),
    ("My asthma is gone", "asthma"),
    ("我的哮喘好了", "哮喘"),
    ("我的糖尿病已经治好了", "糖尿病"),
    ("我不再贫血了", "贫血"),
    ("I used to have asthma", "asthma"),
    ("I used to be diabetic", "diabetes"),
    ("我以前有哮喘", "哮喘"),
    ("我小时候得过哮喘", "哮喘"),
])
def test_a_health_condition_withdrawn(text: str, value: str) -> None:
    assert _found(text) == [("health.condition", value, "retract")]


def test_health_conditions_are_kept_like_allergies() -> None:
    """Same sensitivity as ``health.allergy``: stored (not withheld for want of an encryption key)."""
    assert get_key("health.condition").sensitivity == get_key("health.allergy").sensitivity == "medium"
    [cand] = RuleExtractor().extract(text="我有哮喘", role="user", said_at=SAID)
    assert (cand.sensitivity, cand.statement) == ("medium", "患有哮喘")


def test_condition_patterns_read_one_clause() -> None:
    assert [(f.value, f.retract) for f in conditions.find_en("I'm asthmatic", _Sentence(""))] == [("asthma", False)]
    assert conditions.find_en("I have a dog", _Sentence("")) == []
    assert [(f.value, f.retract) for f in conditions.find_zh("我有哮喘的", _Sentence(""))] == [("哮喘", False)]


# --- how the user takes a drink ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("I drink my coffee black", [("drink.like", "black coffee", "")]),
    ("I take my tea with milk", [("drink.like", "tea with milk", "")]),
    ("I like my coffee strong", [("drink.like", "strong coffee", "")]),
    ("I drink my coffee at home", []),
    ("He drinks his coffee black", []),
])
def test_how_a_drink_is_taken(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


def test_usually_habits_stay_unread() -> None:
    # a wake-up time is a routine (extract.routines); other "usually" habits name no fact
    assert _found("I usually go for a walk after dinner") == []
    assert _found("I usually wake up early") == []


@pytest.mark.parametrize(("en", "zh"), conditions.TWINS)
def test_condition_twins_are_what_the_patterns_store(en: str, zh: str) -> None:
    """Each twin pair names values the patterns store, so a retraction in one language finds the other."""
    stored = {*conditions._EN_NOUNS.values(), *conditions._EN_ADJECTIVES.values(), *conditions._ZH_NOUNS.values()}
    assert {en, zh} <= stored and twins.lexicon_twins(en, zh)
    assert not twins.lexicon_twins(en, "花生")
