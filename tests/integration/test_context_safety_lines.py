"""Safety lines in context(): an allergy, a health condition, a diet or a food avoided is shown
whole or not at all, the user's own before their relatives', and a block that cannot hold them
all says how many it left out (before: a small ``budget_tokens`` cut "…ergic to
p…" out of the allergy line; "Mom is allergic to shellfish" came before the user's own
allergy). Real SQLite file, real model, the rule extractor."""

from __future__ import annotations

import re

import pytest

from memstrata import Memory
from memstrata.context.render import estimate_tokens
from memstrata.context.standing import FOOD_KEYS

FOOD_EN = "## Dietary and health needs to respect"
FOOD_ZH = "## 饮食需求与健康注意"
NOTE = re.compile(r"^- (?:\((\d+) more dietary or health needs? not shown\)|（另有(\d+)条饮食需求未列出）)$")


def _section(block: str, title: str) -> list[str]:
    lines = block.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def _left_out(lines: list[str]) -> int:
    found = [NOTE.match(line) for line in lines]
    notes = [m for m in found if m]
    assert len(notes) <= 1 and (not notes or found[-1] is notes[0]), lines  # one note, at the end
    return int(notes[0].group(1) or notes[0].group(2)) if notes else 0


@pytest.fixture
def allergic(memory: Memory) -> Memory:
    for text in ("I'm allergic to peanuts, tree nuts, sesame and shellfish", "我对花生和芒果过敏",
                 "I have celiac disease", "Mom is allergic to shellfish", "Mom is coming for dinner on Friday"):
        memory.add(text, user_id="alice")
    return memory


@pytest.mark.parametrize(("query", "title"), [("plan dinner", FOOD_EN), ("帮我安排晚餐", FOOD_ZH)])
def test_a_dietary_line_is_whole_or_absent_at_every_budget(allergic: Memory, query: str, title: str) -> None:
    facts = [f for f in allergic.list(user_id="alice") if f.key in FOOD_KEYS]
    assert len(facts) >= 4
    for budget in range(40, 161, 5):
        block = allergic.context(query, user_id="alice", budget_tokens=budget)
        assert estimate_tokens(block) <= budget, (budget, block)
        lines = _section(block, title)
        left_out = _left_out(lines)
        shown = [line for line in lines if not NOTE.match(line)]
        assert all("…" not in line for line in shown), (budget, block)  # never cut
        assert len(shown) + left_out == len(facts), (budget, block)  # what is missing is counted
        if left_out:  # the budget went to the dietary facts: nothing else follows them
            assert block.count("## ") == 1 and "coming for dinner" not in block, (budget, block)
    whole = allergic.context(query, user_id="alice", budget_tokens=2000)
    assert _left_out(_section(whole, title)) == 0 and "coming for dinner" in whole


def test_a_matched_allergy_fact_is_not_cut_in_the_ranked_block_either(allergic: Memory) -> None:
    for budget in range(40, 101, 5):
        block = allergic.context("what am I allergic to?", user_id="alice", budget_tokens=budget)
        assert estimate_tokens(block) <= budget
        facts = [line for line in block.splitlines()[1:] if "allergic to" in line and "episode #" in line
                 and not line.startswith("- I'm")]
        assert all("…" not in line for line in facts), (budget, block)


def test_the_users_own_allergy_comes_before_a_relatives(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="bo")
    memory.add("Mom is allergic to shellfish", user_id="bo")  # newer, as important: it came first
    memory.add("My sister has diabetes", user_id="bo")
    memory.add("I don't like cilantro", user_id="bo")
    for query, title in (("plan dinner", FOOD_EN), ("帮我安排晚餐", FOOD_ZH)):
        lines = _section(memory.context(query, user_id="bo", budget_tokens=500), title)
        own = [i for i, line in enumerate(lines) if "peanuts" in line or "cilantro" in line]
        theirs = [i for i, line in enumerate(lines) if "shellfish" in line or "diabetes" in line]
        assert len(own) == 2 and len(theirs) == 2 and max(own) < min(theirs), lines
        assert "peanuts" in lines[0], lines


def test_an_allergy_to_something_not_eaten_gives_way_to_the_food_ones(memory: Memory) -> None:
    """"I'm mildly allergic to cats", said last, must not take the only dietary line of
    "plan dinner" at 48 tokens (the English title and note are two words longer than the Chinese) and leave the
    shellfish allergy "not shown"."""
    memory.add("I have a severe shellfish allergy, I carry an EpiPen", user_id="cy")
    memory.add("我对花生严重过敏", user_id="cy")
    memory.add("I'm mildly allergic to cats", user_id="cy")
    for query, title in (("plan dinner", FOOD_EN), ("帮我安排晚餐", FOOD_ZH)):
        lines = _section(memory.context(query, user_id="cy", budget_tokens=500), title)
        assert len(lines) == 3 and "cats" in lines[-1], lines
        small = _section(memory.context(query, user_id="cy", budget_tokens=48), title)
        assert small and "cats" not in small[0] and ("shellfish" in small[0] or "花生" in small[0]), small
