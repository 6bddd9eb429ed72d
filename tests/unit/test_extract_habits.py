"""``extract.habits``: what taking up again and giving up withdraw, and its doctests."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest

from memstrata.extract import habits
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def test_doctests() -> None:
    assert doctest.testmod(habits).failed == 0


def _withdrawn(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID) if c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    # what was quit ends (drink.quit / food.quit), and a dislike said as the habit ended before it had a key
    ("我又开始喝咖啡了", [("preference.habit", "不喝咖啡"), ("drink.quit", "咖啡"), ("food.dislike", "咖啡"),
                   ("preference.dislike", "咖啡"), ("drink.avoid", "咖啡")]),
    ("我现在能吃辣了", [("preference.habit", "不吃辣"), ("food.quit", "辣"), ("food.dislike", "辣"),
                 ("preference.dislike", "辣")]),
    ("I started drinking coffee again", [("preference.habit", "not drinking coffee"), ("drink.quit", "coffee"),
                                         ("food.dislike", "coffee"), ("preference.dislike", "coffee"),
                                         ("drink.avoid", "coffee")]),
    ("I started smoking again", [("preference.habit", "not smoking"), ("habit.quit", "smoking")]),
    ("我又开始抽烟了", [("preference.habit", "不抽烟"), ("habit.quit", "抽烟")]),
    ("I've gone back to running", [("preference.habit", "not running")]),
    # a pastime given up withdraws the pastime too ("I often run" stores sport.like = running)
    ("我不再跑步了", [("preference.habit", "跑步"), ("sport.like", "跑步")]),
    ("I don't run any more", [("preference.habit", "run"), ("sport.like", "running")]),
    ("I stopped running", [("preference.habit", "running"), ("sport.like", "running")]),
    # no change said, or no activity: nothing withdrawn
    ("我能吃辣", []), ("我不跑步", []), ("I don't run", []), ("I went back to Paris", []),
    ("I started a new job", [("identity.employer", "")]),  # no habit: the employer before ends
    ("我能够帮助你就很开心了", []), ("我不住在上海了", [("identity.location", "上海")]),
    ("我不再贫血了", [("health.condition", "贫血")]),  # a withdrawn condition is no habit
])
def test_what_is_withdrawn(text: str, expected: list[tuple[str, str]]) -> None:
    assert _withdrawn(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I never eat pork", [("food.dislike", "pork")]),
    ("我从来不吃猪肉", [("food.dislike", "猪肉")]),
    ("我從來不吃豬肉", [("food.dislike", "猪肉")]),
    ("我向来不吃香菜", [("food.dislike", "香菜")]),
    ("I never drink coffee", [("drink.avoid", "coffee")]),  # not drunk, no dislike
    ("我一直不喝酒", [("drink.avoid", "酒")]),
    ("我从来不跑步", [("preference.habit", "从来不跑步")]),
])
def test_never_eating_something_is_a_dietary_need_in_both_languages(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)] == expected


def _habits(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)
            if c.key == "preference.habit" and not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("有时我周末会去唱片店淘CD。", ["周末会去唱片店淘CD"]),
    ("有時我週末會去唱片店淘CD。", ["周末会去唱片店淘CD"]),
    ("平时我每天都跑步。", ["每天都跑步"]),
    ("On weekends I go swimming or running.", ["go swimming or running on weekends"]),
    # no frequency said, or a state of mind: no habit
    ("有时我会去跑步。", []), ("有时我一直在想你。", []),
])
def test_a_sentence_adverb_before_the_speaker_leaves_the_habit_read(text: str, expected: list[str]) -> None:
    """有时 / 平时 before 我, as English fronts "On weekends": before, 有时我周末会去唱片店淘CD stored nothing."""
    assert _habits(text) == expected
