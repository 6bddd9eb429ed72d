"""我X是Y: one's own attribute said after 我 (or 我妈) without 的, as Chinese says it every day (我鞋码是42,
我手机是小米14, 我妈手机是华为), read as 我的X是Y is when X is an attribute the shared lists name; an open word
before 是 may be a verb or an adverb (我觉得是对的) and states nothing. And what 是…的 says of what a thing
does or when it came is no name, nor is a listed thing's value another thing's key (我的手表是苹果的 names
no phone)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我鞋码是42。", [("user.shoe_size", "42", "")]),   # as "My shoe size is 42"
    ("我手机是小米14", [("tool.phone", "小米14", "")]),
    ("我血型是O型", [("identity.blood_type", "O型", "")]),
    ("我专业是计算机", [("user.major", "计算机", "")]),
    ("我车是比亚迪", [("user.car", "比亚迪", "")]),
    ("我微信名叫小鱼干", [("user.微信名", "小鱼干", "")]),
    ("我英文名是Tom", [("user.english_name", "Tom", "")]),
    # a relative's, under the relative, never the user's
    ("我妈手机是华为", [("tool.phone", "华为", "mom")]),
    ("我老公公司是华为", [("identity.employer", "华为", "husband")]),
])
def test_an_attribute_said_after_wo_without_de_is_read(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "我觉得是对的", "我一般都是在健身房锻炼", "我最近总是很累", "我报名是为了学习", "我家是农村的",
    "我专业是不是选错了", "我手机坏了", "我手机是昨天买的",
    # 是…的 of what a thing does or when it came: no name of it
    "我快递是昨天到的", "我公司是做芯片的", "我的公司是做芯片的", "我的店是卖衣服的",
])
def test_a_verb_or_a_description_before_or_after_shi_states_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我的手表是苹果的", [("user.watch", "苹果", "")]),
    ("我电脑是华为的", [("user.computer", "华为", "")]),
    ("My laptop is an Apple", [("user.laptop", "Apple", "")]),
    # a thing the attribute does not list keeps the gazetteer's key
    ("我的手机是华为的", [("tool.phone", "华为", "")]),
    ("My phone is a Pixel", [("tool.phone", "Pixel", "")]),
])
def test_a_listed_thing_keeps_its_own_key_whatever_its_value_names(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected
