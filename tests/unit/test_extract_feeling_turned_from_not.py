"""A feeling turned from a negated one is the present one: 我以前不喜欢吃香菜，现在爱上了 and "I didn't use to like
cilantro but now I love it" stored nothing (the past clause's 不 read as no standing value) -> the like of 香菜 /
cilantro, which replaces a dislike said before, as "I used to hate olives but now I love them" did; still
disliked, it is the dislike. A person is no taste (我以前不喜欢他，现在爱上了 stores nothing)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "read"), [
    ("我以前不喜欢吃香菜，现在爱上了", [("food.like", "香菜", False)]),
    ("我以前不喜欢香菜，现在很喜欢", [("food.like", "香菜", False)]),
    ("我以前不喜欢吃香菜，现在也不喜欢", [("food.dislike", "香菜", False)]),
    ("I didn't use to like cilantro but now I love it", [("food.like", "cilantro", False)]),
    ("I used to not like cilantro, but now I love it", [("food.like", "cilantro", False)]),
    ("I used to hate olives but now I love them", [("preference.like", "olives", False)]),
    ("我以前不喜欢他，现在爱上了", []),
])
def test_a_feeling_turned_from_a_negated_one_is_the_present_one(text: str, read: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("before", "turned", "like"), [
    ("我不喜欢吃香菜", "我以前不喜欢吃香菜，现在爱上了", "香菜"),
    ("I don't like cilantro", "I didn't use to like cilantro but now I love it", "cilantro"),
])
def test_the_like_replaces_the_dislike(tmp_path: Path, before: str, turned: str, like: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(before)
        mem.add(turned)
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == [("food.like", like)]
