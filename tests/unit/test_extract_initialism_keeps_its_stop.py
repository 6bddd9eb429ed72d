"""A value that ends in an initialism keeps its last full stop, which closes the sentence too: "My favourite band is
Fontaines D.C." stored ``Fontaines D.C``, "I moved to the U.S. last year" ``U.S``. A full stop after anything else
still closes only the sentence ("My doctor is Dr. Lee." is ``Dr. Lee``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.clauses import clean_value
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _values(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("My favourite band is Fontaines D.C.", "Fontaines D.C."),
    ("I live in Washington D.C.", "Washington D.C."),
    ("I moved to the U.S. last year", "U.S."),
    ("My favorite band is R.E.M.!", "R.E.M."),
    ("My doctor is Dr. Lee.", "Dr. Lee"),
])
def test_the_initialism_keeps_its_stop(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize(("said", "value"), [
    ("Fontaines D.C.", "Fontaines D.C."), ("the U.S.!", "U.S."), ("Boston.", "Boston"), ("Acme Inc.", "Acme Inc"),
    ("plan B.", "plan B"),
])
def test_clean_value(said: str, value: str) -> None:
    assert clean_value(said, "en") == value
