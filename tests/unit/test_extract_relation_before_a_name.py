"""A relation said before a name ("My friend Jake is a chef in Portland", 我的邻居老王是消防员, ``extract.apposition``):
what the sentence states is the named person's, never an attribute of the user's keyed by the person; and a role
with "in" and a city ("a chef in Portland", 在深圳当老师) names where the person is."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest

from memstrata.extract import apposition, places
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


def test_doctests() -> None:
    assert doctest.testmod(apposition).failed == 0
    assert doctest.testmod(places).failed == 0


@pytest.mark.parametrize(("text", "expected"), [
    ("My friend Jake is a chef in Portland.",
     {("Jake", "identity.occupation", "chef"), ("Jake", "identity.location", "Portland")}),
    ("My neighbor Tom is a firefighter.", {("Tom", "identity.occupation", "firefighter")}),
    # a relative named states the family member too (extract.family_named)
    ("My brother Tom is allergic to cats.",
     {("Tom", "health.allergy", "cats"), ("", "family.member", "brother named Tom")}),
    ("我的邻居老王是消防员。", {("老王", "identity.occupation", "消防员")}),
    ("Jake is a chef in Portland.",
     {("Jake", "identity.occupation", "chef"), ("Jake", "identity.location", "Portland")}),
])
def test_what_follows_a_relation_and_a_name_is_the_named_persons(text: str,
                                                                 expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm a chef in Portland.", {("", "identity.occupation", "chef"), ("", "identity.location", "Portland")}),
    ("I work as a chef in Portland.", {("", "identity.occupation", "chef"), ("", "identity.location", "Portland")}),
    ("I'm a nurse in New York.", {("", "identity.occupation", "nurse"), ("", "identity.location", "New York")}),
    ("我在深圳当老师", {("", "identity.occupation", "老师"), ("", "identity.location", "深圳")}),
    # no city: a field of study or of work, a language, a ward, a place of work
    ("I'm a student in Biology.", {("", "identity.occupation", "student")}),
    ("I'm a nurse in the ICU.", {("", "identity.occupation", "nurse")}),
    ("I'm a manager in Marketing.", {("", "identity.occupation", "manager")}),
    ("I'm a developer in Python.", {("", "identity.occupation", "developer")}),
    ("I'm a developer in Go.", {("", "identity.occupation", "developer")}),
    ("I'm a teacher in English.", {("", "identity.occupation", "teacher")}),
    ("I'm a consultant in Finance.", {("", "identity.occupation", "consultant")}),
    ("I'm a nurse in Pediatrics.", {("", "identity.occupation", "nurse")}),
    ("I'm a teacher in a public school.",
     {("", "identity.occupation", "teacher"), ("", "identity.employer", "public school")}),
])
def test_a_role_in_a_city_names_where_one_is(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["My friend Jake is nice.", "My friend Jake called.", "我的同事周末去爬山"])
def test_no_attribute_no_fact_and_a_time_is_no_name(text: str) -> None:
    assert _read(text) == set()


def test_a_time_after_a_relation_is_no_name() -> None:
    assert ("younger sister", "sport.like", "爬山") in _read("我妹妹周末去爬山")
    assert not any(subject == "周末" for subject, _, _ in _read("我妹妹周末去爬山"))
