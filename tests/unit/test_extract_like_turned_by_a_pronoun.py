"""A turn of feeling about a thing, then its like by a pronoun (``extract.liking_begun.turned_to_like_en``): "Actually
cilantro is fine, I like it now", "tbh I've come around on olives, I like them now". Before, nothing was read and the
dislike said before stayed current; now the like of the thing supersedes it. A thing at hand ("The hotel is fine, I
like it") or no turn said ("Coffee is ok, I like it") states nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually cilantro is fine, I like it now", ("food.like", "cilantro", False)),
    ("tbh I've come around on olives, I like them now", ("preference.like", "olives", False)),
    ("mushrooms are growing on me, I like them now", ("food.like", "mushrooms", False)),
    ("Actually cilantro is fine now, I like it", ("food.like", "cilantro", False)),
    ("I warmed up to jazz, I kind of love it now", ("music.like", "jazz", False)),
])
def test_the_like_names_the_thing_of_the_turn(text: str, expected: tuple[str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", [
    "The hotel is fine, I like it", "The hotel is fine, I like it now", "Coffee is ok, I like it",
    "It is fine, I like it now", "cilantro is fine",
])
def test_no_like_of_a_thing_at_hand_or_without_a_turn(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("first", "then", "thing"), [
    ("I really hate cilantro", "Actually cilantro is fine, I like it now", "cilantro"),
    ("I can't stand olives", "tbh I've come around on olives, I like them now", "olives"),
])
def test_the_dislike_before_is_superseded(tmp_path: Path, first: str, then: str, thing: str) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(first)
        memory.add(then)
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.key.endswith(".like"), f.status) for f in facts if f.value == thing} == {
        (False, "superseded"), (True, "active")}
