"""A goal said with the noun ("My goal is to run a marathon next year", 我的目标是明年跑马拉松) is the user's intent, as
"I want to learn Spanish" is; the time said with it is when, no part of it. A goal not said ("My goal is unclear",
我的目标是什么) or pointing at the thing at hand ("My goal is to do it") is none."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("My goal is to run a marathon next year", "run a marathon"),
    ("My goal this year is to learn Spanish", "learn Spanish"),
    ("One of my goals for next year is to read 20 books.", "read 20 books"),
    ("My goal is to make my parents proud", "make their parents proud"),
    ("我的目标是明年跑马拉松", "跑马拉松"),
    ("我今年的目标是学西班牙语。", "学西班牙语"),
])
def test_a_goal_said_with_the_noun_is_an_intent(text: str, value: str) -> None:
    assert _read(text) == [("plan.intent", value)]


@pytest.mark.parametrize("text", [
    "My goal is unclear.", "My goal is to do it", "My goal is to win", "我的目标是什么", "我的目标是清华",
])
def test_a_goal_that_names_nothing_to_do_stores_nothing(text: str) -> None:
    assert _read(text) == []


def test_the_goal_and_the_wish_to_learn_are_one_intent(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I want to learn Spanish")
        assert [c.action for c in mem.add("My goal this year is to learn Spanish").facts] == ["touch"]
        assert [f.value for f in mem.list(key="plan.intent") if isinstance(f, Fact)] == ["learn Spanish"]
