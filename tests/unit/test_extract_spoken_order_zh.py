"""How often and a kind said where Chinese chat puts them: 我习惯用Notion记笔记 and 我喝美式比较多 say what one
habitually does as 我平时用Notion记笔记 / 我平时喝美式 do (before: nothing, and ``user.drinks = 美式比较多``);
我咖啡只喝燕麦拿铁 and 我水果最喜欢芒果 name the kind first (咖啡, 水果) and the thing after, read as 我只喝燕麦拿铁 and
我最喜欢的水果是芒果 (before: nothing). What one drank once (我今天只喝了一杯咖啡: before, ``user.drinks = 了一杯咖啡``)
and a relative or a pronoun before the verb (我妈只喝绿茶, 我自己最喜欢你) are no such statement of the user's.
English says these with its own words ("I mostly pay with WeChat Pay", "Coffee-wise, I only drink oat lattes"),
which were already read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.informal import spoken_order_zh
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我习惯用Notion记笔记", ("user.notes", "Notion")),
    ("我喝美式比较多", ("user.drinks", "美式")),
    ("我用微信支付比较多", ("user.payment_method", "微信")),
    ("我咖啡只喝燕麦拿铁", ("user.drinks", "燕麦拿铁")),
    ("我水果最喜欢芒果", ("food.like", "芒果")),
    ("I mostly pay with WeChat Pay", ("user.payment_method", "WeChat Pay")),
    ("Coffee-wise, I only drink oat lattes", ("user.drinks", "oat lattes")),
])
def test_how_often_or_the_kind_said_first_is_read(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我今天只喝了一杯咖啡", "我自己最喜欢你", "我朋友比较多", "我想得比较多"])
def test_a_drink_once_or_no_kind_is_none(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize("sentence", ["我以后都用顺丰", "我以后只用顺丰", "我周末只喝咖啡", "我早上一般喝豆浆"])
def test_a_time_before_the_verb_is_no_kind_of_thing(sentence: str) -> None:
    # 以后 / 周末 / 早上 say when, not what: "我以后都用顺丰" had become "我都用顺丰", losing "from now on"
    assert spoken_order_zh(sentence) == sentence


@pytest.mark.parametrize(("text", "fact"), [
    ("快递我都用顺丰", ("shipping.carrier", "顺丰")),
    ("快递我一般用德邦。", ("shipping.carrier", "德邦")),
    ("快递，我习惯用顺丰", ("shipping.carrier", "顺丰")),
    ("编辑器我一般用VSCode", ("tool.editor", "VSCode")),
    ("咖啡我只喝美式", ("user.drinks", "美式")),
    ("水果我最喜欢芒果", ("food.like", "芒果")),
])
def test_the_kind_said_before_the_speaker_is_read_as_after(text: str, fact: tuple[str, str]) -> None:
    # before: nothing (快递我都用顺丰 is 我快递都用顺丰 with the topic first, the commonest spoken order)
    assert _read(text) == [fact]


@pytest.mark.parametrize("sentence", ["小王我一般用微信联系", "他和我都用顺丰", "你我都喝美式", "今天我只喝美式"])
def test_a_person_or_a_time_before_the_speaker_is_no_kind(sentence: str) -> None:
    # 小王 / 他和 / 你 say who, 今天 when: the sentence is not moved
    assert spoken_order_zh(sentence) == sentence
