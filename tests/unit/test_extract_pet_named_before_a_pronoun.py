"""A pet said before "she" / "he" was no one the pronoun could stand for: "I have a cat named Mimi. She is three years
old." stored the pet and no age, while the same with a daughter stored hers. A pet after "my" / "I have a" is now
someone a pronoun may carry (``carried._EN_MENTION``). And a perfect after "'s" is no copula's value: "My guinea
pig's been great" stored ``user.guinea_pig = been great``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "who"), [
    ("I have a cat named Mimi. She is 3 years old.", "cat"),
    ("I have a cat named Mimi. She is three years old.", "cat"),
    ("My dog loves the park. He is 5 years old.", "dog"),
])
def test_the_pronoun_after_a_pet_is_the_pets(text: str, who: str) -> None:
    found = _read(text)
    assert [v for k, v, s in found if k == "identity.age" and s == who], found
    assert not [k for k, _, s in found if k == "identity.age" and not s], found


def test_a_person_named_after_the_pet_keeps_the_pronoun() -> None:
    assert ("identity.location", "Ohio", "sister") in _read("My sister has a dog. She lives in Ohio.")


@pytest.mark.parametrize("text", ["My guinea pig's been great.", "My phone's been giving me a hard time."])
def test_a_perfect_after_s_is_no_value(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k.startswith(("user.", "tool."))], _read(text)


@pytest.mark.parametrize(("text", "fact"), [
    ("I have a friend named Tom. He works at Google.", ("identity.employer", "Google", "Tom")),
    ("I have a coworker called Priya. She loves hiking.", ("sport.like", "hiking", "Priya")),
    ("我有个朋友叫小李。他在腾讯工作。", ("identity.employer", "腾讯", "小李")),
])
def test_the_pronoun_after_someone_introduced_by_name_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    """"I have a friend named Tom. He …": "he" is the friend Tom. It was "my friend", unnamed, whom no reading keeps
    (only relatives and named people are), so the sentence stored nothing; a relative stays under the relation ("I
    have a sister named Anna. She …": ``sister``)."""
    assert _read(text) == [fact]
    assert ("identity.location", "Boston", "sister") in _read("I have a sister named Anna. She lives in Boston.")
