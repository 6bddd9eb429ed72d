"""Giving something up (``extract.cessation``): every wording, English and Chinese (Simplified and
Traditional), reads as the same two findings (what is no longer had, the habit withdrawn), and what only
looks like it (a wish, a question, a plain negation, a resolve, a job quit) reads as none of them."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "habit"), [
    ("我不再喝咖啡了", "喝咖啡"), ("我以后不喝咖啡了", "喝咖啡"), ("我戒了咖啡", "咖啡"), ("我戒咖啡了", "咖啡"),
    ("我把咖啡戒了", "咖啡"), ("我已经戒掉咖啡了", "咖啡"), ("現在不喝咖啡了", "喝咖啡"),
    ("我已經不喝咖啡了", "喝咖啡"),
    ("我再也不喝咖啡了", "喝咖啡"), ("用户不再喝咖啡。", "喝咖啡"),
])
def test_chinese_wordings_of_giving_up_coffee_read_alike(text: str, habit: str) -> None:
    assert _read(text) == [("drink.quit", "咖啡", False), ("preference.habit", habit, True)]


@pytest.mark.parametrize(("text", "habit"), [
    ("I no longer drink coffee", "drink coffee"), ("From now on I won't drink coffee", "drink coffee"),
    ("From now on, I won't drink coffee.", "drink coffee"), ("I quit coffee", "coffee"),
    ("I gave up coffee", "coffee"), ("I've given up coffee", "coffee"),
    ("I don't drink coffee anymore", "drink coffee"),
    ("I'm not drinking coffee anymore", "drinking coffee"), ("I've stopped drinking coffee", "drinking coffee"),
    ("User no longer drinks coffee.", "drink coffee"),
])
def test_english_wordings_of_giving_up_coffee_read_alike(text: str, habit: str) -> None:
    assert _read(text) == [("drink.quit", "coffee", False), ("preference.habit", habit, True)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我已经不吃肉了", [("food.quit", "肉", False), ("preference.habit", "吃肉", True)]),
    ("我戒酒了", [("drink.quit", "酒", False), ("preference.habit", "酒", True)]),
    ("I gave up meat", [("food.quit", "meat", False), ("preference.habit", "meat", True)]),
    ("I quit alcohol for good", [("drink.quit", "alcohol", False), ("preference.habit", "alcohol", True)]),
    # a dependency quit: the habit withdrawn and its absence kept (a non-smoker)
    ("我戒烟了", [("habit.quit", "抽烟", False), ("preference.habit", "烟", True)]),
    ("I quit smoking", [("habit.quit", "smoking", False), ("preference.habit", "smoking", True)]),
    # nothing eaten or drunk and no dependency: the habit alone is withdrawn
    ("我不再跑步了", [("preference.habit", "跑步", True), ("sport.like", "跑步", True)]),
    ("I don't run any more", [("preference.habit", "run", True), ("sport.like", "running", True)]),
])
def test_what_was_given_up_is_a_food_a_drink_or_only_a_habit(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


def test_the_other_clauses_of_the_sentence_are_still_read() -> None:
    assert _read("我喜欢喝茶，不过我已经不喝咖啡了") == [
        ("drink.like", "茶", False), ("drink.quit", "咖啡", False), ("preference.habit", "喝咖啡", True)]
    assert _read("I love tea, but I don't drink coffee anymore") == [
        ("drink.like", "tea", False), ("drink.quit", "coffee", False),
        ("preference.habit", "drink coffee", True)]


@pytest.mark.parametrize("text", [
    "我想戒咖啡", "要不要戒咖啡？", "如果我不再喝咖啡了会怎样", "我不跑步", "现在不下雨了", "我今天不去了",
    "I'm trying to quit coffee", "Should I quit coffee?", "I won't give up", "I quit my job", "I stopped by the store",
    "I'll never quit on my dreams", "I don't run",
])
def test_what_only_looks_like_giving_up_is_not_read_as_it(text: str) -> None:
    """No dislike and no withdrawal of a pastime ("I quit my job" ends the employer alone: extract.job_end)."""
    assert not any(key in ("preference.dislike", "food.dislike", "drink.quit", "food.quit", "habit.quit")
                   or (retract and key != "identity.employer")
                   for key, _, retract in _read(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("我不再贫血了", [("health.condition", "贫血", True)]),
    ("我不再吃素了", [("food.diet", "", True)]),
    ("I don't have asthma anymore", [("health.condition", "asthma", True)]),
    ("我不再用京东了", [("shipping.carrier", "京东", True)]),
])
def test_a_withdrawal_of_its_own_key_is_left_to_its_rule(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "habit", "since"), [
    ("我戒烟三个月了。", "抽烟", datetime(2025, 10, 1, tzinfo=UTC)),
    ("我已经戒烟一年多了。", "抽烟", datetime(2025, 1, 1, tzinfo=UTC)),
    ("我三个月前戒烟了。", "抽烟", datetime(2025, 10, 1, tzinfo=UTC)),
    ("I quit smoking three months ago.", "smoking", datetime(2025, 10, 1, tzinfo=UTC)),
    ("I gave up vaping last year.", "vaping", datetime(2025, 1, 1, tzinfo=UTC)),
    ("I don't smoke anymore.", "smoking", None),
])
def test_a_dependency_quit_is_kept_as_its_absence_from_when_it_was_quit(text: str, habit: str,
                                                                         since: datetime | None) -> None:
    """The time since it was quit is when, never part of what (我戒烟三个月了 withdrew a habit of 烟三个月)."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    kept = [c for c in found if not c.retracts]
    assert [(c.key, c.value) for c in kept] == [("habit.quit", habit)]
    assert kept[0].valid_from == since
    assert all("三个月" not in c.value and "一年" not in c.value for c in found)


def test_quitting_drinking_is_no_longer_drinking_alcohol() -> None:
    assert _read("I quit drinking.") == [("drink.quit", "alcohol", False),
                                          ("preference.habit", "drinking", True)]


@pytest.mark.parametrize("text", ["I quit.", "我想戒烟。", "Should I quit smoking?", "I'm trying to quit smoking."])
def test_no_dependency_quit_is_no_absence_of_one(text: str) -> None:
    assert not [v for k, v, retract in _read(text) if k in ("preference.habit", "habit.quit") and not retract]


@pytest.mark.parametrize(("said", "quit", "kept"), [
    (["I smoke every day.", "I'm trying to quit smoking."], "I quit smoking three months ago.", "smoking"),
    (["我每天都抽烟。"], "我戒烟三个月了。", "抽烟"),
])
def test_quitting_withdraws_the_habit_and_keeps_its_absence(tmp_path: Path, said: list[str], quit: str,
                                                            kept: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in said:
            mem.add(text)
        mem.add(quit)
        assert [(f.key, f.value) for f in mem.list() if isinstance(f, Fact)] == [("habit.quit", kept)]
        mem.add("我又开始抽烟了。" if kept == "抽烟" else "I started smoking again.")
        assert [f for f in mem.list() if isinstance(f, Fact)] == []
