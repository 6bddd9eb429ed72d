"""Fact extraction and supersede: allergy corrections, retractions across languages, a location in
any clause, Taiwan's carrier names, a past carrier, the opposite sentiment; through the public SDK
on a real SQLite file with the real embedding model: what ends up active is what an agent reads."""

from __future__ import annotations

from typing import Any

import pytest

from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact


def _active(mem: Memory, user: str, key: str | None = None) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(user_id=user, key=key)
                  if isinstance(f, Fact) and f.status == "active")


# --- allergy corrections -------------------------------------------------------------

@pytest.mark.parametrize("correction", ["其实我是对芒果过敏", "算了，其實我是對芒果過敏"])
def test_a_chinese_allergy_correction_retires_the_old_allergy(memory: Memory, correction: str) -> None:
    memory.add("我對花生過敏", user_id="q")
    [change] = memory.add(correction, user_id="q").facts
    assert (change.action, change.fact.value, [p.value for p in change.previous]) == ("supersede", "芒果", ["花生"])
    assert _active(memory, "q") == [("health.allergy", "芒果")]


def test_an_added_allergy_is_not_a_correction(memory: Memory) -> None:
    memory.add("我对花生过敏", user_id="q")
    memory.add("我也对芒果过敏", user_id="q")
    memory.add("我是对猫毛过敏的", user_id="q")  # 是 as emphasis, no correction word
    assert _active(memory, "q") == [("health.allergy", "猫毛"), ("health.allergy", "芒果"), ("health.allergy", "花生")]


def test_a_correction_among_several_allergies_retires_none(memory: Memory) -> None:
    """Which of two allergies "其实我是对芒果过敏" corrects is not said: a wrongly withdrawn allergy
    is the worse error, so the new one is added and both old ones stay."""
    memory.add("我对花生过敏", user_id="q")
    memory.add("I'm allergic to cats", user_id="q")
    memory.add("其实我是对芒果过敏", user_id="q")
    assert _active(memory, "q") == [("health.allergy", "cats"), ("health.allergy", "芒果"), ("health.allergy", "花生")]


def test_an_english_cleft_correction_records_the_new_allergy_and_retires_the_named_one(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="p5")
    memory.add("I'm allergic to cats", user_id="p5")
    changes = memory.add("Actually, it's shellfish I'm allergic to, not peanuts", user_id="p5").facts
    assert [(c.action, c.fact.value) for c in changes] == [("create", "shellfish"), ("retract", "peanuts")]
    assert _active(memory, "p5") == [("health.allergy", "cats"), ("health.allergy", "shellfish")]


def test_a_cleft_without_the_old_value_replaces_the_only_allergy(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="p6")
    memory.add("Actually, it's shellfish that I'm allergic to", user_id="p6")
    assert _active(memory, "p6") == [("health.allergy", "shellfish")]


def test_a_chinese_contrast_names_the_withdrawn_allergy(memory: Memory) -> None:
    memory.add("我对花生过敏", user_id="c1")
    memory.add("我对猫过敏", user_id="c1")
    memory.add("我不是对花生过敏，是对芒果过敏", user_id="c1")
    assert _active(memory, "c1") == [("health.allergy", "猫"), ("health.allergy", "芒果")]


# --- retractions and corrections cross languages -------------------------------------

def test_an_english_retraction_retires_the_chinese_twin(memory: Memory) -> None:
    memory.add("我对花生过敏", user_id="mm")
    memory.add("I'm allergic to tree nuts", user_id="mm")
    memory.add("我对花生油过敏", user_id="mm")
    memory.add("I'm allergic to peanut oil", user_id="mm")
    changes = memory.add("Actually, I'm not allergic to peanuts", user_id="mm").facts
    # the withdrawal, and the denial as a fact of its own (extract.allergy_denied)
    assert [(c.action, c.fact.value) for c in changes] == [("retract", "花生"), ("create", "not allergic to peanuts")]
    # different things stay: tree nuts (坚果) and peanut oil (花生油) are not peanuts
    assert _active(memory, "mm") == [("fact.general", "not allergic to peanuts"), ("health.allergy", "peanut oil"),
                                     ("health.allergy", "tree nuts"), ("health.allergy", "花生油")]


def test_the_same_value_in_the_other_language_is_a_restatement(memory: Memory) -> None:
    """"I live in Shanghai" then 我住在上海 superseded the English fact, so context() showed
    "[outdated] I live in Shanghai" of a user who still lives there; a twin is touched instead."""
    memory.add("I live in Shanghai", user_id="tw")
    assert memory.add("我住在上海", user_id="tw").facts[0].action == "touch"
    memory.add("I'm allergic to peanuts", user_id="tw")
    assert memory.add("我对花生过敏", user_id="tw").facts[0].action == "touch"
    memory.add("I'm vegetarian", user_id="tw")
    memory.add("我吃素", user_id="tw")
    assert _active(memory, "tw") == [("food.diet", "vegetarian"), ("health.allergy", "peanuts"),
                                     ("identity.location", "Shanghai")]
    assert "outdated" not in memory.context("where does the user live?", user_id="tw")
    # a different city still supersedes
    memory.add("我搬到北京了", user_id="tw")
    assert _active(memory, "tw", "identity") == [("identity.location", "北京")]


def test_a_like_retires_the_dislike_of_its_twin_in_the_other_language(memory: Memory) -> None:
    """"I love jazz and hate cats" then 我喜欢猫，讨厌狗 left "dislikes cats" and "likes 猫" current together:
    a like and a dislike of one thing contradicted only when spelled alike (extract.twins' lexicon now)."""
    memory.add("I love jazz and hate cats.", user_id="lk")
    memory.add("我喜欢猫，讨厌狗。", user_id="lk")
    assert _active(memory, "lk") == [("music.like", "jazz"), ("preference.dislike", "狗"), ("preference.like", "猫")]
    memory.add("我讨厌咖啡。", user_id="lk2")
    memory.add("I love coffee now.", user_id="lk2")
    memory.add("I hate cats.", user_id="lk2")  # another thing: nothing retired
    assert _active(memory, "lk2") == [("drink.like", "coffee"), ("preference.dislike", "cats")]


def test_a_chinese_retraction_retires_the_english_twin(memory: Memory) -> None:
    memory.add("I'm allergic to shellfish", user_id="mm2")
    memory.add("I'm allergic to fish", user_id="mm2")
    [change] = memory.add("我不再对贝类过敏了", user_id="mm2").facts
    assert (change.action, change.fact.value) == ("retract", "shellfish")
    assert _active(memory, "mm2") == [("health.allergy", "fish")]


def test_a_twin_found_by_the_model_is_retired_and_a_near_miss_is_not(memory: Memory) -> None:
    """Values outside the lexicon: 咖啡 is "coffee"'s twin by cosine (0.94), 咖啡因 (caffeine, 0.79)
    is below the threshold; 龙虾 (lobster) is another thing than 虾 (shrimp) in one script."""
    memory.add("I'm allergic to coffee", user_id="t1")
    memory.add("我对咖啡过敏", user_id="t1")
    memory.add("我对咖啡因过敏", user_id="t1")
    memory.add("I'm not allergic to coffee anymore", user_id="t1")
    assert _active(memory, "t1") == [("health.allergy", "咖啡因")]
    memory.add("I'm allergic to shrimp", user_id="t2")
    memory.add("我对龙虾过敏", user_id="t2")
    memory.add("我对虾不过敏了", user_id="t2")
    assert _active(memory, "t2") == [("health.allergy", "龙虾")]


# --- a location in any clause position -------------------------------------------------

def test_a_chinese_location_after_another_clause_is_extracted_and_superseded(memory: Memory) -> None:
    result = memory.add("我是素食者，住在上海，以后都用京东配送", user_id="zhang")
    assert sorted((c.fact.key, c.fact.value) for c in result.facts) == [
        ("food.diet", "吃素"), ("identity.location", "上海"), ("shipping.carrier", "京东")]
    [change] = memory.add("我搬到北京了", user_id="zhang").facts
    assert (change.action, change.fact.value, [p.value for p in change.previous]) == ("supersede", "北京", ["上海"])
    assert _active(memory, "zhang", "identity.location") == [("identity.location", "北京")]


def test_a_clause_about_someone_else_does_not_lend_its_subject(memory: Memory) -> None:
    memory.add("我有个妹妹，住在上海", user_id="sis")
    assert _active(memory, "sis", "identity.location") == []


# --- Taiwan's everyday carrier names ----------------------------------------------------

def test_the_short_name_of_a_carrier_supersedes_instead_of_becoming_a_habit(memory: Memory) -> None:
    memory.add("我以後都希望用黑貓宅急便", user_id="bob")
    memory.add("算了，順豐吧", user_id="bob")
    [change] = memory.add("以後改用黑貓", user_id="bob").facts
    assert (change.action, change.fact.value) == ("supersede", "黑猫宅急便")
    assert _active(memory, "bob") == [("shipping.carrier", "黑猫宅急便")]
    memory.add("请用7-11店到店寄给我", user_id="bob")
    assert _active(memory, "bob") == [("shipping.carrier", "7-11店到店")]
    memory.add("其實還是用郵局好了", user_id="bob")
    assert _active(memory, "bob") == [("shipping.carrier", "邮局")]


def test_a_black_cat_and_the_post_office_as_a_place_are_not_carriers(memory: Memory) -> None:
    memory.add("我喜欢黑猫", user_id="cat")
    memory.add("我今天去邮局", user_id="cat")
    assert _active(memory, "cat", "shipping") == []


# --- one message naming two carriers; a past carrier ----------------------------------

def test_one_message_naming_two_carriers_keeps_the_later(memory: Memory) -> None:
    memory.add("我以后都用顺丰 and I prefer UPS for delivery", user_id="n3")
    assert _active(memory, "n3") == [("shipping.carrier", "UPS")]


def test_a_carrier_used_before_is_not_current(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery", user_id="n4")
    memory.add("I used to ship with UPS, now I use DHL", user_id="n4")
    assert _active(memory, "n4") == [("shipping.carrier", "DHL")]


def test_one_message_still_keeps_its_positive_and_negative_dropoff(memory: Memory) -> None:
    memory.add("Please leave packages with the concierge, never at the door", user_id="n5")
    assert _active(memory, "n5") == [("shipping.dropoff", "not at the door"),
                                     ("shipping.dropoff", "with the concierge")]


# --- the opposite sentiment retires the old one ---------------------------------------

def test_loving_a_carrier_retires_the_dislike_of_it_and_the_other_way_round(memory: Memory) -> None:
    memory.add("I prefer DHL for delivery", user_id="dave")
    memory.add("Actually, I hate UPS", user_id="dave")
    [change] = memory.add("I love UPS", user_id="dave").facts
    assert change.fact.value == "UPS" and sorted(p.value for p in change.previous) == ["DHL", "UPS"]
    assert _active(memory, "dave") == [("shipping.carrier", "UPS")]
    memory.add("I hate UPS", user_id="dave")
    assert _active(memory, "dave") == [("preference.dislike", "UPS")]


def test_a_dislike_of_something_named_after_the_carrier_keeps_the_carrier(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery", user_id="erin")
    memory.add("I hate the UPS guy", user_id="erin")
    assert _active(memory, "erin") == [("preference.dislike", "UPS guy"), ("shipping.carrier", "UPS")]


# --- smaller items --------------------------------------------------------------------------

def test_smaller_extraction_items(memory: Memory) -> None:
    memory.add("我喜欢那不勒斯披萨", user_id="s")
    memory.add("我喜欢用 iPhone 拍照", user_id="s")
    memory.add("I like 火鍋 and 珍珠奶茶", user_id="s")
    assert _active(memory, "s") == [("drink.like", "珍珠奶茶"), ("food.like", "火锅"), ("food.like", "那不勒斯披萨"),
                                    ("hobby.like", "用 iPhone 拍照")]


@pytest.mark.parametrize("text", [
    "My wife prefers FedEx", "My friend told me: I prefer UPS",
    "Never mind, FedEx lost my package", "我喜欢那本书", "算了，还是别说了吧", "I like pizza, not sushi at all",
])
def test_negatives_stay_negative(memory: Memory, text: str) -> None:
    memory.add("I prefer UPS for delivery", user_id="neg")
    memory.add(text, user_id="neg")
    # the user's own facts: a wife's preferred carrier is hers (subject wife), never the user's
    own = sorted((f.key, f.value) for f in memory.list(user_id="neg")
                 if isinstance(f, Fact) and f.status == "active" and f.subject is None)
    assert ("shipping.carrier", "UPS") in own
    assert all(key != "shipping.carrier" or value == "UPS" for key, value in own)
    assert not [v for k, v in own if v in ("FedEx", "那本书")]


def test_a_prohibition_of_another_carrier_stands_beside_the_chosen_one(memory: Memory) -> None:
    """"Please don't ship with FedEx" never makes FedEx the carrier: it is kept as the thing not to choose
    (``extract.forbidden``), beside UPS, which stays current."""
    memory.add("I prefer UPS for delivery", user_id="neg")
    memory.add("Please don't ship with FedEx", user_id="neg")
    carriers = sorted(f.value for f in memory.list(user_id="neg", key="shipping.carrier")
                      if isinstance(f, Fact) and f.status == "active")
    assert carriers == ["UPS", "not FedEx"]


def test_a_near_but_different_allergy_is_recorded_not_merged(memory: Memory) -> None:
    """Statement cosine merged 对龙虾过敏 into 对虾过敏 (and "dust mites" into "dust"): the lobster
    allergy was never recorded. Health values are matched as values only."""
    memory.add("我对虾过敏", user_id="h")
    assert memory.add("我对龙虾过敏", user_id="h").facts[0].action == "create"
    memory.add("I'm allergic to dust", user_id="h")
    memory.add("I'm allergic to dust mites", user_id="h")
    assert _active(memory, "h") == [("health.allergy", "dust"), ("health.allergy", "dust mites"),
                                    ("health.allergy", "虾"), ("health.allergy", "龙虾")]
    assert memory.add("I'm allergic to dust", user_id="h").facts[0].action == "touch"  # restated
    assert len(_active(memory, "h")) == 4


def test_a_short_chinese_reply_corrects_the_allergy(memory: Memory) -> None:
    memory.add("我对花生过敏", user_id="r")
    [change] = memory.add("不对，是对芒果过敏", user_id="r").facts
    assert (change.action, [p.value for p in change.previous]) == ("supersede", ["花生"])
    memory.add("我是老师，也住在上海", user_id="r")
    assert _active(memory, "r") == [("health.allergy", "芒果"), ("identity.location", "上海"),
                                    ("identity.occupation", "老师")]


def test_a_dislike_of_a_name_leaves_a_liking_of_something_named_after_it(memory: Memory) -> None:
    """"I hate UPS" retired "I like the UPS guy" (terms of one inside the other's): a name only
    contradicts the same name. A category word still does: "hate coffee" retires "coffee in the morning"."""
    memory.add("I like the UPS guy", user_id="g2")
    memory.add("Actually, I hate UPS", user_id="g2")
    assert _active(memory, "g2") == [("preference.dislike", "UPS"), ("preference.like", "UPS guy")]
    memory.add("I love coffee in the morning", user_id="g2b")
    memory.add("I hate coffee", user_id="g2b")
    assert [k for k, _ in _active(memory, "g2b")] == ["preference.dislike"]


def test_twins_and_corrections_hold_on_both_stores(db_settings: dict[str, Any], embedder: EmbeddingCache) -> None:
    """The same rules on SQLite and PostgreSQL, with the real model: a retraction retires the
    other language's twin, a correction replaces the one allergy, two carriers keep the later."""
    with Memory(settings=Settings(**db_settings), embedder=embedder, user_id="both") as mem:
        mem.add("I'm allergic to peanuts")
        mem.add("我对花生过敏")
        mem.add("我对坚果过敏")
        mem.add("Actually, I'm not allergic to peanuts")
        assert _active(mem, "both") == [("fact.general", "not allergic to peanuts"), ("health.allergy", "坚果")]
        mem.add("I'm allergic to shellfish", user_id="other")
        mem.add("其实我是对芒果过敏", user_id="other")
        assert _active(mem, "other") == [("health.allergy", "芒果")]
        mem.add("我以后都用顺丰 and I prefer UPS for delivery")
        assert _active(mem, "both", "shipping") == [("shipping.carrier", "UPS")]


def test_a_reply_opening_with_no_corrects_the_allergy(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="no")
    memory.add("我对花生过敏", user_id="no")
    [change] = memory.add("No, I'm allergic to shellfish", user_id="no").facts
    assert [p.value for p in change.previous] == ["peanuts"]
    memory.add("No, I'm also allergic to cats", user_id="no")
    assert _active(memory, "no") == [("health.allergy", "cats"), ("health.allergy", "shellfish")]


def test_a_past_allergy_or_city_is_withdrawn_in_either_language(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="past")
    memory.add("我对花生过敏", user_id="past")
    memory.add("I live in Shanghai", user_id="past")
    memory.add("I used to be allergic to peanuts", user_id="past")
    assert _active(memory, "past") == [("identity.location", "Shanghai")]
    memory.add("我以前住在上海", user_id="past")  # the English city's twin (cosine 0.92)
    assert _active(memory, "past") == [("identity.former", "上海")]  # a former home, never the current one
