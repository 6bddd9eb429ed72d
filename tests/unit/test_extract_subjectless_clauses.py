"""A clause with no subject of its own after the speaker's statement (``extract.continued``): how a liked drink is
taken, a rule of eating at a time, what to leave out of one's own things. Each was lost after the first clause."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢喝美式，不加糖。", [("drink.like", "美式不加糖", "")]),
    ("I like my coffee black, no sugar.", [("drink.like", "black coffee without sugar", "")]),
    ("我喜欢喝拿铁，加燕麦奶。", [("drink.like", "拿铁加燕麦奶", "")]),
    # someone else's drink is theirs, taken as said
    ("My mom likes coffee, no sugar.", [("drink.like", "coffee without sugar", "mom")]),
])
def test_how_a_liked_drink_is_taken_is_part_of_the_drink(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我最近在减肥，晚上不吃主食。", [("plan.intent", "减肥", ""), ("preference.habit", "晚上不吃主食", "")]),
    ("I'm trying to lose weight, so no carbs at night.",
     [("plan.intent", "lose weight", ""), ("preference.habit", "no carbs at night", "")]),
    ("我晚上不吃主食。", [("preference.habit", "晚上不吃主食", "")]),
    ("我睡前不喝咖啡。", [("preference.habit", "睡前不喝咖啡", "")]),
    # a time-bound rule, no dislike of the food ("carbs at night" was disliked)
    ("I don't eat carbs at night.", [("preference.habit", "no carbs at night", "")]),
    ("No coffee after 3pm.", [("preference.habit", "no coffee after 3pm", "")]),
    ("No onions in my takeout from now on.", [("preference.habit", "no onions in their takeout", "")]),
    ("以后点外卖不要放葱。", [("preference.habit", "点外卖不要放葱", "")]),
])
def test_a_rule_said_after_a_goal_or_alone_is_a_habit(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["No worries.", "No problem at all.", "晚上不吃饭。", "I want to sleep.",
                                  "No sugar, thanks.", "他晚上不吃主食。"])
def test_a_courtesy_a_meal_skipped_or_someone_elses_is_no_rule(text: str) -> None:
    assert [(k, v) for k, v, who in _read(text) if not who] == []


def test_the_drink_made_so_said_again_in_one_clause_is_the_same_like(tmp_path: Path) -> None:
    """美式，不加糖 and 美式不加糖 are one liked thing: the second touches the first, and 美式 alone is never liked."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我喜欢喝美式，不加糖。")
        assert [c.action for c in mem.add("我喝美式不加糖。").facts] == ["touch"]
        assert [(f.key, f.value) for f in mem.list() if isinstance(f, Fact)] == [("drink.like", "美式不加糖")]
