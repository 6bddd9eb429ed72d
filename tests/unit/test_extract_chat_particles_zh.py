"""A Chinese statement closed or paused by 呢 is still a statement: 我住在杭州呢 ("I live in Hangzhou, you know"),
我最近在学日语呢 ("I'm learning Japanese at the moment") and 我呢，比较喜欢吃辣 (a topic's pause) read as they do
without it. Before, a closing 呢 read as a question and each stated nothing. A 呢 that asks (a question word, an
alternative, an A-not-A, the listener, a noun alone: 我的手机呢) still states nothing. English has no such particle:
"I live in Hangzhou, you know" was already read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我住在杭州呢", ("identity.location", "杭州", "")),
    ("我喜欢吃火锅呢。", ("food.like", "火锅", "")),
    ("我最近在学日语呢", ("activity.learning", "日语", "")),
    ("我现在只喝燕麦拿铁呢", ("user.drinks", "燕麦拿铁", "")),
    ("我呢，比较喜欢吃辣", ("food.like", "辣", "")),
    ("我老婆呢，对花生过敏", ("health.allergy", "花生", "wife")),
    ("I live in Hangzhou, you know", ("identity.location", "Hangzhou", "")),
])
def test_a_statement_closed_or_paused_by_ne_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "我的手机呢", "我该怎么办呢", "我住在杭州还是上海呢", "我到底喜不喜欢他呢", "那我老婆呢", "我喜欢什么呢",
    "我要不要去北京呢",
])
def test_a_ne_that_asks_states_nothing(text: str) -> None:
    assert _read(text) == []
