"""A contrast between two people's statements ("while", "whereas", 而我 / 但她) parts their facts: the other
person's value never runs on into the user's clause ("Denver while I live in Austin" was the sister's home)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, tzinfo=UTC)


def _facts(sentence: str) -> set[tuple[str, str, str]]:
    return {(f.key, f.value, f.subject) for f in RuleExtractor().extract(text=sentence, role="user", said_at=SAID)}


@pytest.mark.parametrize(("sentence", "expected"), [
    ("My sister lives in Denver while I live in Austin.",
     {("identity.location", "Denver", "sister"), ("identity.location", "Austin", "")}),
    ("My brother works at Google whereas I work at Apple.",
     {("identity.employer", "Google", "brother"), ("identity.employer", "Apple", "")}),
    ("汤姆住在波士顿而我住在奥斯汀。", {("identity.location", "波士顿", "汤姆"), ("identity.location", "奥斯汀", "")}),
    ("我喜欢猫而我老婆喜欢狗。", {("preference.like", "狗", "wife"), ("preference.like", "猫", "")}),
])
def test_each_side_of_a_contrast_keeps_its_own_subject(sentence: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(sentence) == expected


def test_another_person_with_a_verb_of_their_own_takes_no_like_of_the_user() -> None:
    # "I like tea and Sarah likes coffee" stored the user's like of "Sarah likes coffee"
    facts = _facts("I like tea and Sarah likes coffee.")
    assert ("drink.like", "tea", "") in facts
    assert not any("Sarah" in value for _, value, subject in facts if not subject)


@pytest.mark.parametrize("sentence", ["I listen to podcasts while I drive."])
def test_while_of_two_things_at_once_states_no_fact(sentence: str) -> None:
    assert _facts(sentence) == set()
