""""A not B" said without the comma (``extract.corrected.comma_before_not``): "leave it with the 门卫 not at the door"
stored the drop-off "at the door" (the one refused), "I prefer tea not coffee" the like "tea not coffee". Now it reads
as with its comma: the first value kept, the second refused. A "not" that negates a verb or a judgement is untouched."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.corrected import comma_before_not
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("joined", [
    "I prefer 顺丰 for delivery, leave it with the 门卫 not at the door",
    "Leave it at the door not with the neighbours",
    "I prefer tea not coffee",
    "I'm allergic to peanuts not shellfish",
    "my editor is Neovim not Vim",
])
def test_read_as_with_its_comma(joined: str) -> None:
    with_comma = joined.replace(" not ", ", not ", 1)
    assert _read(joined) == _read(with_comma)
    assert _read(joined)


@pytest.mark.parametrize(("text", "key", "kept", "refused"), [
    ("I prefer 顺丰 for delivery, leave it with the 门卫 not at the door", "shipping.dropoff", "with the 门卫",
     "at the door"),
    ("I prefer tea not coffee", "drink.like", "tea", "tea not coffee"),
])
def test_the_first_value_is_kept(text: str, key: str, kept: str, refused: str) -> None:
    values = [v for k, v, retracted in _read(text) if k == key and not retracted]
    assert values == [kept] and refused not in values


@pytest.mark.parametrize("text", [
    "I do not eat meat", "I'd rather not", "definitely not today", "I decided not to go", "I'm not vegan",
    "I like it not too sweet", "whether or not it rains", "I hope not", "I guess not really",
    "call me not later than 5",
    "we need apples not oranges and also bread for the party tomorrow",
])
def test_a_not_of_a_verb_or_a_judgement_is_left(text: str) -> None:
    assert comma_before_not(text) == text
