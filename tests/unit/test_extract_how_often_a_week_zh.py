"""How often a week names no weekday: 每周一次, 一周三次, 每周两三天 say once, three times, two or three days a week,
but 周一, 周三 inside them were read as Monday and Wednesday, so 我订了每周一次的鲜花 stored the dated event
``订了每次的鲜花`` (the weekday cut out of it). 每周一早上, 下周三 and 周三要去开会 still name the day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import mentions_time, resolve_relative

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["每周一次", "一周三次", "每周两三天", "每星期二次", "每礼拜一趟", "一周五天"])
def test_a_count_a_week_is_no_day(text: str) -> None:
    assert resolve_relative(text, _AT) is None
    assert not mentions_time(text)


@pytest.mark.parametrize("text", ["周一", "周三要去开会", "下周三", "星期五晚上"])
def test_a_weekday_is_still_read(text: str) -> None:
    assert resolve_relative(text, _AT) is not None


def test_a_subscription_a_week_is_no_dated_event() -> None:
    found = RuleExtractor().extract(text="我订了每周一次的鲜花配送", role="user", said_at=_AT)
    assert not any("每次" in c.value for c in found)
