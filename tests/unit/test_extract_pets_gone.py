"""A pet that died or was given away is withdrawn, by its kind or its name (``extract.gone``), as "I don't have a dog
anymore" withdraws it; a count of pets said again replaces the count ("now we have one cat")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool]]:
    return {(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


def _pets(mem: Memory) -> list[str]:
    return sorted(f.value for f in mem.list(key="pet") if isinstance(f, Fact))


@pytest.mark.parametrize(("text", "expected"), [
    ("My dog died last year.", {("pet", "dog", True)}),
    ("Rex passed away.", {("pet", "Rex", True)}),
    ("We had to put our dog down.", {("pet", "dog", True)}),
    ("我的狗去年去世了。", {("pet", "狗", True)}),
    ("我们把猫送人了。", {("pet", "猫", True)}),
    ("We only have one cat now.", {("pet", "1 cat", False)}),
    ("我们现在只有一只猫了。", {("pet", "1只猫", False)}),
    ("My dog is sleeping.", set()),
    ("Mom passed away last year.", set()),
    ("爷爷去世了。", set()),
    ("今天累死了。", set()),
    ("We have a cat.", {("pet", "cat", False)}),
    ("我有一只猫。", {("pet", "猫", False)}),
])
def test_a_pet_gone_is_withdrawn_and_one_counted_is_a_count(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("had", "gone"), [
    ("We have a dog named Rex.", "My dog died last year."),
    ("We have a dog named Rex.", "Rex passed away."),
    ("我们家有一只狗叫旺财。", "我的狗去年去世了。"),
    ("我们家有一只狗叫旺财。", "旺财去世了。"),
])
def test_the_pet_that_died_is_no_longer_current(tmp_path: Path, had: str, gone: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(had)
        assert len(_pets(mem)) == 1
        mem.add(gone)
        assert _pets(mem) == []


@pytest.mark.parametrize(("had", "now", "left"), [
    ("We have two cats.", "We gave away one of the cats, now we have one cat.", ["1 cat"]),
    ("我们家有两只猫。", "我们送走了一只猫，现在我们只有一只猫了。", ["1只猫"]),
])
def test_a_count_said_again_replaces_the_count(tmp_path: Path, had: str, now: str, left: list[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(had)
        mem.add(now)
        assert _pets(mem) == left
