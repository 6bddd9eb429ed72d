"""A second predicate joined by "and" in a clause followed by another subject's: "my wife is a nurse and works night
shifts so I'm usually the one doing school runs" stored nothing, while the first two clauses alone stored the wife's
occupation and shift. The cut before "and works" was tried only when the sentence had one clause; it is now tried in
each clause a sentence was cut in (``extract.carried.Scope.read``), under the same check."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "facts"), [
    ("my wife is a nurse and works night shifts so I'm usually the one doing school runs",
     {("identity.occupation", "nurse", "wife")}),
    ("My sister lives in Ohio and works as a dentist, and I live in Denver",
     {("identity.location", "Ohio", "sister"), ("identity.occupation", "dentist", "sister"),
      ("identity.location", "Denver", "")}),
])
def test_each_clause_keeps_its_joined_predicate(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= _read(text)


def test_the_users_clause_states_nothing_of_the_relative() -> None:
    found = _read("my wife is a nurse and works night shifts so I'm usually the one doing school runs")
    assert not [f for f in found if not f[2]]
