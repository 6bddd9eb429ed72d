"""An amount the user says they set their own thing to is that thing's new amount: "I've raised my travel budget to
$2,800" stored nothing (or a dated event), so "My travel budget is $2,000" stayed current. Now the clause reads as
the copula ("my travel budget is $2,800": the same key) and supersedes the old amount; someone else's thing, no
one's, a question or a condition give nothing. A bare "like" before a determiner after a statement ("..., like the
$40 I spent in March") is "such as", no like of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("before", "after", "value"), [
    ("My travel budget is $2,000.", "I've raised my travel budget to $2,800.", "travel: $2,800"),
    ("My gym budget is $60 a month.", "I cut my gym budget to $45/month to save for a bike.", "gym: $45 a month"),
    ("My rent is $1,900.", "We lowered our rent to $1,750 by signing a longer lease.", "$1,750"),
    ("My daily screen time is three hours.", "I've reduced my daily screen time from three hours to 90 minutes.",
     "90 minutes"),
    ("My savings goal is $300 a month.", "I just bumped up my savings goal to $400 a month, which feels doable.",
     "$400 a month"),
])
def test_amount_set_takes_the_copulas_key(before: str, after: str, value: str) -> None:
    (key, _), = _read(before)
    assert _read(after) == [(key, value)]


@pytest.mark.parametrize("text", [
    "I increased my sister's budget to $500.",  # hers
    "I raised the budget to $500.",  # no one's said
    "Should I raise my budget to $500?",  # a question
    "If I cut my rent to $1,500, I could save more.",  # supposed
    "I changed my mind about the trip.",  # no amount
])
def test_no_amount_of_the_users(text: str) -> None:
    assert not [k for k, _ in _read(text) if k.startswith(("budget", "user."))]


def test_such_as_after_a_statement_is_no_like() -> None:
    text = "My book budget is $75, which is more than before, like the $40 I spent in March."
    assert _read(text) == [("budget", "book: $75")]
