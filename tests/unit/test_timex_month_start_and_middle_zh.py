"""月初 and 月中 are the first and the middle ten days of a month, as 月底 is the last: 下个月初 was read as 下个月
with 初 left over, so 我下个月初要去深圳出差 and 下个月初我们去三亚度假 stored nothing while 下个月底我要去深圳出差
stored the trip. 中 that begins another word (中旬, 中心, 中国) is no part of a month."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative, time_span

_SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "start", "end"), [
    ("下个月初", datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 1, 11, tzinfo=UTC)),
    ("下个月中", datetime(2027, 1, 11, tzinfo=UTC), datetime(2027, 1, 21, tzinfo=UTC)),
    ("这个月初", datetime(2026, 12, 1, tzinfo=UTC), datetime(2026, 12, 11, tzinfo=UTC)),
])
def test_the_start_or_middle_of_a_month_is_its_first_or_middle_ten_days(
        text: str, start: datetime, end: datetime) -> None:
    assert time_span(text) == (0, len(text))
    assert resolve_relative(text, _SAID, prefer_future=True) == (start, end)


@pytest.mark.parametrize("text", ["我下个月初要去深圳出差", "下个月初我们去三亚度假"])
def test_a_trip_at_the_start_of_next_month_is_planned(text: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_SAID)
    assert [c.key for c in found] == ["travel.plan"]


@pytest.mark.parametrize("text", ["月中旬", "月中心", "中国"])
def test_zhong_of_another_word_is_no_month(text: str) -> None:
    assert time_span(text) is None
