"""What kind of person the user is: a trait said in either language is one fact, a later change in either
language supersedes it, a restatement in the other language is no change, and someone else's trait or a
passing moment leaves it alone; through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings
from memstrata.types import Fact

_KEY = "identity.personality"


@pytest.mark.parametrize(("before", "change", "old", "new"), [
    ("我的性格比较内向", "I've become more outgoing", "内向", "extrovert"),
    ("I'm an introvert", "我现在变得外向了", "introvert", "外向"),
    ("I'm a pretty shy person", "I'd describe myself as outgoing", "shy", "extrovert"),
    ("我是个内向的人", "我的性格是外向型的", "内向", "外向"),
])
def test_a_later_trait_in_either_language_supersedes_the_earlier_one(
        db_settings: dict[str, Any], before: str, change: str, old: str, new: str) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add(before)
        [changed] = mem.add(change).facts
        assert change_of(changed) == ("supersede", new, [old])
        assert values(mem, _KEY) == [new]
        assert [(f.value, f.status) for f, _ in mem.history(key=_KEY)] == [(old, "superseded"), (new, "active")]


def test_the_same_trait_said_in_the_other_language_is_no_change(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I'm an introvert.")
        mem.add("我是个内向的人")
        assert values(mem, _KEY) == ["introvert"]
        assert values(mem, _KEY, "superseded") == []


@pytest.mark.parametrize("later", ["My sister is a shy person", "I'm shy today", "我今天有点害羞",
                                   "I wish I were more outgoing", "我妹妹性格外向"])
def test_someone_elses_trait_or_a_moment_leaves_the_users_trait(db_settings: dict[str, Any], later: str) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("我的性格比较内向")
        mem.add(later)
        own = [f.value for f in mem.list(key=_KEY) if isinstance(f, Fact) and f.subject is None]
        assert own == ["内向"]  # a sister's trait is hers ("My sister is a shy person": subject sister)
        assert values(mem, _KEY, "superseded") == []
