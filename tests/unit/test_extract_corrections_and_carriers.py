"""Extraction cases: allergy corrections and
contrasts, a Chinese clause without its own 我, Taiwan's carrier names, a past
carrier and the smaller items; what each reads and, as much, what it must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str, str]]:
    """(key, value, mark): mark is ``retract``, ``corrects`` or ``""``."""
    return [(c.key, c.value, "retract" if c.retracts else "corrects" if c.corrects else "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    # 是 in focus with a correction word: corrects the allergy said before
    ("其实我是对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("算了，其實我是對芒果過敏", [("health.allergy", "芒果", "corrects")]),
    ("不对，是对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("Actually, it's shellfish I'm allergic to", [("health.allergy", "shellfish", "corrects")]),
    # the old value named: withdrawn by name, the new one plain
    ("Actually, it's shellfish I'm allergic to, not peanuts",
     [("health.allergy", "shellfish", ""), ("health.allergy", "peanuts", "retract")]),
    ("Actually, I'm allergic to shellfish, not peanuts",
     [("health.allergy", "shellfish", ""), ("health.allergy", "peanuts", "retract")]),
    ("我不是对花生过敏，是对芒果过敏", [("health.allergy", "花生", "retract"), ("health.allergy", "芒果", "")]),
    ("其实我对芒果过敏，不是花生", [("health.allergy", "芒果", ""), ("health.allergy", "花生", "retract")]),
    # a reply opening with a correction word corrects; "also" / 也 add one more
    ("No, I'm allergic to shellfish", [("health.allergy", "shellfish", "corrects")]),
    ("Sorry, I meant I'm allergic to shellfish", [("health.allergy", "shellfish", "corrects")]),
    ("No, I'm also allergic to cats", [("health.allergy", "cats", "")]),
    ("不对，我对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("不对，我也对芒果过敏", [("health.allergy", "芒果", "")]),
    ("不是，我对芒果过敏，不是花生", [("health.allergy", "芒果", ""), ("health.allergy", "花生", "retract")]),
    ("Actually, I'm allergic to shellfish", [("health.allergy", "shellfish", "")]),
    ("其实我对芒果过敏", [("health.allergy", "芒果", "")]),
    # additions and emphasis are not corrections
    ("我也对芒果过敏", [("health.allergy", "芒果", "")]),
    ("我是对猫毛过敏的", [("health.allergy", "猫毛", "")]),
    ("I'm also allergic to cats", [("health.allergy", "cats", "")]),
    # nothing to read
    ("是对芒果过敏", []),
    ("好的，是对芒果过敏", []),
    ("not peanuts", []),
    ("I like pizza, not sushi", [("food.like", "pizza", "")]),
])
def test_allergy_corrections_and_contrasts(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我是素食者，住在上海，以后都用京东配送",
     [("food.diet", "吃素", ""), ("identity.location", "上海", ""), ("shipping.carrier", "京东", "")]),
    ("我是老师，也住在上海", [("identity.occupation", "老师", ""), ("identity.location", "上海", "")]),
    ("我是程序员，在腾讯工作，住在深圳",
     [("identity.occupation", "程序员", ""), ("identity.employer", "腾讯", ""), ("identity.location", "深圳", "")]),
    # the clause before is about someone else, or about nothing stated: its 我 is not lent
    ("我有个妹妹，住在上海", [("family.member", "妹妹", "")]),
    ("我觉得他很好，住在上海也不错", []),
])
def test_a_clause_goes_on_about_the_speaker(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("以後改用黑貓", [("shipping.carrier", "黑猫宅急便", "")]),
    ("算了，还是黑猫吧", [("shipping.carrier", "黑猫宅急便", "corrects")]),
    ("我不再用黑猫了", [("shipping.carrier", "黑猫宅急便", "retract")]),
    ("請用7-11店到店寄給我", [("shipping.carrier", "7-11店到店", "")]),
    ("其實還是用郵局好了", [("shipping.carrier", "邮局", "")]),
    ("I used to ship with UPS, now I use DHL",
     [("shipping.carrier", "UPS", "retract"), ("shipping.carrier", "DHL", "")]),
    ("我以后都用顺丰 and I prefer UPS for delivery",
     [("shipping.carrier", "顺丰", ""), ("shipping.carrier", "UPS", "")]),
    # a black cat, a post office visited, a shop: not carriers
    ("我喜欢黑猫", [("preference.like", "黑猫", "")]),
    ("黑猫很可爱", []),
    ("我去邮局", []),
    ("我在邮局工作", [("identity.employer", "邮局", "")]),
    ("I used to love jazz", []),
])
def test_carriers_named_as_people_say_them(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢那不勒斯披萨", [("food.like", "那不勒斯披萨", "")]),
    ("我喜欢用 iPhone 拍照", [("hobby.like", "用 iPhone 拍照", "")]),
    ("我喜欢用VSCode写代码", [("tool.editor", "VSCode", "")]),
    ("I like 火鍋 and 珍珠奶茶", [("food.like", "火锅", ""), ("drink.like", "珍珠奶茶", "")]),
    ("我比较喜欢川菜和粤菜", [("food.like", "川菜", ""), ("food.like", "粤菜", "")]),
    ("I like mac and cheese", [("preference.like", "mac and cheese", "")]),
    ("我喜欢那本书", []),
    ("我喜欢那里", []),
    ("我喜欢这周末的安排", []),
])
def test_smaller_items(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "Please don't ship with FedEx", "My wife prefers FedEx", "My friend told me: I prefer UPS",
    'My boss said "I prefer FedEx"', "Never mind, FedEx lost my package", "Never mind, FedEx is too slow",
    "我不要用中通", "算了，还是别说了吧", "算了，还是顺丰太贵了吧",
])
def test_negatives_stay_negative(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I used to be allergic to peanuts", [("health.allergy", "peanuts", "retract")]),
    ("我以前对花生过敏", [("health.allergy", "花生", "retract")]),
    ("我小时候对牛奶过敏", [("health.allergy", "牛奶", "retract")]),
    ("I used to live in Boston for 3 years", [("identity.location", "Boston", "retract")]),
    ("我以前住在上海，现在住在北京", [("identity.location", "上海", "retract"), ("identity.location", "北京", "")]),
    ("I used to work at Google", [("identity.employer", "Google", "retract")]),
    ("我以前在腾讯工作", [("identity.employer", "腾讯", "retract")]),
    ("I used to be vegetarian", [("food.diet", "", "retract")]),
    ("我以前吃素", [("food.diet", "", "retract")]),
])
def test_a_past_state_no_longer_holds(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", ["我朋友对芒果过敏", "我媽媽對花生過敏", "我的狗对鸡肉过敏", "我儿子对鸡蛋过敏",
                                  "我以为我对芒果过敏", "我怀疑我对芒果过敏"])
def test_someone_elses_allergy_or_a_doubt_in_chinese_is_not_the_users(text: str) -> None:
    # 我朋友对芒果过敏 must not become the user's allergy "朋友对芒果". A
    # relative's or a pet's is stored under them (test_extract_whose_routines_budgets), never without a subject.
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [c for c in found if not c.subject] == []


def test_the_users_own_chinese_allergy_still_reads() -> None:
    assert _found("我也对花生和芒果过敏") == [("health.allergy", "花生", ""), ("health.allergy", "芒果", "")]
    assert _found("我花粉过敏") == [("health.allergy", "花粉", "")]


@pytest.mark.parametrize(("text", "expected"), [
    ("OK. I'm allergic to peanuts", ("health.allergy", "peanuts")),
    ("Yes. I prefer UPS for delivery", ("shipping.carrier", "UPS")),
    ("Sure. I live in Berlin", ("identity.location", "Berlin")),
])
def test_a_filler_said_as_its_own_sentence_keeps_the_fact_after_it(text: str, expected: tuple[str, str]) -> None:
    # "OK. I'm allergic to peanuts" used to store nothing.
    assert [(k, v) for k, v, _ in _found(text)] == [expected]
