"""A thing of the user's that holds one value at a time said as then and now (``extract.contrast.possessed_then_now``):
"Nopa used to be my favorite restaurant, now it's Zuni Cafe", "my favourite food used to be pizza, now sushi",
"Favorite author was Stephen King, now Ursula Le Guin". The value now takes the past value's place; a past said
with no value now ("Pizza used to be cheaper"), a verdict ("now it's fine") or no thing of the user's states
nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    """``(key, value, instead_of)`` of each candidate; none is a withdrawal here."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert not any(c.retracts for c in found)
    return [(c.key, c.value, c.instead_of) for c in found]


@pytest.mark.parametrize(("text", "expected"), [
    ("Nopa used to be my favorite restaurant but that's over, now it's Zuni Cafe.",
     ("food.like", "Zuni Cafe", "Nopa")),
    ("Pizza used to be my favourite food, now it's sushi", ("food.like", "sushi", "Pizza")),
    ("my favourite food used to be pizza, now sushi", ("food.like", "sushi", "pizza")),
    ("My favorite movie used to be Inception; these days it's Arrival!", ("media.like", "Arrival", "Inception")),
    ("favorite author was Stephen King, now Ursula Le Guin", ("media.like", "Ursula Le Guin", "Stephen King")),
    ("Radiohead used to be my favourite band but nowadays its Bon Iver", ("music.like", "Bon Iver", "Radiohead")),
    ("Tennis used to be my thing, now it's pickleball honestly", ("preference.like", "pickleball", "Tennis")),
])
def test_the_value_now_takes_the_past_values_place(text: str, expected: tuple[str, str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", [
    "My old car used to break down all the time, now it's fine",
    "Pizza used to be cheaper around here",
    "Pizza used to be my favourite food",  # no value now
    "my job was boring, now it's worse",  # a verdict, no value
    "The meeting was Monday, now Tuesday",  # no thing of the user's
    "He used to be my best friend, now it's Amy",  # who "he" is is not said
])
def test_no_value_now_states_nothing(text: str) -> None:
    assert _read(text) == []


def test_the_favourite_said_before_is_superseded(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("My favorite restaurant is Nopa")
        memory.add("Nopa used to be my favorite restaurant but that's over, now it's Zuni Cafe.")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.value, f.status) for f in facts} == {("Nopa", "superseded"), ("Zuni Cafe", "active")}
