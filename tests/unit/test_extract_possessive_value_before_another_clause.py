"""A possessive copula's value ends where a second clause with its own copula begins.

"My landlord is Mr. Patel and rent is $1,850" stored ``user.landlord = Mr. Patel and rent is $1,850`` (only "and my"
opened a clause); now ``Mr. Patel``. Names joined by "and" stay whole.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("My landlord is Mr. Patel and rent is $1,850", "user.landlord", "Mr. Patel"),
    ("My dentist is Dr. Lee and her office is downtown", "user.dentist", "Dr. Lee"),
    ("My favourite food is mac and cheese", "food.like", "mac and cheese"),
    ("My favourite band is Simon and Garfunkel", "music.like", "Simon and Garfunkel"),
])
def test_the_value_stops_before_a_second_clause(text: str, key: str, value: str) -> None:
    found = [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert (key, value) in found
    assert not any(" is " in v for _, v in found)
