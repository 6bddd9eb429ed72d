"""A dated reminder asked of the assistant is the user's plan for that day, and a Chinese plan of an errand is
read as any other plan: 提醒我周五交电费 and "Remind me to pay the electricity bill on Friday" store what is to be
done, dated, as 我周五要交电费 and "I need to pay the electricity bill on Friday" do; 我下周一要给我妈打电话,
我15号要还信用卡, 我下个月十号要交车险 and 我明天下午三点要开会 are plans (a call, a repayment, a day of the month
said alone or of next month, an hour before 要), and "the 10th of next month" is that day. Before, each stored
nothing or a value cut at "of". A reminder with no time, a question and a house or metro number (3号楼, 3号线)
state no plan."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)  # a Sunday


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.valid_from.date().isoformat() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value", "day"), [
    ("提醒我周五交电费", "交电费", "2026-12-11"),
    ("记得提醒我下周一给我妈打电话", "给我妈打电话", "2026-12-07"),
    ("明天下午三点提醒我开会", "下午三点开会", "2026-12-07"),
    ("我下周一要给我妈打电话", "给我妈打电话", "2026-12-07"),
    ("我15号要还信用卡", "还信用卡", "2026-12-15"),
    ("我3号要还信用卡", "还信用卡", "2027-01-03"),  # already past this month: next month's
    ("我下个月十号要交车险", "交车险", "2027-01-10"),
    ("我下个月要续签护照", "续签护照", "2027-01-01"),
    ("我明天下午三点要开会", "下午三点开会", "2026-12-07"),
    ("下周三提醒我给房东转房租", "给房东转房租", "2026-12-09"),
    ("提醒我明天上午十点去银行", "上午十点去银行", "2026-12-07"),  # an errand nearby, no trip
    ("Remind me to pay the electricity bill on Friday.", "pay the electricity bill", "2026-12-11"),
    ("Please remind me to call my mom next Monday", "call their mom", "2026-12-07"),
    ("Remind me on Friday to pay the rent", "pay the rent", "2026-12-11"),
    ("I need to pay the car insurance on the 10th of next month", "pay the car insurance", "2027-01-10"),
])
def test_a_dated_reminder_or_errand_is_a_scheduled_plan(text: str, value: str, day: str) -> None:
    assert _read(text) == [("schedule.event", value, day)]


@pytest.mark.parametrize("text", [
    "提醒我多喝水", "提醒我给我妈打电话", "你能提醒我周五交电费吗？", "Remind me to drink water",
    "Can you remind me to pay the bill on Friday?", "地铁3号线很挤", "我15号楼的邻居很吵", "我明天要取消会议",
])
def test_no_time_a_question_or_a_number_is_no_plan(text: str) -> None:
    assert _read(text) == []
