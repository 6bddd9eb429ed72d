"""A copula that says how one's thing is, not which it is, names no value of it: 我的车是去年买的,
我的手机是在京东买的, 我的电脑是公司配的, 我的手机是坏的, 我的笔记本是二手的 (the 是…的 of how it came or its
condition) stored ``user.车 = 去年买``, ``tool.phone = 在京东买``, ``tool.phone = 坏``, and "My car is almost paid off",
"My phone is brand new", "My laptop is second-hand", "My car is ten years old" stored ``user.car = almost paid off``
and the like, each superseding the thing's real name. 我的手机是华为的, 我的宽带是联通的 (whose make or provider it
is) still name it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "我的车是前年买的", "我的手机是在淘宝买的", "我的笔记本是单位配的", "我的自行车是同事送的", "我的公寓是租的",
    "我的手表是坏的", "我的笔记本是二手的", "我的沙发是旧的", "我的相机是全新的",
    "My car is almost paid off", "My phone is brand new", "My laptop is second-hand", "My bike is secondhand",
    "My car is ten years old", "My tablet is a few years old", "My watch is nearly dead",
    "Our main repo is written in Go", "My blog is built with Hugo", "My portfolio is hosted on Netlify",
])
def test_how_a_thing_is_names_no_value(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("我的手机是华为的", ("tool.phone", "华为")),
    ("我的宽带是联通的", ("user.宽带", "联通")),
    ("我的工资卡是建设银行的", ("user.bank", "建设银行")),  # the bank pay goes to is the user's bank
    ("My laptop is a ThinkPad", ("user.laptop", "ThinkPad")),
    ("My commute is almost an hour", ("user.commute", "almost an hour")),
])
def test_whose_make_or_an_amount_still_names_it(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


def test_how_it_came_leaves_the_thing_named(memory: Memory) -> None:
    memory.add("我的手机是小米14", user_id="u")
    memory.add("我的手机是在京东买的", user_id="u")
    memory.add("My car is a Honda Civic", user_id="u")
    memory.add("My car is ten years old", user_id="u")
    assert sorted((f.key, f.value) for f in memory.list(user_id="u")) == [
        ("tool.phone", "小米14"), ("user.car", "Honda Civic")]


@pytest.mark.parametrize(("text", "fact"), [
    ("Our electrician is a guy named Marco", ("user.electrician", "Marco")),
    ("My therapist is a woman called Ines Ruiz", ("user.therapist", "Ines Ruiz")),
    ("My phone plan is with Verizon", ("user.phone_plan", "Verizon")),
])
def test_a_person_said_by_kind_and_name_is_the_name(text: str, fact: tuple[str, str]) -> None:
    """"Our plumber is a guy named Rick" stored ``user.plumber = guy named Rick``; the name is the value."""
    assert _read(text) == [fact]
