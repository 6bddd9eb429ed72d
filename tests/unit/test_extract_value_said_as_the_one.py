"""A value said as "the one" with a modifier stood as said: "My favourite bakery is the one on Main Street" stored
``preference.like = one on Main Street``, and "The coffee shop I like is the one on Wulumuqi Road" nothing. The
pro-form stands for the head noun before it (``extract.pro_forms``): the value is "bakery on Main Street"; "that
one" alone names no thing and stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("My favorite bakery is the one on Main Street.", ("preference.like", "bakery on Main Street")),
    ("The coffee shop I like is the one on Wulumuqi Road.", ("preference.like", "coffee shop on Wulumuqi Road")),
    ("The bakery I love the most is the one near the station.", ("preference.like", "bakery near the station")),
    ("My gym is the one near the station.", ("user.gym", "gym near the station")),
    ("The gym I go to is the one on 5th Avenue.", ("user.gym", "gym on 5th Avenue")),
])
def test_the_one_is_the_thing_named_before_it(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", ["My favorite bakery is that one.", "The thing I like is the quiet.",
                                  "The guy I like is Tom."])
def test_a_pro_form_alone_or_no_thing_names_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_name_stays_the_value() -> None:
    assert _read("The coffee shop I like is Blue Bottle.") == [("preference.like", "Blue Bottle")]
