"""A number is a value of its attribute, and an informal attribute word is the full word: what the
rule extractor reads from "I have 3 kids now", "My team is 5 people", "My fav color is blue" and
their Chinese (Simplified and Traditional) forms (``extract.counts``, ``extract.informal``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.counts import label, number
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.statements import slot_label

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I have 2 kids.", [("family.member", "2 kids", "has 2 kids")]),
    ("I have three kids now.", [("family.member", "3 kids", "has 3 kids")]),
    ("We have two dogs.", [("pet", "2 dogs", "has 2 dogs")]),
    ("我有两个孩子。", [("family.member", "2个孩子", "有2个孩子")]),
    ("我现在有三个孩子。", [("family.member", "3个孩子", "有3个孩子")]),
    ("我現在有三個孩子了", [("family.member", "3个孩子", "有3个孩子")]),
    ("我家有两只猫", [("pet", "2只猫", "有2只猫")]),
])
def test_a_count_names_what_it_counts(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("first", "second"), [
    ("has 2 kids", "has 3 kids"), ("has 2 children", "has 3 kids"), ("有2个孩子", "has 3 kids"),
    ("has 2 cats", "有3只猫"),
])
def test_counts_of_one_thing_share_a_label_in_either_language(first: str, second: str) -> None:
    assert slot_label(first) == slot_label(second) is not None


def test_one_of_a_thing_is_a_member_not_a_count() -> None:
    assert _read("I have a daughter named Emma.") == [
        ("family.member", "daughter named Emma", "has a family member: daughter named Emma")]
    assert _read("我有一个女儿") == [("family.member", "女儿", "家人：女儿")]
    assert label("has a family member: daughter") is None


@pytest.mark.parametrize(("word", "digits"), [("3", "3"), ("three", "3"), ("三", "3"), ("两", "2"), ("十二", "12"),
                                              ("二十", "20"), ("many", None)])
def test_number_words_are_digits(word: str, digits: str | None) -> None:
    assert number(word) == digits


@pytest.mark.parametrize(("text", "expected"), [
    ("My team is 5 people.", [("user.team_size", "5 people")]),
    ("Our team is 7 people now.", [("user.team_size", "7 people")]),
    ("Our team has 7 people now.", [("user.team_size", "7 people")]),
    ("We're a team of seven now.", [("user.team_size", "7 people")]),
    ("There are 7 of us on the team now.", [("user.team_size", "7 people")]),
    ("我的团队是5个人", [("user.团队人数", "5个人")]),
    ("我们团队现在有7个人了", [("user.团队人数", "7个人")]),
    ("我們團隊有五個人", [("user.团队人数", "5个人")]),
    ("My team is the platform team.", [("user.team", "platform team")]),
])
def test_a_count_of_people_is_the_size_of_their_group(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(k, v) for k, v, _ in _read(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Now we are 7.", [("user.group_size", "7 people")]),
    ("We're seven people now.", [("user.group_size", "7 people")]),
    ("There are 7 of us now.", [("user.group_size", "7 people")]),
    ("我们现在7个人了", [("user.group_size", "7个人")]),
    ("現在我們一共有七個人", [("user.group_size", "7个人")]),
])
def test_a_size_said_of_we_alone_awaits_its_group(text: str, expected: list[tuple[str, str]]) -> None:
    """The fact engine files it under the group whose size was said before (``FactEngine.sized_group``)."""
    assert [(k, v) for k, v, _ in _read(text)] == expected


@pytest.mark.parametrize("text", ["Our team has great people.", "我们团队有很多人", "We are a team.", "我们组很好",
                                  "We are here.", "We are so happy now."])
def test_no_size_without_a_number(text: str) -> None:
    assert not any(k.endswith(("_size", "人数")) for k, _, _ in _read(text))


@pytest.mark.parametrize(("informal", "full"), [
    ("My fav color is blue.", "My favorite color is blue."),
    ("My fave color is blue.", "My favorite color is blue."),
    ("My bday is March 3.", "My birthday is March 3."),
    ("My b-day is March 3.", "My birthday is March 3."),
    ("My hubby is allergic to peanuts.", "My husband is allergic to peanuts."),
    ("Tom's bday is May 2.", "Tom's birthday is May 2."),
    ("我最爱的颜色是蓝色", "我最喜欢的颜色是蓝色"),
    ("我最喜爱的颜色是蓝色", "我最喜欢的颜色是蓝色"),
    ("我最中意的顏色是藍色", "我最喜欢的颜色是蓝色"),
    ("我最钟爱的电影是阿甘正传", "我最喜欢的电影是阿甘正传"),
])
def test_an_informal_attribute_word_reaches_the_key_of_the_full_word(informal: str, full: str) -> None:
    assert _read(informal) == _read(full) != []


def test_an_informal_word_is_spelt_out_only_as_an_attribute() -> None:
    """After no possessive the word is left as said: "fav band ever" is no attribute phrase."""
    from memstrata.extract.informal import full_words
    assert full_words("I'm a big fan, fav band ever") == "I'm a big fan, fav band ever"
    assert full_words("Blue is my fav") == "Blue is my favorite"
