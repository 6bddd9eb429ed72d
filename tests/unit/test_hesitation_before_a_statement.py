"""A hesitation or an aside said before a statement ("um", "uh", "hmm", "basically", "fyi", "for the record") opens no
statement of its own: "um so basically my favourite food is lasagna lol", "uh I live in Leeds", "fyi I'm vegan" and
"for the record I hate coriander" stored nothing, as "so my favourite food is lasagna" did not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("um so basically my favourite food is lasagna lol", [("food.like", "lasagna")]),
    ("uh I live in Leeds", [("identity.location", "Leeds")]),
    ("Ummm, I work at Ocado", [("identity.employer", "Ocado")]),
    ("fyi I'm vegan", [("food.diet", "vegan")]),
    ("for the record I hate coriander", [("food.dislike", "coriander")]),
    ("erm basically I'm a nurse", [("identity.occupation", "nurse")]),
    # a word that starts like a hesitation is kept whole: no "brella"
    ("Umbrella is my favourite word", [("preference.like", "Umbrella")]),
])
def test_a_statement_after_a_hesitation_is_read(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", ["Basically it's fine", "Um, what?", "hmm ok"])
def test_a_hesitation_alone_or_a_word_that_starts_alike_states_nothing(text: str) -> None:
    assert _read(text) == []
