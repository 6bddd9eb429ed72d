"""A relative clause or an apposition between commas hid what it said of the person or thing before it: "My husband
Daniel, who's 47 and an architect, ..." stored the husband and neither his age nor his work, "Our cat Pepper, a
two-year-old tabby, ..." nothing, "I have a brother, Sam, who works at Boeing" the brother alone. Each thing the
clause says is now read again with its subject (``extract.apposed``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


def test_each_copula_complement_of_a_relative_clause_is_the_persons() -> None:
    found = _read("My husband Daniel, who's 47 and an architect, cooks dinner most nights.")
    assert {("identity.age", "47", "Daniel"), ("identity.occupation", "architect", "Daniel")} <= found, found


def test_a_relative_clause_closing_the_sentence_is_the_named_relatives() -> None:
    found = _read("I have a brother, Sam, who works at Boeing.")
    assert {("identity.employer", "Boeing", "Sam"), ("family.member", "brother named Sam", "")} <= found, found


def test_an_age_in_an_apposition_is_the_pets() -> None:
    assert ("identity.age", "2", "Pepper") in _read("Our cat Pepper, a two-year-old tabby, sleeps on my keyboard.")


def test_a_thing_of_the_users_named_in_an_apposition() -> None:
    assert ("user.car", "2015 Honda Civic", "") in _read("My car, a 2015 Honda Civic, needs new tires.")


@pytest.mark.parametrize("text", [
    "I talked to my sister, who said she loves sushi.",  # a report of what she said
    "We flew to Paris, which was lovely.",  # a place, nothing of the user's
    "My friend, a bit older than me, moved away.",  # a comparison, no noun phrase of the friend
])
def test_a_clause_of_saying_or_no_noun_phrase_states_nothing_of_the_subject(text: str) -> None:
    assert not {f for f in _read(text) if f[2] in ("sister", "friend") or f[1] == "lovely"}, _read(text)
