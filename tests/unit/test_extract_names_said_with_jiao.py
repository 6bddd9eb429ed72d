"""A thing's or a pet's name said with 叫 ("is called"), and a thing one began to use, in Chinese as in English.

我们家的猫叫咪咪 stored ``pet = 猫咪咪``, which reads as 猫咪 named 咪; the name whose start would join the word
before it is now said as named (``名叫咪咪的猫``; ``猫叫咪咪`` read as a cat's cry), while 猫麻糬 stays side by
side. "Our cat is called Mimi" stored nothing ("My cat is named Mimi" did). 我住的小区叫阳光花园 and
我最近开始用飞书了 stored nothing (叫 was no copula of a name, and a start no time of use, as 是 and 现在 were)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("我们家的猫叫咪咪", [("pet", "名叫咪咪的猫", "")]),
    ("我的猫叫咪咪。", [("pet", "名叫咪咪的猫", "")]),
    ("我家狗叫狗蛋", [("pet", "名叫狗蛋的狗", "")]),
    ("我的猫叫麻糬", [("pet", "猫麻糬", "")]),  # no start to misread: side by side as before
    ("我们家的狗叫旺财", [("pet", "狗旺财", "")]),
    ("Our cat is called Mimi", [("pet", "cat named Mimi", "")]),
    ("Our dog is named Rex.", [("pet", "dog named Rex", "")]),
    ("My cat is named Mimi", [("pet", "cat named Mimi", "")]),
])
def test_a_pets_name_is_kept_apart_from_its_kind(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我住的小区叫阳光花园", [("user.小区", "阳光花园", "")]),
    ("我住的小区是阳光花园", [("user.小区", "阳光花园", "")]),
    ("我家小区叫阳光花园", [("user.小区", "阳光花园", "")]),
    ("我的网名叫小鱼", [("user.网名", "小鱼", "")]),
    ("我的房东叫陈明", [("identity.name", "陈明", "landlord")]),  # a person's name stays theirs
])
def test_jiao_names_a_thing_as_shi_does(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a thing of a known kind begun is marked so (``shapes.BEGUN_KEY``): the fact engine stores it as used, ending the
    # one thing of its kind used before
    ("我最近开始用飞书了", [("user.began_using", "飞书", "")]),
    ("我们已经开始用钉钉了", [("user.began_using", "钉钉", "")]),
    ("I recently started using Feishu", [("user.began_using", "Feishu", "")]),
])
def test_a_thing_one_began_to_use_is_used(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "我的猫叫了一晚上", "我的狗叫得很大声", "我的老板叫我加班", "我的朋友叫他小王", "我住的小区叫阳光花园吗",
    "我老婆叫我早点睡", "我老公叫我少喝酒", "我儿子叫他爸爸",
    "我开始用功读书了", "我开始用心学习了", "我最近开始用药了", "Our cat is called a menace",
])
def test_a_cry_a_request_or_a_verb_with_yong_names_nothing(text: str) -> None:
    assert _read(text) == []
