"""A person said in Latin letters at the head of a Chinese clause: an English word for a relative is that relative
("mother-in-law住在长沙" is the mother-in-law's home, as 我岳母住在长沙 is), and a name (Tom住在长沙) is someone
else, never the user."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "fact"), [
    ("mother-in-law住在长沙", ("identity.location", "长沙", "mother-in-law")),
    ("我的mother-in-law住在长沙", ("identity.location", "长沙", "mother-in-law")),
    ("My mother-in-law住在长沙", ("identity.location", "长沙", "mother-in-law")),
    ("我的boyfriend对猫过敏", ("health.allergy", "猫", "boyfriend")),
    ("我mom是老师", ("identity.occupation", "老师", "mom")),
    ("dad有高血压", ("health.condition", "高血压", "dad")),
])
def test_an_english_word_for_a_relative_is_that_relative(text: str, fact: tuple[str, str, str]) -> None:
    assert _facts(text) == [fact]


@pytest.mark.parametrize("text", ["Tom住在长沙", "Sarah对猫过敏", "Sarah Lee住在上海", "iPhone很好用"])
def test_a_name_in_latin_letters_is_never_the_user(text: str) -> None:
    assert [f for f in _facts(text) if not f[2]] == []


@pytest.mark.parametrize(("text", "fact"), [
    ("CANARYKEEP 我喜欢吃辣", ("food.like", "辣", "")), ("Tom 我住在上海", ("identity.location", "上海", "")),
])
def test_the_users_own_clause_after_a_latin_word_is_still_read(text: str, fact: tuple[str, str, str]) -> None:
    assert _facts(text) == [fact]
