"""A span past ten said in words is counted as in digits: "I've been working at Stripe for fifteen years", "I've been
vegetarian for twelve years" stored nothing ("for" was read only before one to ten or digits, so the state with its
start was not read at all), and "fifteen years ago" dated nothing; "for 15 years" was read. Now each is the state,
valid from the year counted back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "fact", "year"), [
    ("I've been working at Initech for fifteen years", ("identity.employer", "Initech"), 2011),
    ("I've been vegan for twelve years", ("food.diet", "vegan"), 2014),
    ("I've lived in Porto for twenty years", ("identity.location", "Porto"), 2006),
    ("I have been a pharmacist for thirteen years", ("identity.occupation", "pharmacist"), 2013),
])
def test_a_state_held_for_a_span_past_ten(text: str, fact: tuple[str, str], year: int) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value) for c in found] == [fact]
    assert found[0].valid_from is not None and found[0].valid_from.year == year


@pytest.mark.parametrize(("text", "year"), [("eleven years ago", 2015), ("thirty years ago", 1996),
                                            ("in twenty years", 2046)])
def test_a_span_in_words_is_dated(text: str, year: int) -> None:
    period = resolve_relative(text, _AT)
    assert period is not None and period[0].year == year
