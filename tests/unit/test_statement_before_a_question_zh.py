"""A Chinese statement and a question to the listener in one sentence: the statement is read, the question is not
(``tidy.before_question``). Before, a question anywhere left the whole sentence unread."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.tidy import before_question

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "fact"), [
    ("最近我在学习摄影，有什么好的相机推荐吗？", ("activity.learning", "摄影", "")),
    ("我最近开始练瑜伽了，你觉得瑜伽对身体好吗？", ("activity.learning", "瑜伽", "")),
    ("我最近在学吉他，你会弹吗，难不难学？", ("activity.learning", "吉他", "")),
    ("最近我对围棋越来越感兴趣了，不知道你会不会下围棋？", ("hobby.like", "围棋", "")),
    ("我下个月要去成都出差，你知道那边有什么好吃的吗？", ("travel.plan", "去成都出差", "")),
    ("我妈妈最近在学跳舞，你觉得她能坚持下来吗？", ("activity.learning", "跳舞", "mom")),
])
def test_the_statement_before_a_closing_question_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text), (text, _read(text))


@pytest.mark.parametrize("text", [
    "如果我每天跑步，会不会瘦？",
    "我不知道该怎么办，你能帮我吗？",
    "我喜欢你，你知道吗？",
    "我是不是应该换工作，你觉得呢？",
    "我有一个问题，我该怎么学好英语呢？",
    "你喜欢看电影吗？",
    "今天是星期日，我打算出去散步，你有什么推荐吗？",
    "最近我在学一门新的技能，怎么才能学得快一点？",
    "最近我在厨房里经常把菜炒糊，有什么办法吗？",
])
def test_a_question_a_supposition_or_nothing_named_gives_nothing(text: str) -> None:
    assert _read(text) == [], (text, _read(text))


def test_a_whole_question_and_a_statement_alone_are_kept_as_said() -> None:
    assert before_question("你最近在学什么呢？") == "你最近在学什么呢？"
    assert before_question("我最近在学日语，挺有意思的。") == "我最近在学日语，挺有意思的。"
    assert before_question("我最近在学日语，你呢？") == "我最近在学日语。"
