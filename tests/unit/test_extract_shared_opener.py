"""The user's "I'm" / "I have" shared by two predicates or objects joined by "and" (``extract.carried``):
"I'm vegetarian and allergic to peanuts" states the allergy too, and a list inside one side stays one fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.subject}


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm vegetarian and allergic to peanuts.", {("food.diet", "vegetarian"), ("health.allergy", "peanuts")}),
    ("I am vegan and allergic to soy", {("food.diet", "vegan"), ("health.allergy", "soy")}),
    ("I'm pregnant and allergic to penicillin.",
     {("health.condition", "pregnancy"), ("health.allergy", "penicillin")}),
    ("I have two kids and a dog named Max.", {("family.member", "2 kids"), ("pet", "dog named Max")}),
    ("I have a cat and two dogs.", {("pet", "cat"), ("pet", "2 dogs")}),
    ("I have a son and a daughter.", {("family.member", "son"), ("family.member", "daughter")}),
])
def test_both_sides_of_a_shared_opener_are_read(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    # a list inside one side: "I'm shellfish" states nothing, so the sentence is read whole
    ("I'm allergic to peanuts and shellfish.", {("health.allergy", "peanuts"), ("health.allergy", "shellfish")}),
    ("I'm a fan of rock and roll.", {("preference.like", "rock and roll")}),
    ("I'm looking for a dentist and a plumber.", set()),
    ("I'm tired and hungry.", set()),
    # a name after "I'm" would be read as the user's name
    ("I'm subscribed to Audible and Kindle Unlimited", {("tool.uses", "Audible"), ("tool.uses", "Kindle Unlimited")}),
])
def test_a_list_inside_one_side_is_not_cut(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_a_long_sentence_with_a_list_is_read_whole() -> None:
    # the "and" joins two products inside the object, not two things the user has
    text = ("I have a budget for post-production software licenses like Adobe Premiere Pro and DaVinci Resolve, "
            "can you help me track my expenses?")
    assert not any(value == "DaVinci Resolve" for _, value in _read(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("My therapist is Dana, I see her on Thursdays.", ("user.therapist", "Dana")),
    ("My trainer is Mike and I see him every Monday.", ("user.trainer", "Mike")),
])
def test_a_possessive_copula_before_the_users_clause_is_kept(text: str, expected: tuple[str, str]) -> None:
    # read whole, the user's habit took the sentence and the therapist was lost
    assert expected in _read(text)
