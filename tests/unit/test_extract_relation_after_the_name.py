"""A relation said after the name (``extract.apposition.relation_first``): "Tom (my coworker) is allergic to
shellfish" and "Tom, my coworker, is allergic to shellfish" stored nothing; now they read as "My coworker Tom is
allergic to shellfish": Tom's allergy, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom (my coworker) is allergic to shellfish", ("health.allergy", "shellfish", "Tom")),
    ("Tom, my coworker, is allergic to shellfish", ("health.allergy", "shellfish", "Tom")),
    ("Anna (my sister) lives in Toronto", ("identity.location", "Toronto", "Anna")),
    ("Max (our neighbor) is a firefighter", ("identity.occupation", "firefighter", "Max")),
])
def test_the_statement_is_the_named_persons(text: str, expected: tuple[str, str, str]) -> None:
    found = _read(text)
    assert expected in found
    assert not [f for f in found if f[0] == expected[0] and not f[2]]  # never the user's


@pytest.mark.parametrize("text", ["Tom (my coworker)", "Tom, my coworker", "Tom is my coworker, he is great"])
def test_no_statement_no_fact_of_the_person(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "health.allergy"]
