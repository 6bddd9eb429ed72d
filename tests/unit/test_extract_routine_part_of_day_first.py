"""The part of the day said before how often goes with the hour: 我早上一般六点半起床 and 我晚上一般十一点睡觉 are the
wake-up and bed times 早上六点半 / 晚上十一点, as 我一般早上六点半起床 was (before: a habit 早上一般六点半起床), and as
"I usually get up at 6:30 in the morning" is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "fact"), [
    ("我早上一般六点半起床", ("routine.wake", "早上六点半")),
    ("我晚上一般十一点睡觉", ("routine.bed", "晚上十一点")),
    ("我晚上通常11点睡", ("routine.bed", "晚上11点")),
    ("我一般早上六点半起床", ("routine.wake", "早上六点半")),
    ("我每晚十一点左右睡", ("routine.bed", "晚上十一点")),
    ("I usually get up at 6:30 in the morning", ("routine.wake", "6:30 in the morning")),
])
def test_the_part_of_the_day_goes_with_the_hour(text: str, fact: tuple[str, str]) -> None:
    assert [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)] == [fact]
