"""我们全家, 我们一家人, 我们一家三口 are the household, as 我们 is: 我们全家下周去北京 and
下个月初我们全家去三亚度假 stored nothing while 我们下周去北京 stored the trip, nor did 我们全家都喜欢吃辣 or
我们一家三口住在上海. The family's own things (我们全家的照片, 我们全家人的生日) are left as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.tidy import tidy

_SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("我们全家下周去北京", "travel.plan", "去北京"),
    ("下个月初我们全家去三亚度假", "travel.plan", "去三亚度假"),
    ("我们全家都喜欢吃辣", "food.like", "辣"),
    ("我们一家三口住在上海", "identity.location", "上海"),
])
def test_the_whole_family_is_we(text: str, key: str, value: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_SAID)
    assert [(c.key, c.value, c.subject) for c in found] == [(key, value, "")]


@pytest.mark.parametrize("text", ["我们全家的照片", "我们全家人的生日都在冬天"])
def test_the_familys_own_things_are_left_as_said(text: str) -> None:
    assert tidy(text) == text
