"""A word that only stands for a thing said before ("either", "it either", "that too", "both", "neither") is no
object: "My sister doesn't eat pork. I don't eat either." stored ``food.dislike = either`` beside the sister's pork,
"I don't drink it anymore" ``preference.dislike = it``. Every English object slot that can take one refuses it (a
taste, a food not eaten, a habit ended: ``extract.guards.en_pro_form``); a named thing beside it is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _users(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return [(c.key, c.value) for c in found if not c.retracts and not c.subject]


@pytest.mark.parametrize("text", [
    "My sister doesn't eat pork. I don't eat either.", "I don't eat either.", "I don't drink it either.",
    "I don't like either", "I don't drink either", "I love both", "I don't drink it anymore",
    "I don't eat that anymore", "I never eat them either", "I hate that too",
])
def test_a_pro_form_object_stores_nothing_of_the_user(text: str) -> None:
    assert _users(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I don't eat pork either", [("food.dislike", "pork")]),
    ("I don't drink beer", [("drink.avoid", "beer")]),
    ("I hate olives too", [("preference.dislike", "olives")]),
    ("I don't drink soda anymore", [("drink.quit", "soda")]),
    ("I love one piece", [("preference.like", "one piece")]),
])
def test_a_named_thing_beside_such_a_word_is_kept(text: str, kept: list[tuple[str, str]]) -> None:
    assert _users(text) == kept


def test_the_other_persons_fact_of_the_message_stays() -> None:
    found = RuleExtractor().extract(text="My dad doesn't drink beer. I don't drink it either.", role="user",
                                    said_at=_AT)
    assert [(c.key, c.value, c.subject) for c in found] == [("drink.avoid", "beer", "dad")]
