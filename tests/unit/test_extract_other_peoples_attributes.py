"""What is said of another person is theirs, never an attribute of the user's: a relation with a name after "our"
(``extract.apposition``), a sibling with their age (``extract.kin``), "Tom's" for "Tom is" (``extract.informal``) and a
clause set off by commas that says something of the person (``extract.carried``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("Our neighbor Tom is a firefighter.", {("Tom", "identity.occupation", "firefighter")}),
    ("My neighbor Tom is a firefighter.", {("Tom", "identity.occupation", "firefighter")}),
    ("我们的邻居老王是消防员。", {("老王", "identity.occupation", "消防员")}),
    ("我们邻居老王是消防员。", {("老王", "identity.occupation", "消防员")}),
    ("My older sister is a nurse in Lisbon.",
     {("older sister", "identity.occupation", "nurse"), ("older sister", "identity.location", "Lisbon")}),
    ("My younger sister is a teacher in Porto.",
     {("younger sister", "identity.occupation", "teacher"), ("younger sister", "identity.location", "Porto")}),
    ("Tom's my neighbor. He's a firefighter.", {("Tom", "identity.occupation", "firefighter"),
                                                ("", "user.neighbor", "Tom")}),  # the user's neighbour is Tom
    ("My sister's a nurse.", {("sister", "identity.occupation", "nurse")}),
    ("My sister, who lives in Lisbon, is a nurse.",
     {("sister", "identity.location", "Lisbon"), ("sister", "identity.occupation", "nurse")}),
    ("Tom, who's my neighbor, works at Boeing.", {("Tom", "identity.employer", "Boeing"),
      ("", "user.neighbor", "Tom")}),
])
def test_another_persons_attribute_is_theirs(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My sister's name is Anna.", {("", "family.member", "sister named Anna")}),
    ("Tom's car is red.", set()),
    ("Well, who knows, maybe.", set()),
    ("Our team lead is Sarah.", {("", "user.team_lead", "Sarah")}),
    ("我们公司在杭州。", {("", "user.workplace_location", "杭州")}),
])
def test_a_possessive_or_an_aside_of_no_person_reads_as_before(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected
