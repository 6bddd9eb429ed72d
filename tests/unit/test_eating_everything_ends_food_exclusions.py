"""Eating everything ends what the speaker said they do not eat: after "I'm vegetarian, I don't eat meat." and
"I'm not vegetarian anymore, I eat everything now." the diet was withdrawn but "does not eat meat" stayed a dietary
need in the context block (the second clause was read by no rule beside the withdrawal), and 现在什么都吃 read as a
question (什么). An allergy is no exclusion eating everything ends, and "everything except nuts" keeps the nuts."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))


def _active(path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        return {(f.key, f.value) for f in mem.list(kind="fact", limit=50)}


@pytest.mark.parametrize(("before", "after", "gone"), [
    ("I'm vegetarian, I don't eat meat.", "I'm not vegetarian anymore, I eat everything now.", "meat"),
    ("I don't eat pork.", "I eat everything now.", "pork"),
    ("我是素食者，不吃肉。", "我不再吃素了，现在什么都吃。", "肉"),
    ("我不吃羊肉。", "我现在什么都吃了。", "羊肉"),
])
def test_eating_everything_ends_every_food_not_eaten(tmp_path: Path, before: str, after: str, gone: str) -> None:
    active = _active(tmp_path, before, after)
    assert not [f for f in active if f[0] in ("food.dislike", "food.diet")], active
    assert ("food.dislike", gone) not in active


def test_eating_everything_keeps_an_allergy(tmp_path: Path) -> None:
    active = _active(tmp_path, "I'm allergic to peanuts and I don't eat pork.", "I eat everything now.")
    assert ("health.allergy", "peanuts") in active and ("food.dislike", "pork") not in active, active


def test_everything_except_a_food_keeps_that_food_out(tmp_path: Path) -> None:
    active = _active(tmp_path, "I don't eat nuts.", "I eat everything except nuts")
    assert ("food.dislike", "nuts") in active, active


def test_the_context_block_no_longer_lists_the_food_as_a_need(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm vegetarian, I don't eat meat.", created_at=_AT)
        mem.add("I'm not vegetarian anymore, I eat everything now.", created_at=_AT + timedelta(days=2))
        block = mem.context("What should I cook for dinner?")
    assert "does not eat meat" not in block.split("## Relevant")[0], block


@pytest.mark.parametrize(("said", "diet", "food"), [
    ("I'm vegetarian but I eat fish occasionally.", "vegetarian", "fish occasionally"),
    ("我吃素，但偶尔吃鱼。", "吃素", "鱼"),
])
def test_a_diet_said_with_its_exception_keeps_both(tmp_path: Path, said: str, diet: str, food: str) -> None:
    """The exception said with the diet in one message is no end of it (the exception was dropped, or ended the
    diet); said in a later message ("I eat fish again now") a food the diet leaves out still ends it."""
    active = _active(tmp_path, said)
    assert {("food.diet", diet), ("user.eats", food)} <= active, active
