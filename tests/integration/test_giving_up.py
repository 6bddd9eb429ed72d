"""Giving something up is one statement shape (``extract.cessation``): in every wording, English and
Chinese (Simplified and Traditional), it retires the like and the habit of what was given up through
the one fact engine, the like superseded by the new fact (with its history), the habit withdrawn. Public
SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def mem(tmp_path: Path, embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh file with the run's loaded default model (``conftest.embedder``)."""
    with Memory(tmp_path / "memory.db", embedder=embedder) as m:
        yield m


def _said(mem: Memory, user: str, *messages: str) -> None:
    for i, text in enumerate(messages):
        mem.add(text, user_id=user, created_at=_START + timedelta(minutes=i))


def _active(mem: Memory, user: str) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(user_id=user) if isinstance(f, Fact))


@pytest.mark.parametrize(("user", "like", "given_up", "now"), [
    ("z1", "我喜欢喝咖啡", "我不再喝咖啡了", ("drink.quit", "咖啡")),
    ("z2", "我喜欢喝咖啡", "我以后不喝咖啡了", ("drink.quit", "咖啡")),
    ("z3", "我喜欢喝咖啡", "我戒了咖啡", ("drink.quit", "咖啡")),
    ("z4", "我喜欢喝咖啡", "我戒咖啡了", ("drink.quit", "咖啡")),
    ("z5", "我喜欢吃肉", "我已经不吃肉了", ("food.quit", "肉")),
    ("z6", "我喜歡喝酒", "現在不喝酒了", ("drink.quit", "酒")),  # Traditional
    ("z7", "我喜欢喝奶茶", "我把奶茶戒掉了", ("drink.quit", "奶茶")),
    ("e1", "I love coffee", "From now on I won't drink coffee", ("drink.quit", "coffee")),
    ("e2", "I love coffee", "I quit coffee", ("drink.quit", "coffee")),
    ("e3", "I love coffee", "I gave up coffee", ("drink.quit", "coffee")),
    ("e4", "I love coffee", "I don't drink coffee anymore", ("drink.quit", "coffee")),
    ("e5", "I like eating meat", "I've stopped eating meat", ("food.quit", "meat")),
    ("e6", "I love coffee", "I'm not drinking coffee anymore", ("drink.quit", "coffee")),
])
def test_giving_something_up_supersedes_the_like(mem: Memory, user: str, like: str, given_up: str,
                                                 now: tuple[str, str]) -> None:
    _said(mem, user, like, given_up)
    assert _active(mem, user) == [now]
    [(old, events)] = [(f, e) for f, e in mem.history(key=_like_key(mem, user), user_id=user)]
    assert old.status == "superseded" and old.valid_to == _START + timedelta(minutes=1)
    [new] = [f for f in mem.list(user_id=user) if isinstance(f, Fact)]
    assert [e.detail.get("superseded_by") for e in events if e.action == "supersede"] == [new.id]


def _like_key(mem: Memory, user: str) -> str:
    [key] = {f.key for f in mem.list(status="superseded", user_id=user) if isinstance(f, Fact)}
    return key


@pytest.mark.parametrize(("user", "habit", "given_up"), [
    ("h1", "我每天早上喝咖啡", "我戒咖啡了"),
    ("h2", "我每天早上喝咖啡", "現在不喝咖啡了"),
    ("h3", "I drink coffee every morning", "I quit coffee"),
    ("h4", "I drink coffee every morning", "From now on, I won't drink coffee."),
])
def test_giving_something_up_withdraws_the_habit(mem: Memory, user: str, habit: str, given_up: str) -> None:
    _said(mem, user, habit, given_up)
    assert [key for key, _ in _active(mem, user)] == ["drink.quit"]
    [gone] = mem.list(key="preference.habit", status="superseded", user_id=user)
    assert isinstance(gone, Fact) and gone.valid_to == _START + timedelta(minutes=1)


def test_taking_it_up_again_withdraws_what_was_given_up(mem: Memory) -> None:
    _said(mem, "a1", "I love coffee", "I quit coffee", "I started drinking coffee again")
    assert _active(mem, "a1") == [("preference.habit", "drinks coffee")]  # the habit back, said as one
    _said(mem, "a2", "我喜欢喝咖啡", "我戒了咖啡", "我又开始喝咖啡了")
    assert _active(mem, "a2") == [("preference.habit", "喝咖啡")]  # the habit back, as in English


def test_what_is_not_given_up_leaves_the_like(mem: Memory) -> None:
    """A wish, a goal, a question, a plain habit and someone else's words change nothing of the user's like (trying
    to quit coffee is a goal of its own, ``plans.goal_en``: coffee is not given up yet)."""
    _said(mem, "n1", "I love coffee", "I'm trying to quit coffee", "Should I quit coffee?", "I quit my job")
    _said(mem, "n2", "我喜欢喝咖啡", "我想戒咖啡", "要不要戒咖啡？", "小张戒了咖啡")
    assert _active(mem, "n1") == [("drink.like", "coffee"), ("plan.intent", "quit coffee")]
    # 小张戒了咖啡 is 小张's quitting, kept under 小张: the user's like stays
    assert sorted((f.key, f.value) for f in mem.list(user_id="n2") if isinstance(f, Fact) and not f.subject) == [
        ("drink.like", "咖啡")]


def test_giving_up_a_kind_supersedes_the_like_of_one_of_its_members(mem: Memory) -> None:
    _said(mem, "k1", "我喜歡喝啤酒。", "現在不喝酒了。")
    assert _active(mem, "k1") == [("drink.quit", "酒")]
    _said(mem, "k2", "I love red wine", "I quit alcohol")
    assert _active(mem, "k2") == [("drink.quit", "alcohol")]
