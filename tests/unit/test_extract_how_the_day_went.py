"""How the day went and a time that came are no happenings.

我今天过得还不错，今天天气很好，我出去玩了一天。 and 你好，又到了一天结束的时间了，来和你聊聊今天的日常生活吧。
(MemoryBank-zh turns) stored the events 过得还不错 and 到了一天结束的时间: 过 and 到 open happenings
(过生日, 到了北京), but 过得 says how the day felt, a mood of the day, and 到了…的时间 that a time has come.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _events(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [c.value for c in found if c.key in ("event", "schedule.event", "travel.plan")]


@pytest.mark.parametrize("text", [
    "我今天过得还不错，今天天气很好，我出去玩了一天。", "我昨天过得很糟糕。", "我今天过得很开心。",
    "你好，又到了一天结束的时间了，来和你聊聊今天的日常生活吧。", "又到了周末了。", "今天又到了吃药的时候。",
])
def test_how_the_day_went_or_a_time_come_is_no_event(text: str) -> None:
    assert _events(text) == []


@pytest.mark.parametrize(("text", "event"), [
    ("今天我到了一家新开的餐厅，菜品非常的丰富。", "到了一家新开的餐厅"), ("我今天到了北京。", "到了北京"),
    ("我昨天过了一个很开心的生日。", "过了一个很开心的生日"), ("今天我过生日。", "过生日"),
])
def test_a_place_reached_or_a_day_celebrated_is_still_one(text: str, event: str) -> None:
    assert _events(text) == [event]
