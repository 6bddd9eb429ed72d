"""Taking something up again withdraws the stale dislike or "don't" habit, and giving it up
withdraws the habit of doing it: 又开始/重新/现在能/"again" and 不再/戒了/"any more",
in English and Chinese (Simplified and Traditional), through the SDK on a real SQLite file with
the real embedding model. Habits of the opposite polarity and other activities stay."""

from __future__ import annotations

from typing import Any

import pytest

from memstrata import Memory
from memstrata.config import Settings
from memstrata.types import Fact


def _active(mem: Memory, user: str) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(user_id=user) if isinstance(f, Fact))


@pytest.mark.parametrize(("user", "before", "again", "withdrawn"), [
    ("r1", "我不喝咖啡", "我又开始喝咖啡了", ("drink.avoid", "咖啡")),
    ("r2", "我以后不喝咖啡了", "我又开始喝咖啡了", ("drink.quit", "咖啡")),  # given up: extract.cessation
    ("r3", "我不吃辣", "我现在能吃辣了", ("food.dislike", "辣")),
    ("r4", "我不吃辣", "我又开始吃辣了", ("food.dislike", "辣")),
    ("r5", "我不吃辣", "我現在可以吃辣了", ("food.dislike", "辣")),  # Traditional
    ("r6", "I don't drink coffee anymore", "I started drinking coffee again", ("drink.quit", "coffee")),
    ("r7", "I never drink coffee", "I'm drinking coffee again", ("drink.avoid", "coffee")),
    ("r8", "I don't eat spicy food", "I can eat spicy food now", ("food.dislike", "spicy food")),
])
def test_taking_something_up_again_withdraws_the_stale_dislike(memory: Memory, user: str, before: str, again: str,
                                                               withdrawn: tuple[str, str]) -> None:
    memory.add(before, user_id=user)
    memory.add("我喜欢喝茶" if any(ord(c) > 0x2E80 for c in before) else "I like tea", user_id=user)
    assert withdrawn in _active(memory, user)
    changes = memory.add(again, user_id=user).facts
    assert [(c.action, c.fact.key, c.fact.value) for c in changes if c.action != "create"] == [("retract", *withdrawn)]
    # what is created is the habit back, said as one ("drinks coffee": extract.habits.restart_en)
    assert all(c.fact.key == "preference.habit" for c in changes if c.action == "create")
    assert withdrawn not in _active(memory, user)
    assert len([f for f in _active(memory, user) if f[0] != "preference.habit"]) == 1  # the tea stays


def test_giving_a_habit_up_withdraws_it_and_only_it(memory: Memory) -> None:
    memory.add("我每天早上跑步", user_id="g1")
    memory.add("我每天都喝咖啡", user_id="g1")
    changes = memory.add("我不再跑步了", user_id="g1").facts  # the habit and the pastime it names
    assert sorted((c.action, c.fact.key, c.fact.value) for c in changes) == [
        ("retract", "preference.habit", "每天早上跑步"), ("retract", "sport.like", "跑步")]
    assert _active(memory, "g1") == [("preference.habit", "每天都喝咖啡")]
    profile = memory.context("你了解我什么？", user_id="g1", budget_tokens=300)
    assert "- 每天早上跑步" not in profile and "每天都喝咖啡" in profile
    changes = memory.add("我戒了咖啡", user_id="g1").facts
    assert sorted((c.action, c.fact.value) for c in changes) == [("create", "咖啡"), ("retract", "每天都喝咖啡")]
    assert _active(memory, "g1") == [("drink.quit", "咖啡")]  # what it said: 不再喝咖啡, no dislike

    memory.add("I always run in the morning", user_id="g2")
    memory.add("I always drink tea at night", user_id="g2")
    [change] = memory.add("I don't run any more", user_id="g2").facts
    assert (change.action, change.fact.value) == ("retract", "always run in the morning")
    assert _active(memory, "g2") == [("preference.habit", "always drink tea at night")]


def test_a_habit_of_the_other_polarity_or_a_plain_statement_is_not_withdrawn(memory: Memory) -> None:
    memory.add("我从来不跑步", user_id="p1")
    assert memory.add("我不再跑步了", user_id="p1").facts == ()  # not running any more is what it said
    memory.add("我每天都喝咖啡", user_id="p1")
    # drinking it again agrees with it: the habit said again is kept beside it, nothing is withdrawn (as "I started
    # drinking coffee again" after "I drink coffee every day")
    again = memory.add("我又开始喝咖啡了", user_id="p1").facts
    assert [(c.action, c.fact.value) for c in again] == [("create", "喝咖啡")]
    memory.add("我不吃辣", user_id="p1")
    assert memory.add("我能吃辣", user_id="p1").facts == ()  # an ability, not a change
    memory.add("I never run", user_id="p1")
    assert memory.add("I don't run", user_id="p1").facts == ()  # no "any more": not a change
    assert _active(memory, "p1") == sorted([("preference.habit", "从来不跑步"), ("preference.habit", "每天都喝咖啡"),
                                            ("preference.habit", "喝咖啡"), ("food.dislike", "辣"),
                                            ("preference.habit", "never run")])


def test_withdrawals_by_activity_and_by_allergen_on_both_stores(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="b1") as mem:
        mem.add("我每天早上跑步")
        mem.add("I never drink coffee")
        allergy = mem.add("I'm allergic to peanuts").facts[0].fact
        mem.update(allergy.id, value="peanuts again")  # a value as older code stored it
        assert [c.action for c in mem.add("我不再跑步了").facts] == ["retract", "retract"]  # habit and pastime
        # what is not drunk ends and the habit is back (drinks coffee)
        assert [c.action for c in mem.add("I started drinking coffee again").facts] == ["retract", "create"]
        assert [c.action for c in mem.add("I'm not allergic to peanuts").facts] == ["retract", "create"]
        # what is left is the denial alone (extract.allergy_denied), no allergy
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == [
            ("fact.general", "not allergic to peanuts"), ("preference.habit", "drinks coffee")]


@pytest.mark.parametrize(("goal", "done"), [
    ("I'm trying to quit smoking.", "I quit smoking"), ("我在戒烟", "我不再抽烟了"), ("我正在戒烟", "我戒烟了"),
    ("I'm trying to stop smoking", "I gave up smoking"), ("I'm trying to quit coffee", "I don't drink coffee anymore"),
])
def test_a_goal_of_giving_up_is_reached_by_giving_up(db_settings: dict[str, Any], goal: str, done: str) -> None:
    """The goal ends when the habit it gives up does (it stood as 'is trying to quit smoking' after 'I quit smoking');
    another plan, and a goal of having less ('cut down on sugar'), stay."""
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="q1") as mem:
        [stated] = mem.add(goal).facts
        mem.add("I plan to visit Kyoto")
        mem.add("I'm trying to cut down on sugar")
        assert ("retract", stated.fact.value) in [(c.action, c.fact.value) for c in mem.add(done).facts]
        assert sorted(f.value for f in mem.list() if isinstance(f, Fact) and f.key == "plan.intent") == [
            "cut down on sugar", "visit Kyoto"]
