"""A habit ended is no dislike: "I quit coffee", "I gave up meat", "I quit smoking", 我戒烟了, 其实我已经戒咖啡了 say
the user stopped, nothing of a taste. They are kept as what was quit (``food.quit``, ``drink.quit``,
``habit.quit``), which retires a like of the same thing with its history, stays when a like is said later, and
ends when the user takes it up again (``extract.cessation``, ``extract.habits``, ``facts.resolve``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.facts.resolve import contradicts
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
_DISLIKES = ("preference.dislike", "food.dislike")


def _kept(text: str) -> list[tuple[str, str]]:
    """The user's own facts ``text`` keeps (小张戒了咖啡 is 小张's quitting, never the user's)."""
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if not c.retracts and not c.subject]


@pytest.mark.parametrize(("text", "kept"), [
    ("I quit smoking", ("habit.quit", "smoking")), ("I gave up cigarettes last year", ("habit.quit", "smoking")),
    ("I don't vape anymore", ("habit.quit", "vaping")), ("我戒烟了", ("habit.quit", "抽烟")),
    ("我已经戒烟一年多了", ("habit.quit", "抽烟")),
    ("I gave up coffee", ("drink.quit", "coffee")), ("I quit alcohol for good", ("drink.quit", "alcohol")),
    ("I don't drink soda anymore", ("drink.quit", "soda")), ("其实我已经戒咖啡了", ("drink.quit", "咖啡")),
    ("我把奶茶戒掉了", ("drink.quit", "奶茶")),
    ("I gave up sugar in January", ("food.quit", "sugar")), ("我已经不吃肉了", ("food.quit", "肉")),
])
def test_what_the_user_quit_is_kept_as_quit_never_as_a_dislike(text: str, kept: tuple[str, str]) -> None:
    found = _kept(text)
    assert found == [kept]
    assert not any(key in _DISLIKES for key, _ in found)


@pytest.mark.parametrize(("text", "kept"), [
    # a taste said as changed is a dislike, as before
    ("I don't like coffee anymore", [("preference.dislike", "coffee")]),
    ("I hate coffee", [("preference.dislike", "coffee")]), ("我不喜欢喝咖啡", [("preference.dislike", "咖啡")]),
    # no habit ended: a wish, a goal, a question, someone else, a job
    ("I'm trying to quit smoking", [("plan.intent", "quit smoking")]), ("Should I quit coffee?", []),
    ("我想戒烟", None), ("小张戒了咖啡", []), ("I quit my job", []),
])
def test_what_ends_no_habit_is_no_quit(text: str, kept: list[tuple[str, str]] | None) -> None:
    found = _kept(text)
    assert not any(key.endswith(".quit") for key, _ in found)
    if kept is not None:
        assert [f for f in found if f[0] != "identity.former"] == kept


def test_a_quit_retires_a_like_one_way_only() -> None:
    assert contradicts("drink.quit", "drink.like") and contradicts("food.quit", "preference.like")
    assert not contradicts("drink.like", "drink.quit") and not contradicts("drink.quit", "preference.dislike")


def test_the_like_quit_is_superseded_a_later_like_keeps_the_quit_and_taking_it_up_again_ends_it(
        tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I love coffee")
        mem.add("I gave up coffee")
        facts = {(f.key, f.value, f.status) for f in mem.list(status="all") if isinstance(f, Fact)}
        assert facts == {("drink.like", "coffee", "superseded"), ("drink.quit", "coffee", "active")}
        mem.add("I still love the taste of coffee, honestly")  # a like said later: the quit stands
        assert ("drink.quit", "coffee") in {(f.key, f.value) for f in mem.list() if isinstance(f, Fact)}
        mem.add("I started drinking coffee again")
        assert "drink.quit" not in {f.key for f in mem.list() if isinstance(f, Fact)}


@pytest.mark.parametrize(("quit", "again"), [
    ("I quit smoking", "I started smoking again"), ("I quit smoking", "I smoke again"),
    ("I gave up vaping", "I'm vaping again"), ("我戒烟了", "我又开始抽烟了"), ("我戒烟了", "我又开始吸烟了"),
])
def test_taking_a_dependency_up_again_ends_the_quit(tmp_path: Path, quit: str, again: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(quit)
        assert [f.key for f in mem.list() if isinstance(f, Fact)] == ["habit.quit"]
        mem.add(again)
        assert [f for f in mem.list() if isinstance(f, Fact)] == []
        [ended] = [f for f in mem.list(status="all") if isinstance(f, Fact)]
        assert ended.key == "habit.quit" and ended.status != "active"  # kept with its history
