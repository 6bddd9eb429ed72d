"""A thing of the user's named with "called" / "named" or as its name is the possessive copula: "Our plumber is called
Steve Ortiz", "my accountant is named Jim Reyes", "Our landlord's name is Mrs. Kowalski" stored nothing while "My
landlord is Mr. Green" stored ``user.landlord`` (``extract.possessive_en.said_as_named``). A relative or a pet keeps
its own reading (a family member or a pet named), and what is no name ("my car is called a beast") stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return [(c.key, c.value, c.subject) for c in found if not c.retracts]


@pytest.mark.parametrize(("text", "plain"), [
    ("Our plumber is called Steve Ortiz", "Our plumber is Steve Ortiz"),
    ("my accountant is called Jim Reyes", "my accountant is Jim Reyes"),
    ("Our landlord's name is Mrs. Kowalski", "Our landlord is Mrs. Kowalski"),
    ("My therapist is named Dr. Lin", "My therapist is Dr. Lin"),
    ("my wifi network is called HomeNet", "my wifi network is HomeNet"),
    ("My boss is named Linda.", "My boss is Linda."),
])
def test_a_thing_called_a_name_reads_as_the_thing_is_that_name(text: str, plain: str) -> None:
    assert _read(text) == _read(plain) != []


@pytest.mark.parametrize(("text", "expected"), [
    ("My brother is called Tom", [("family.member", "brother named Tom", "")]),
    ("My sister's name is Anna", [("family.member", "sister named Anna", "")]),
    ("My cat is called Pickles", [("pet", "cat named Pickles", "")]),
    ("My dog's name is Rex", [("pet", "dog named Rex", "")]),
])
def test_a_relative_or_a_pet_named_keeps_its_reading(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "my car is called a beast", "My boss is called out a lot", "our team is named after a river",
    "my son is called Max", "My dentist is called every morning by patients",
])
def test_what_names_no_name_of_a_thing_is_not_read_as_one(text: str) -> None:
    assert not any(key.startswith("user.") for key, _, _ in _read(text))
