"""A change of mind leaves the new value current and the old one superseded on the same key, with its
history, in English and Chinese (Simplified and Traditional): then and now in one sentence, a
destination with the thing sent named first, a named person's team changed and changed back, a state
said with its start. Public SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.text.hanzi import simplified
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


def _facts(mem: Memory, user: str, status: str = "active") -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(user_id=user, status=status) if isinstance(f, Fact))


@pytest.mark.parametrize(("user", "before", "change", "now", "old"), [
    ("e1", "I like flat whites.", "I used to drink flat whites, now I drink oat lattes.",
     ("preference.like", "oat lattes"), ("preference.like", "flat whites")),
    ("e2", "I drink flat whites.", "I used to drink flat whites, now I drink oat lattes.",
     ("user.drinks", "oat lattes"), ("user.drinks", "flat whites")),
    ("e3", "I like flat whites.", "I used to like flat whites, but now I prefer oat lattes.",
     ("preference.like", "oat lattes"), ("preference.like", "flat whites")),
    ("z1", "我喜欢喝拿铁。", "我以前喝拿铁，现在改喝美式了。", ("drink.like", "美式"), ("drink.like", "拿铁")),
    ("z2", "我喜歡喝拿鐵。", "我以前喝拿鐵，現在改喝美式了。", ("drink.like", "美式"), ("drink.like", "拿铁")),
    ("z3", "我平时喝绿茶。", "以前我喝绿茶，不过现在喝红茶了。", ("user.drinks", "红茶"), ("user.drinks", "绿茶")),
])
def test_then_and_now_supersedes_the_past_value_on_its_key(mem: Memory, user: str, before: str, change: str,
                                                           now: tuple[str, str], old: tuple[str, str]) -> None:
    _said(mem, user, before, change)
    assert _facts(mem, user) == [now]
    assert _facts(mem, user, "superseded") == [old]
    [(gone, events)] = [(f, e) for f, e in mem.history(key=old[0], user_id=user) if f.status == "superseded"]
    [new] = [f for f in mem.list(user_id=user) if isinstance(f, Fact)]
    assert gone.valid_to == _START + timedelta(minutes=1)
    assert [e.detail.get("superseded_by") for e in events if e.action == "supersede"] == [new.id]


def test_the_present_drink_answers_what_the_user_drinks(mem: Memory) -> None:
    _said(mem, "q1", "我喜欢喝拿铁。", "今天好累。", "我以前喝拿铁，现在改喝美式了。")
    [first, *_] = mem.search("我喝什么咖啡？", user_id="q1")
    assert "美式" in first.text


@pytest.mark.parametrize(("user", "messages", "now", "old", "question"), [
    ("d1", ("以后都用顺丰。", "今天天气不错。", "快递以后都用京东。"), "京东", "顺丰", "快递用哪家？"),
    ("d2", ("以後都用順豐。", "今天天氣不錯。", "快遞以後都用京東。"), "京东", "顺丰", "快遞用哪家？"),
    ("d3", ("Ship my orders with UPS from now on.", "What a rainy day.", "Packages from now on go with DHL."),
     "DHL", "UPS", "Which carrier ships my packages?"),
])
def test_a_destination_named_after_the_thing_sent_changes_the_carrier(
        mem: Memory, user: str, messages: tuple[str, ...], now: str, old: str, question: str) -> None:
    _said(mem, user, *messages)
    assert _facts(mem, user) == [("shipping.carrier", now)]
    assert _facts(mem, user, "superseded") == [("shipping.carrier", old)]
    [first, *_] = mem.search(question, user_id=user)
    assert now in simplified(first.text)  # the hit is the message as said (快遞以後都用京東)


@pytest.mark.parametrize(("user", "messages", "name", "team", "moved_to"), [
    ("n1", ("我在平台组。", "我同事小王在支付组。", "小王这周调到搜索组了。", "小王又回支付组了。"),
     "小王", "支付组", "搜索组"),
    ("n2", ("我在平台組。", "我同事小王在支付組。", "小王這週調到搜索組了。", "小王又回支付組了。"),
     "小王", "支付组", "搜索组"),
    ("n3", ("I'm on the platform team.", "My colleague Tom is on the payments team.",
            "Tom moved to the search team this week.", "Tom went back to the payments team."),
     "Tom", "payments team", "search team"),
])
def test_a_named_persons_team_changes_and_changes_back_apart_from_the_users(
        mem: Memory, user: str, messages: tuple[str, ...], name: str, team: str, moved_to: str) -> None:
    _said(mem, user, *messages)
    theirs = [f for f in mem.list(user_id=user) if isinstance(f, Fact) and f.subject == name]
    assert [(f.key, f.value) for f in theirs] == [(f"{name.lower()}.team", team)]
    own = [f.value for f in mem.list(user_id=user) if isinstance(f, Fact) and not f.subject]
    assert own == ["平台组" if user != "n3" else "platform team"]
    steps = [f.value for f, _ in mem.history(key=f"{name.lower()}.team", user_id=user)]
    assert sorted(steps) == sorted([team, moved_to, team])


@pytest.mark.parametrize(("user", "text", "value"), [
    ("s1", "I've been vegetarian since last year.", "vegetarian"),
    ("s2", "我从去年开始吃素。", "吃素"),
    ("s3", "我從去年開始吃素。", "吃素"),
])
def test_a_state_with_its_start_is_current_from_then(mem: Memory, user: str, text: str, value: str) -> None:
    _said(mem, user, text)
    [diet] = [f for f in mem.list(user_id=user) if isinstance(f, Fact)]
    assert (diet.key, diet.value, diet.status) == ("food.diet", value, "active")
    assert diet.valid_from == datetime(2025, 1, 1, tzinfo=UTC) and diet.valid_to is None
