"""What the user does not drink is no dislike: "I don't drink coffee", "I never drink soda", "My dad doesn't drink
beer" stored ``preference.dislike`` (a taste never said). They are kept as what is not drunk (``drink.avoid``,
"does not drink coffee"), the other side of a like of the same thing each way, and taking it up ("I'm drinking
coffee again") ends it. "I don't really like kombucha anymore" was read as a habit ended ("really like kombucha")
and left the like current; it is the like ended (a dislike). "i dont eat pork" (no apostrophe) stored nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.facts.resolve import contradicts
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts) for c in RuleExtractor().extract(text=text, role="user",
                                                                                     said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I don't drink coffee", [("drink.avoid", "coffee", "", False)]),
    ("honestly I don't drink coffee at all, never have", [("drink.avoid", "coffee", "", False)]),
    ("I never drink soda", [("drink.avoid", "soda", "", False)]),
    ("I don't drink alcohol", [("drink.avoid", "alcohol", "", False)]),
    ("My dad doesn't drink beer", [("drink.avoid", "beer", "dad", False)]),
    ("i dont eat pork", [("food.dislike", "pork", "", False)]),
    # the same in Chinese, which stored preference.dislike while English stored drink.avoid
    ("我不喝咖啡", [("drink.avoid", "咖啡", "", False)]),
    ("我从来不喝可乐", [("drink.avoid", "可乐", "", False)]),
    ("我爸不喝酒", [("drink.avoid", "酒", "dad", False)]),
    ("我不吃猪肉", [("food.dislike", "猪肉", "", False)]),
])
def test_what_is_not_drunk_is_no_dislike(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a change said: a quit, a like ended; nothing named: nothing
    ("I don't drink coffee anymore", ("drink.quit", "coffee")),
    ("I don't really like kombucha anymore", ("preference.dislike", "kombucha")),
    ("I don't like coffee", ("preference.dislike", "coffee")),
])
def test_a_change_or_a_taste_keeps_its_own_key(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(k, v) for k, v, _, r in _read(text) if not r]
    assert "drink.avoid" not in [k for k, *_ in _read(text)]


@pytest.mark.parametrize("text", ["I don't drink", "I don't drink it", "I never drink either"])
def test_nothing_named_is_nothing_avoided(text: str) -> None:
    assert not [k for k, *_ in _read(text) if k.endswith((".avoid", ".dislike"))]


def test_what_is_not_drunk_and_a_like_of_it_end_each_other() -> None:
    assert contradicts("drink.avoid", "drink.like") and contradicts("drink.like", "drink.avoid")
    assert not contradicts("drink.avoid", "drink.quit")


def _facts(mem: Memory) -> set[tuple[str, str, str]]:
    return {(f.key, f.value, f.status) for f in mem.list(status="all") if isinstance(f, Fact)}


def test_a_like_said_before_or_after_is_superseded_and_drinking_again_ends_it(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I love coffee")
        mem.add("I don't drink coffee")
        assert _facts(mem) == {("drink.like", "coffee", "superseded"), ("drink.avoid", "coffee", "active")}
        mem.add("I'm drinking coffee again")
        assert ("drink.avoid", "coffee", "active") not in _facts(mem)
    with Memory(tmp_path / "n.db", embedder=None, user_id="u1") as mem:
        mem.add("I love tea")
        mem.add("I don't really like tea anymore")
        assert ("drink.like", "tea", "active") not in _facts(mem)


def test_a_habit_taken_up_again_is_said_as_one(tmp_path: Path) -> None:
    """"I quit coffee" then "I started drinking coffee again": the quit ends and the habit is back (it stored
    nothing positive); a later quit ends the habit in turn."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I quit coffee")
        mem.add("ok so I started drinking coffee again")
        assert [(f.key, f.value) for f in mem.list() if isinstance(f, Fact)] == [("preference.habit", "drinks coffee")]
        mem.add("I quit coffee")
        assert [(f.key, f.value) for f in mem.list() if isinstance(f, Fact)] == [("drink.quit", "coffee")]


def test_what_is_not_drunk_ends_with_drinking_again_in_chinese(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我很喜欢喝咖啡", created_at=_AT)
        mem.add("我不喝咖啡", created_at=_AT.replace(hour=10))
        assert _facts(mem) == {("drink.like", "咖啡", "superseded"), ("drink.avoid", "咖啡", "active")}
        mem.add("我又开始喝咖啡了", created_at=_AT.replace(hour=11))
        assert ("drink.avoid", "咖啡", "active") not in _facts(mem)


@pytest.mark.parametrize(("text", "value"), [("我更喜欢喝茶而不是咖啡", "茶"), ("我喜欢茶而不是咖啡", "茶")])
def test_what_a_chinese_like_is_set_against_is_no_part_of_it(text: str, value: str) -> None:
    # before: drink.like = 茶而不是咖啡
    assert ("drink.like", value, "", False) in _read(text)
    assert not [v for _, v, *_ in _read(text) if "不是" in v]
