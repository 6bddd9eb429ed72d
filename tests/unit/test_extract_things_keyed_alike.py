"""A common thing one has is one key in English and Chinese (``extract.things``): "My dentist is Dr. Patel" and
我的牙医是王医生 were ``user.dentist`` and ``user.牙医``, so a user speaking both had two dentists."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.shapes import keys_said_before
from memstrata.extract.taxonomy import key_spec

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("english", "chinese", "key"), [
    ("My dentist is Dr. Patel.", "我的牙医是王医生", "user.dentist"),
    ("My landlord is Mr. Green.", "我的房东是陈先生", "user.landlord"),
    ("My accountant is Zhang.", "我的会计是张姐", "user.accountant"),
    ("My team lead is Liu Yang.", "我们组长叫刘洋", "user.team_lead"),
    ("My doctor is Dr. Li.", "我的主治医生是李主任", "user.doctor"),
    ("My gym is Anytime Fitness.", "我的健身房是乐刻", "user.gym"),
    ("My car is a Tesla.", "我的车是特斯拉", "user.car"),
    ("My shoe size is 42.", "我的鞋码是42", "user.shoe_size"),
    ("My English name is Kevin.", "我的英文名叫Kevin", "user.english_name"),
    ("My major is physics.", "我的专业是物理", "user.major"),
    ("My daughter's teacher is Ms. Li.", "我女儿的老师是李老师", "daughter.teacher"),
])
def test_a_common_thing_is_one_key_in_both_languages(english: str, chinese: str, key: str) -> None:
    [(en_key, _, _)] = _read(english)
    [(zh_key, _, _)] = _read(chinese)
    assert en_key == zh_key == key


@pytest.mark.parametrize(("text", "expected"), [
    ("我开特斯拉", [("user.car", "特斯拉", "")]),  # the car driven: the car's key, as "I drive a Tesla"
    ("我每月房租3000", [("user.rent", "每月3000", "")]),
    ("我已经结婚了", [("user.marital_status", "已婚", "")]),  # as "I'm married"
    ("我的星座是狮子座", [("user.星座", "狮子座", "")]),  # a thing not listed keeps its own words
])
def test_other_shapes_of_a_listed_thing_take_its_english_key(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "我是医生",  # what the user is, no doctor of theirs
    "我的老板是个好人",  # what the boss is like
    "我的车很旧",  # how the car is
    "我的牙医是谁？",  # a question
])
def test_a_thing_said_without_a_value_stores_none(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k in ("user.doctor", "user.boss", "user.car", "user.dentist")]


def test_the_chinese_key_said_before_is_found_for_a_listed_thing() -> None:
    """A value stored under ``user.牙医`` before the thing was one key is superseded there (``facts.engine``)."""
    assert keys_said_before("user.dentist") == ["user.牙医", "user.牙科医生"]
    assert keys_said_before("daughter.teacher") == ["daughter.老师"]
    assert keys_said_before("user.星座") == []


def test_a_listed_thing_is_described_in_both_languages() -> None:
    spec = key_spec("user.dentist")
    assert (spec.description_en, spec.description_zh) == ("the user's dentist", "用户的牙医、牙科医生")
    assert key_spec("user.星座").description_zh == "用户的星座"
