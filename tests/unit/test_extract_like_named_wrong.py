"""A like said with the old value named as not the one ("Actually no, I like coffee, not tea", "I like coffee instead
of tea", "No, I prefer coffee over tea") kept the old like current: "I love tea" then the correction left
``drink.like = tea`` active beside coffee. The thing named as not liked is withdrawn under the like's key
(``extract.like_lists.but_not``, ``extract.preferences_en._preferred_over``); a ranking said with no change ("I
prefer coffee rather than tea") or a time or a degree after "not" ("..., not today", "..., not really") withdraws
nothing, and "but not X" is still a dislike."""

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


@pytest.mark.parametrize(("text", "liked", "withdrawn"), [
    ("Actually no, I like coffee, not tea", "coffee", "tea"),
    ("I like coffee, not tea", "coffee", "tea"),
    ("I like coffee instead of tea", "coffee", "tea"),
    ("I love coffee instead of tea now", "coffee", "tea"),
    ("Actually I prefer coffee rather than tea", "coffee", "tea"),
    ("No, I prefer coffee over tea", "coffee", "tea"),
])
def test_the_thing_named_as_not_liked_is_withdrawn(text: str, liked: str, withdrawn: str) -> None:
    assert _read(text) == [("drink.like", liked, False), ("drink.like", withdrawn, True)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I prefer coffee rather than tea", [("drink.like", "coffee", False)]),  # a ranking, no change
    ("I like pizza, not today", [("food.like", "pizza", False)]),
    ("I like it, not really", []),
    ("I like tea but not coffee", [("drink.like", "tea", False), ("preference.dislike", "coffee", False)]),
    ("I hate coffee instead of tea", [("preference.dislike", "coffee", False)]),
])
def test_no_change_said_withdraws_nothing(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("correction", ["Actually no, I like coffee, not tea", "I like coffee instead of tea"])
def test_a_like_named_wrong_later_is_superseded(tmp_path: Path, correction: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I love tea")
        mem.add(correction)
        facts = {(f.key, f.value, f.status) for f in mem.list(status="all") if isinstance(f, Fact)}
        assert facts == {("drink.like", "tea", "superseded"), ("drink.like", "coffee", "active")}

