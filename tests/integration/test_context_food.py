"""A request about food brings the scope's current dietary and health facts into context()
first, whatever the ranking made of them (before: with "Mom is coming for
dinner on Friday" stored, "plan dinner" matched that turn and the peanut allergy was left out;
with 我喜欢吃川菜 stored, 帮我安排晚餐 left out 花生). Real SQLite file, real model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

FOOD_EN = "## Dietary and health needs to respect"
FOOD_ZH = "## 饮食需求与健康注意"


def _section(block: str, title: str) -> list[str]:
    """The lines under ``title`` up to the next title."""
    lines = block.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("query", ["plan dinner", "what should we eat tonight?", "book a restaurant for Friday"])
def test_the_allergy_leads_a_food_request_even_when_another_memory_matches_it(memory: Memory, query: str) -> None:
    memory.add("I'm allergic to peanuts", user_id="alice")
    memory.add("Mom is coming for dinner on Friday", user_id="alice")
    memory.add("I prefer UPS for delivery", user_id="alice")
    block = memory.context(query, user_id="alice", budget_tokens=300)
    assert block.startswith(FOOD_EN + "\n"), block
    assert _section(block, FOOD_EN)[0].startswith("- is allergic to peanuts ("), block
    assert "UPS" not in "\n".join(_section(block, FOOD_EN))  # only what constrains a meal


def test_the_same_in_chinese_and_in_traditional(memory: Memory) -> None:
    memory.add("我对花生过敏", user_id="bo")
    memory.add("我喜欢吃川菜", user_id="bo")
    hits = memory.search("帮我安排晚餐", user_id="bo")
    assert any(h.signals["match"] >= MATCH_EVIDENCE for h in hits)  # 川菜 matches: the ranked path
    block = memory.context("帮我安排晚餐", user_id="bo", budget_tokens=300)
    assert _section(block, FOOD_ZH)[0].startswith("- 对花生过敏 ("), block
    assert "川菜" in block.split(FOOD_ZH)[1]  # the matching memory follows
    assert memory.context("幫我安排晚餐", user_id="bo").startswith("## 飲食需求與健康注意\n")


def test_relatives_diet_and_conditions_come_along_and_nothing_is_said_twice(memory: Memory) -> None:
    for text in ("I'm allergic to peanuts", "My mom is allergic to shellfish", "I'm lactose intolerant",
                 "I prefer UPS for delivery", "Mom is coming for dinner on Friday"):
        memory.add(text, user_id="z")
    block = memory.context("plan dinner", user_id="z", budget_tokens=2000)
    first = "\n".join(_section(block, FOOD_EN))
    assert "peanuts" in first and "shellfish" in first and "lactose" in first, block
    assert "mom" in first.split("shellfish")[0].splitlines()[-1].lower()  # the relative's, named as such
    assert block.count("peanuts") == 1 and block.count("shellfish") == 1  # not repeated below
    # the dinner comes along too: Mom's plan (read as "my mom"'s), or the message itself
    assert "coming for dinner" in block


def test_a_request_not_about_food_and_a_withdrawn_allergy_are_left_as_ranked(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="w")
    memory.add("I prefer UPS for delivery", user_id="w")
    block = memory.context("which carrier do I use for delivery?", user_id="w")
    assert FOOD_EN not in block and "UPS" in block
    memory.add("I'm not allergic to peanuts anymore", user_id="w")
    memory.add("Mom is coming for dinner on Friday", user_id="w")
    assert FOOD_EN not in memory.context("plan dinner", user_id="w")  # nothing current constrains the meal


def test_profile_off_keeps_the_ranked_block(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="p")
    memory.add("Mom is coming for dinner on Friday", user_id="p")
    block = memory.context("plan dinner", user_id="p", profile=False)
    assert FOOD_EN not in block and "coming for dinner" in block


def test_a_food_request_nothing_matches_still_opens_with_the_dietary_facts(memory: Memory) -> None:
    # "plan dinner" whose best hit scores just under the match threshold must not fall back to
    # "nothing matched", nor "book a restaurant" over unrelated memories lose the section.
    memory.add("I'm allergic to peanuts", user_id="n")
    memory.add("I prefer UPS for delivery", user_id="n")
    hits = memory.search("book a restaurant", user_id="n")
    assert not any(h.signals["match"] >= MATCH_EVIDENCE for h in hits)
    block = memory.context("book a restaurant", user_id="n", budget_tokens=300)
    assert block.startswith(FOOD_EN + "\n- is allergic to peanuts ("), block
    assert "## What is known about this user\n" in block and "UPS" in block.split(FOOD_EN)[1]


def test_a_severe_allergy_leads_the_users_allergies_whenever_it_was_said(memory: Memory) -> None:
    # Equally important allergies came newest first: a plain one said after the severe one led it.
    memory.add("I have a severe peanut allergy, I carry an EpiPen", user_id="s")
    memory.add("I'm allergic to shellfish", user_id="s")
    memory.add("I'm mildly allergic to cats", user_id="s")
    memory.add("My mom has a severe allergy to sesame", user_id="s")
    lines = _section(memory.context("plan dinner", user_id="s", budget_tokens=2000), FOOD_EN)
    assert [line.split(" (")[0] for line in lines] == [
        "- is severely allergic to peanuts", "- is allergic to shellfish",
        "- their mom is severely allergic to sesame", "- is mildly allergic to cats"], lines


def test_someone_elses_allergy_to_what_is_not_eaten_is_no_dietary_need(memory: Memory) -> None:
    # "My sister is allergic to cats" was listed under "Dietary needs to respect" for "what food do I like?"
    memory.add("I'm allergic to peanuts", user_id="sc")
    memory.add("My sister is allergic to cats", user_id="sc")
    memory.add("My sister is allergic to shellfish", user_id="sc")
    memory.add("I'm mildly allergic to pollen", user_id="sc")
    memory.add("I'm allergic to penicillin.", user_id="sc")
    lines = " ".join(_section(memory.context("what food do I like?", user_id="sc", budget_tokens=2000), FOOD_EN))
    # the user's own stays, last, under a title that names health: a drug allergy is no dietary need
    assert "peanuts" in lines and "shellfish" in lines and "pollen" in lines and "penicillin" in lines, lines
    assert "cats" not in lines, lines


def test_the_same_in_chinese_and_spicy_food_disliked_is_a_dietary_need(memory: Memory) -> None:
    memory.add("我对花生严重过敏", user_id="t")
    memory.add("我对芒果过敏", user_id="t")
    memory.add("我不太喜欢辣", user_id="t")
    lines = _section(memory.context("帮我安排晚餐", user_id="t", budget_tokens=2000), FOOD_ZH)
    assert [line.split(" (")[0] for line in lines] == ["- 对花生严重过敏", "- 对芒果过敏", "- 不太喜欢辣"], lines


def test_a_diet_denied_reads_as_not_vegetarian_under_dietary_needs(memory: Memory) -> None:
    """我不是素食者 was shown as ``- 不吃素`` under 饮食禁忌 (restrictions), as if the user ate nothing vegetarian: it
    reads as "not vegetarian" does in English, under the dietary needs."""
    memory.add("我不是素食者，只是最近少吃肉。", user_id="cy")
    memory.add("I'm not vegetarian.", user_id="dee")
    block = memory.context("帮我安排晚餐", user_id="cy", budget_tokens=300)
    assert block.startswith(FOOD_ZH + "\n"), block
    assert _section(block, FOOD_ZH)[0].startswith("- 不是素食者 ("), block
    block = memory.context("plan dinner", user_id="dee", budget_tokens=300)
    assert _section(block, FOOD_EN)[0].startswith("- is not vegetarian ("), block
