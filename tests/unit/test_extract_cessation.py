"""Giving something up (``extract.cessation``): every wording, English and Chinese (Simplified and
Traditional), reads as the same two findings (what is no longer had, the habit withdrawn), and what only
looks like it (a wish, a question, a plain negation, a resolve, a job quit) reads as none of them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

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
    assert _read(text) == [("preference.dislike", "咖啡", False), ("preference.habit", habit, True)]


@pytest.mark.parametrize(("text", "habit"), [
    ("I no longer drink coffee", "drink coffee"), ("From now on I won't drink coffee", "drink coffee"),
    ("From now on, I won't drink coffee.", "drink coffee"), ("I quit coffee", "coffee"),
    ("I gave up coffee", "coffee"), ("I've given up coffee", "coffee"),
    ("I don't drink coffee anymore", "drink coffee"),
    ("I'm not drinking coffee anymore", "drinking coffee"), ("I've stopped drinking coffee", "drinking coffee"),
    ("User no longer drinks coffee.", "drink coffee"),
])
def test_english_wordings_of_giving_up_coffee_read_alike(text: str, habit: str) -> None:
    assert _read(text) == [("preference.dislike", "coffee", False), ("preference.habit", habit, True)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我已经不吃肉了", [("food.dislike", "肉", False), ("preference.habit", "吃肉", True)]),
    ("我戒酒了", [("preference.dislike", "酒", False), ("preference.habit", "酒", True)]),
    ("I gave up meat", [("food.dislike", "meat", False), ("preference.habit", "meat", True)]),
    ("I quit alcohol for good", [("preference.dislike", "alcohol", False), ("preference.habit", "alcohol", True)]),
    # nothing eaten or drunk: the habit alone is withdrawn
    ("我戒烟了", [("preference.habit", "烟", True)]),
    ("我不再跑步了", [("preference.habit", "跑步", True), ("sport.like", "跑步", True)]),
    ("I quit smoking", [("preference.habit", "smoking", True)]),
    ("I don't run any more", [("preference.habit", "run", True), ("sport.like", "running", True)]),
])
def test_what_was_given_up_is_a_food_a_drink_or_only_a_habit(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


def test_the_other_clauses_of_the_sentence_are_still_read() -> None:
    assert _read("我喜欢喝茶，不过我已经不喝咖啡了") == [
        ("drink.like", "茶", False), ("preference.dislike", "咖啡", False), ("preference.habit", "喝咖啡", True)]
    assert _read("I love tea, but I don't drink coffee anymore") == [
        ("drink.like", "tea", False), ("preference.dislike", "coffee", False),
        ("preference.habit", "drink coffee", True)]


@pytest.mark.parametrize("text", [
    "我想戒咖啡", "要不要戒咖啡？", "如果我不再喝咖啡了会怎样", "我不跑步", "现在不下雨了", "我今天不去了",
    "I'm trying to quit coffee", "Should I quit coffee?", "I won't give up", "I quit my job", "I stopped by the store",
    "I'll never quit on my dreams", "I don't run",
])
def test_what_only_looks_like_giving_up_is_not_read_as_it(text: str) -> None:
    """No dislike and no withdrawal of a pastime ("I quit my job" ends the employer alone: extract.job_end)."""
    assert not any(key in ("preference.dislike", "food.dislike") or (retract and key != "identity.employer")
                   for key, _, retract in _read(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("我不再贫血了", [("health.condition", "贫血", True)]),
    ("我不再吃素了", [("food.diet", "", True)]),
    ("I don't have asthma anymore", [("health.condition", "asthma", True)]),
    ("我不再用京东了", [("shipping.carrier", "京东", True)]),
])
def test_a_withdrawal_of_its_own_key_is_left_to_its_rule(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected
