"""从 and a time before 开始 or 起 is the time a beginning names: 我从去年开始学吉他, 我女儿从上个月开始学钢琴 and
我从下周起不喝咖啡了 stored nothing while 我去年开始学吉他 stored what is learnt. A 从 before no time (从小就, 从那时起,
从头开始) is kept as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.tidy import since_said_zh

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str, bool]]:
    return {(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)}


@pytest.mark.parametrize(("text", "fact"), [
    ("我从去年开始学吉他", ("activity.learning", "吉他", "", False)),
    ("我从上个月开始练书法", ("activity.learning", "书法", "", False)),
    ("我女儿从上个月开始学钢琴", ("activity.learning", "钢琴", "daughter", False)),
    ("我从下周起不喝咖啡了", ("drink.quit", "咖啡", "", False)),
])
def test_a_beginning_said_from_a_time_is_read(text: str, fact: tuple[str, str, str, bool]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", ["我从小就喜欢画画", "我从那时起就不吃肉了", "我从头开始学", "从这里开始走"])
def test_from_before_no_time_is_kept(text: str) -> None:
    assert since_said_zh(text) == text
