"""A state said as ended ("I don't have a dog anymore", 我现在不养狗了, "I'm not a nurse anymore",
我已经不是护士了) withdraws the value its present statement names ("I have a dog", 我养狗), the mirror of a
state said as its beginning (``extract.onset``); a plain negation ("I don't have a dog", 我没有狗) says no
change and withdraws nothing."""

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


@pytest.mark.parametrize(("text", "withdrawn"), [
    ("I don't have a dog anymore", ("pet", "dog")), ("I no longer have a cat.", ("pet", "cat")),
    ("We don't have a dog any more", ("pet", "dog")), ("I don't have cats anymore", ("pet", "cat")),
    ("I'm not a nurse anymore", ("identity.occupation", "nurse")),
    ("I'm no longer an introvert", ("identity.personality", "introvert")),
    ("我现在不养狗了", ("pet", "狗")), ("我不养猫了", ("pet", "猫")), ("我家不养狗了", ("pet", "狗")),
    ("我已经没有狗了", ("pet", "狗")), ("我不再是护士了", ("identity.occupation", "护士")),
    ("我没有女朋友了", ("family.member", "女朋友")),
])
def test_a_state_said_as_ended_withdraws_what_it_names(text: str, withdrawn: tuple[str, str]) -> None:
    # before, each read nothing (我现在不养狗了 only withdrew a habit 养狗, which no one had)
    assert _read(text) == [(*withdrawn, True)]


@pytest.mark.parametrize("text", [
    "I don't have a dog", "I'm not a nurse", "我没有狗", "我不是护士", "I'm not tired anymore",
    "I don't have time anymore", "我没有时间了", "My sister doesn't have a dog", "我妹妹没有狗",
])
def test_no_change_or_no_state_withdraws_nothing(text: str) -> None:
    assert not [f for f in _read(text) if f[0] in ("pet", "identity.occupation", "family.member")]


@pytest.mark.parametrize(("said", "ended"), [
    ("My sister has a dog", "My sister doesn't have a dog anymore"), ("我妹妹养了一只猫", "我妹妹现在不养猫了"),
    ("My sister is a nurse", "My sister is no longer a nurse"),
])
def test_a_relatives_state_ended_is_withdrawn_under_the_relative(tmp_path: Path, said: str, ended: str) -> None:
    """A relative's state is the relative's (read under them), and so is its end; the user's own stays."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I have a dog")
        [stated] = mem.add(said).facts
        assert stated.fact.subject
        assert [(c.action, c.fact.subject) for c in mem.add(ended).facts] == [("retract", stated.fact.subject)]
        assert [(f.key, f.value, f.subject) for f in mem.list() if isinstance(f, Fact)] == [("pet", "dog", None)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I don't have a dog anymore, but I have a cat", [("pet", "dog", True), ("pet", "cat", False)]),
    ("Sadly I don't have a dog anymore, he passed away last year.", [("pet", "dog", True)]),
    ("I'm no longer a nurse, I work at Google now",
     [("identity.occupation", "nurse", True), ("identity.employer", "Google", False)]),
    ("我喜欢喝茶，不过我现在不养狗了", [("drink.like", "茶", False), ("pet", "狗", True)]),
])
def test_a_state_ended_in_one_clause_leaves_the_others_read(text: str, expected: list[tuple[str, str, bool]]) -> None:
    # before, a clause beside the ended state hid it (the sentence was read whole)
    assert _read(text) == expected


def test_not_eating_meat_begun_is_meat_given_up() -> None:
    """我开始不吃肉了 says what 我已经不吃肉了 says: meat is no longer eaten (a dietary need, which supersedes a
    like of it), not the diet 吃素, which would also rule out fish. Before, it stored nothing."""
    assert _read("我开始不吃肉了") == _read("我已经不吃肉了") == [
        ("food.quit", "肉", False), ("preference.habit", "吃肉", True)]


@pytest.mark.parametrize(("said", "ended", "other"), [
    ("We just got a dog named Max.", "I don't have a dog anymore", "I have a cat"),
    ("I have two cats", "I don't have cats anymore", "I have a dog"),
    ("我们刚领养了两只猫", "我现在不养猫了", "我有一只狗"),
    ("我家有一只狗", "我现在不养狗了", "我养了一只仓鼠"),
    ("I'm vegetarian.", "I'm no longer vegetarian.", "I'm a nurse"),
    ("I'm vegan", "I'm not vegan anymore", "I'm a nurse"),
    ("我吃素", "我不再吃素了", "我是护士"),
    ("I'm a nurse", "I'm not a nurse anymore", "I have a dog"),
    ("我是护士", "我已经不是护士了", "我有一只狗"),
])
def test_the_ended_state_is_no_longer_current(tmp_path: Path, said: str, ended: str, other: str) -> None:
    """The pet's kind names it however it was stored ("dog named Max", "2 cats", 2只猫); the other fact stays."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        stated = [(c.fact.key, c.fact.value) for c in mem.add(said).facts]
        kept = [(c.fact.key, c.fact.value) for c in mem.add(other).facts]
        assert [c.action for c in mem.add(ended).facts] == ["retract"]
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == sorted(kept)
        assert stated and kept and not set(stated) & set(kept)
