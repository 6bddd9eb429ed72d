"""A goal the user is working on ("I'm trying to cut down on sugar", 我在戒糖, "I'm trying to quit smoking") is
something the user intends to do, ``plan.intent``, stated as worked on: a closed list of goal verbs (give up, have
less or more, lose, save, get fit), said as worked on now ("trying to", "working on", 在, 正在, 努力); an effort of
the moment ("I'm trying to stay upbeat"), a wish (我想戒烟) and someone else's are not the user's goal."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "goal", "statement"), [
    ("I'm trying to cut down on sugar.", "cut down on sugar", "is trying to cut down on sugar"),
    ("I'm trying to quit smoking.", "quit smoking", "is trying to quit smoking"),
    ("I've been trying to cut back on coffee", "cut back on coffee", "is trying to cut back on coffee"),
    ("I'm working on quitting smoking", "quit smoking", "is trying to quit smoking"),
    ("I'm trying to lose weight", "lose weight", "is trying to lose weight"),
    ("Yeah, I've been trying to eat healthier too.", "eat healthier", "is trying to eat healthier"),
    ("My goal is to lose 5 kg", "lose 5 kg", "is trying to lose 5 kg"),
    ("我在戒糖。", "戒糖", "在努力戒糖"), ("我正在戒烟", "戒烟", "在努力戒烟"), ("我在减肥", "减肥", "在努力减肥"),
    ("我最近在戒酒", "戒酒", "在努力戒酒"), ("我在努力减肥", "减肥", "在努力减肥"),
    ("我开始戒烟了", "戒烟", "在努力戒烟"), ("最近我在尝试减肥。", "减肥", "在努力减肥"),
    ("Lately I've been trying to lose weight.", "lose weight", "is trying to lose weight"),
    ("I've been trying to sleep more lately.", "sleep more", "is trying to sleep more"),
    ("我在減少喝咖啡", "减少喝咖啡", "在努力减少喝咖啡"),  # Traditional, read as Simplified
])
def test_a_goal_worked_on_is_the_users_goal(text: str, goal: str, statement: str) -> None:
    # before, each stored nothing (我最近在戒酒 a pursuit, 我开始戒烟了 a withdrawal of 不戒烟)
    assert _read(text) == [("plan.intent", goal, statement)]


@pytest.mark.parametrize("text", [
    "I'm trying to stay upbeat and learn as much as I can", "I'm trying to figure it out", "I'm trying to quit",
    "I'm trying to quit it", "I want to quit smoking", "Are you trying to quit smoking?",
    "My sister is trying to quit smoking", "I'm working on my online store",
    "我想戒烟", "我在多伦多", "我在戒指店", "你在戒烟吗？",
])
def test_no_goal_of_the_user(text: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [c for c in found if c.key == "plan.intent" and not c.subject] == []  # a sister's goal is hers


def test_goals_stand_side_by_side(tmp_path: Path) -> None:
    """A goal is one of many (``plan.intent`` holds many values): a second does not supersede the first, and a plan
    of the same thing said before is the same value (touched)."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I plan to cut down on sugar")
        assert [c.action for c in mem.add("I'm trying to cut down on sugar.").facts] == ["touch"]
        mem.add("我在戒烟。")
        assert sorted(f.value for f in mem.list() if isinstance(f, Fact) and f.key == "plan.intent") == [
            "cut down on sugar", "戒烟"]


@pytest.mark.parametrize(("text", "goal", "statement"), [
    ("I want to learn guitar.", "learn guitar", "wants to learn guitar"),
    ("I've always wanted to learn Japanese.", "learn Japanese", "wants to learn Japanese"),
    ("I'd love to learn how to swim someday.", "learn how to swim", "wants to learn how to swim"),
    ("I'm hoping to learn Spanish this year.", "learn Spanish", "wants to learn Spanish"),
    ("我想学吉他。", "学吉他", "想学吉他"),
    ("我一直很想学日语。", "学日语", "想学日语"),
    ("我想学做饭。", "学做饭", "想学做饭"),
    # a MemoryBank turn: the speaker's "my" is theirs, as in every statement
    ("I want to learn how to better manage my emotions.", "learn how to better manage their emotions",
     "wants to learn how to better manage their emotions"),
])
def test_a_wish_to_learn_something_is_a_goal(text: str, goal: str, statement: str) -> None:
    """A wish to learn lasts, as a wish of the moment ("I want to sleep") does not."""
    assert _read(text) == [("plan.intent", goal, statement)]


@pytest.mark.parametrize("text", [
    "I want to sleep.", "我想想。", "我今天不想吃饭。", "I want to learn more about your product.",
    "I want to learn how to use this.", "I want to learn from my mistakes.", "Do you want to learn guitar?",
    "If I had time I'd want to learn piano.", "我想学一下这个。", "我想学怎么做蛋糕。", "你想学吉他吗？",
])
def test_a_wish_of_the_moment_or_about_the_thing_at_hand_is_no_goal(text: str) -> None:
    assert [c for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.subject] == []
