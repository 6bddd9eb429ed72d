"""A service one subscribes to is a thing used, and cancelling it withdraws it: "I'm subscribed to Netflix and
Spotify", "I pay for YouTube Premium", "I have a Duolingo subscription", 我开了爱奇艺的年度会员, 我有腾讯视频的会员
stored nothing, nor did "I cancelled my Hulu subscription", 我把网易云音乐的会员取消了 end anything. Now each is
``tool.uses`` (one per service), and a cancellation withdraws it. "I pay for dinner", "I signed up for a class" name
no service."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "facts"), [
    ("I'm subscribed to Audible and Kindle Unlimited",
     [("tool.uses", "Audible", False), ("tool.uses", "Kindle Unlimited", False)]),
    ("I pay for YouTube Premium", [("tool.uses", "YouTube Premium", False)]),
    ("I have a Duolingo subscription", [("tool.uses", "Duolingo", False)]),
    ("我开了优酷的年度会员", [("tool.uses", "优酷", False)]),
    ("我有芒果TV的会员", [("tool.uses", "芒果TV", False)]),
])
def test_a_subscription_is_a_service_used(text: str, facts: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize("text", ["I pay for dinner", "I subscribe to the idea", "I have a question"])
def test_no_service_named(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "tool.uses"] == []


@pytest.mark.parametrize(("first", "then"), [
    ("I'm subscribed to Audible", "I cancelled my Audible subscription"),
    ("我开了优酷的会员", "我把优酷的会员取消了"),
])
def test_a_cancellation_withdraws_it(memory: Memory, first: str, then: str) -> None:
    memory.add(first, user_id="u")
    assert [f.key for f in memory.list(user_id="u")] == ["tool.uses"]
    memory.add(then, user_id="u")
    assert memory.list(user_id="u") == []
