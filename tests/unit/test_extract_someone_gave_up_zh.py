"""戒 said of a relative or a named person is their giving up, as 不抽烟了 is: 我爸戒烟了, 我老公戒酒了, 小李戒烟了
stored nothing while 我爸不抽烟了 and 我戒烟了 did. A quitting that failed (我戒烟失败了) stored the habit 烟失败
withdrawn; now none, for the user or anyone. 戒指 is a ring; a friend left unnamed, a question and a wish stay none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _quit(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key.endswith(".quit")}


def _any(text: str) -> list[str]:
    return [c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)]


@pytest.mark.parametrize(("text", "quit_"), [
    ("我爸戒烟了", ("habit.quit", "抽烟", "dad")),
    ("我老公上个月戒酒了", ("drink.quit", "酒", "husband")),
    ("小李戒烟了", ("habit.quit", "抽烟", "小李")),
    ("我妈戒了奶茶", ("drink.quit", "奶茶", "mom")),
])
def test_a_relative_or_a_named_person_giving_up_is_theirs(text: str, quit_: tuple[str, str, str]) -> None:
    assert _quit(text) == {quit_}


@pytest.mark.parametrize("text", ["我妈戒指丢了", "我朋友戒烟了", "我爸戒烟了吗？", "我爸想戒烟", "我戒烟失败了",
                                  "我爸戒烟失败了", "我戒不掉咖啡"])
def test_a_ring_an_unnamed_friend_a_question_a_wish_or_a_failure_is_none(text: str) -> None:
    assert _any(text) == []
