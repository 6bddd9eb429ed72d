"""Two "my <thing> is <value>" clauses joined by "and": "my dentist is Dr. Alvarez and my landlord's name is Gary"
stored nothing, while each clause alone was read. A second possessive copula with a name or a number opens a clause
of its own (``extract.carried``); one with a word of state ("… and my progress is slow") does not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "facts"), [
    ("my dentist is Dr. Alvarez and my landlord's name is Gary",
     # the landlord's name is the landlord, as "my landlord is Gary" says (extract.possessive_en.said_as_named)
     {("user.dentist", "Dr. Alvarez", ""), ("user.landlord", "Gary", "")}),
    ("my email is a@b.com and my phone number is 555-1234",
     {("contact.email", "a@b.com", ""), ("contact.phone", "555-1234", "")}),
])
def test_each_copula_is_read(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= _read(text)


@pytest.mark.parametrize("text", ["I feel like my creative energy is lacking and my progress is slow.",
                                  "my chest is still so tight, and my heart is still pounding so fast"])
def test_a_state_is_no_attribute(text: str) -> None:
    assert _read(text) == set()
