"""A contrast between two people's statements ("while", "whereas", 而我 / 但她) parts their facts: the other
person's value never runs on into the user's clause ("Denver while I live in Austin" was the sister's home). A user's
side that leaves out what the other's said ("My wife is vegetarian but I'm not", 我老婆在谷歌上班，我在阿里) is read
with it put back: it stored nothing of the user's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

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


@pytest.mark.parametrize(("sentence", "expected"), [
    # the user's side leaves out what the other's said: its predicate, its object or its verb (extract.gapped); a
    # diet denied withdraws the user's diet too, as "I'm not vegetarian" does (the value "")
    ("My wife is vegetarian but I'm not", {("food.diet", "vegetarian", "wife"), ("food.diet", "not vegetarian", ""),
                                           ("food.diet", "", "")}),
    ("Tom is vegetarian, but I'm not.", {("food.diet", "vegetarian", "Tom"), ("food.diet", "not vegetarian", ""),
                                         ("food.diet", "", "")}),
    ("My husband isn't vegetarian but I am.", {("food.diet", "vegetarian", "")}),
    ("My sister hates cilantro but I love it", {("food.dislike", "cilantro", "sister"), ("food.like", "cilantro", "")}),
    ("My wife eats meat but I don't", {("wife.eats", "meat", "wife"), ("food.dislike", "meat", "")}),
    ("我老婆在谷歌上班，我在阿里", {("identity.employer", "谷歌", "wife"), ("identity.employer", "阿里", "")}),
    ("我老婆吃素，我不吃", {("food.diet", "吃素", "wife"), ("food.diet", "不吃素", ""), ("food.diet", "", "")}),
    ("我妈喜欢喝茶，我不喜欢", {("drink.like", "茶", "mom"), ("preference.dislike", "茶", "")}),
])
def test_the_users_side_said_by_the_others_words_is_read_whole(
        sentence: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "He's not vegetarian, is he?", "My wife isn't vegetarian and I'm not either", "It is vegetarian but I'm not",
    "My wife is tired but I'm not", "我老婆吃素，我也吃",
])
def test_no_contrast_or_no_one_else_gives_the_user_nothing(sentence: str) -> None:
    assert {f for f in _facts(sentence) if not f[2]} == set()


def test_the_users_side_of_a_contrast_supersedes_their_own_diet(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm vegetarian")
        mem.add("My wife is vegetarian but I'm not")
        assert sorted((f.key, f.value, f.subject or "") for f in mem.list() if isinstance(f, Fact)) == [
            ("food.diet", "not vegetarian", ""), ("food.diet", "vegetarian", "wife")]
