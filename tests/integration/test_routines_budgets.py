"""Routines, contact hours, budgets and names (the issue's list), through
the public SDK on a real SQLite file with the real embedding model: what is stored, what a later
statement replaces, what a restatement in the other language touches."""

from __future__ import annotations

import re

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory, key: str, user: str) -> list[str]:
    return sorted(f.value for f in mem.list(key=key, user_id=user) if isinstance(f, Fact))


def test_a_wake_up_time_restated_in_chinese_is_touched_and_a_new_one_replaces_it(memory: Memory) -> None:
    memory.add("I usually wake up at 6am", user_id="w1")
    [same] = memory.add("我一般早上6点起床", user_id="w1").facts
    assert same.action == "touch" and same.fact.value == "6am"
    [later] = memory.add("我现在一般早上7点起床", user_id="w1").facts
    assert later.action == "supersede" and _active(memory, "routine.wake", "w1") == ["早上7点"]
    memory.add("I go to bed around 11pm", user_id="w1")
    assert _active(memory, "routine.bed", "w1") == ["11pm"]
    assert "wakes up" in memory.context("when do I get up?", user_id="w1") or "起床" in memory.context(
        "when do I get up?", user_id="w1")


def test_contact_hours_are_kept_beside_the_channel(memory: Memory) -> None:
    memory.add("Don't call me before 9am", user_id="w2")
    memory.add("早上9点前别给我打电话", user_id="w3")
    assert _active(memory, "contact.hours", "w2") == ["don't call before 9am"]
    assert _active(memory, "contact.hours", "w3") == ["早上9点前别打电话"]
    block = memory.context("can I call the user at 8am?", user_id="w2")
    # the fact, or the message it restates when that ranks first (one memory: one line)
    assert re.search(r"^- don't call (me )?before 9am \(", block, re.IGNORECASE | re.MULTILINE), block


def test_a_new_budget_for_the_same_thing_replaces_the_old_one_only(memory: Memory) -> None:
    memory.add("My budget for hotels is $200 a night", user_id="w4")
    memory.add("My budget for flights is $500", user_id="w4")
    [change] = memory.add("Keep hotels under $150 a night", user_id="w4").facts
    assert change.action == "supersede" and [p.value for p in change.previous] == ["hotel: $200 a night"]
    assert _active(memory, "budget", "w4") == ["flight: $500", "hotel: under $150 a night"]
    memory.add("酒店预算每晚500元以内", user_id="w5")
    [zh] = memory.add("我的酒店预算是每晚800元", user_id="w5").facts
    assert zh.action == "supersede" and _active(memory, "budget", "w5") == ["酒店：每晚800元"]


def test_coffee_and_pet_names_read_clean(memory: Memory) -> None:
    memory.add("我喝咖啡不加糖", user_id="w6")
    memory.add("我的猫叫麻糬", user_id="w6")
    memory.add("My dog's name is Max", user_id="w6")
    assert _active(memory, "drink.like", "w6") == ["咖啡不加糖"]
    assert _active(memory, "pet", "w6") == ["dog named Max", "猫麻糬"]
