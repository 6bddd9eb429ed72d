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


@pytest.mark.parametrize(("text", "facts"), [
    ("Maria 喜欢用邮件沟通", [("contact.channel", "邮件", "Maria")]),
    ("Tom住在长沙", [("identity.location", "长沙", "Tom")]),
    ("Jenny下个月要去日本", [("travel.plan", "去日本", "Jenny")]),
    ("儿子Leo喜欢吃寿司", [("food.like", "寿司", "Leo"), ("family.member", "儿子Leo", "")]),
    ("女儿Mia喜欢吃草莓", [("food.like", "草莓", "Mia"), ("family.member", "女儿Mia", "")]),
])
def test_a_name_in_latin_letters_keeps_what_is_said_of_them(text: str, facts: list[tuple[str, str, str]]) -> None:
    """Before, the statement about a person named in Latin letters stored nothing: the name was no name
    ``subject_zh.someone_else`` knew, as 小李喜欢用邮件沟通's is."""
    assert _facts(text) == facts


@pytest.mark.parametrize("text", [
    "Notion是我最常用的工具", "Python很好学", "Google在北京有办公室", "Netflix最近在看什么", "小李最近在看什么",
])
def test_a_thing_in_latin_letters_or_a_question_is_no_ones_statement(text: str) -> None:
    assert _facts(text) == []
