"""A thing said done beside a plan is no event of the plan's time: 我辞职了，下个月去字节跳动上班 stored
``schedule.event = 辞职`` dated next month (the clause was read without its closing 了, so the other clause's 下个月
dated it); now only the plan is scheduled, as 我刚吃完饭，下个月去北京 already was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["我辞职了，下个月去字节跳动上班", "我辞职了，下个月去字节跳动上班，做 AI infra"])
def test_a_thing_done_is_no_event_of_the_month_to_come(text: str) -> None:
    events = {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts}
    assert ("schedule.event", "辞职") not in events and ("schedule.event", "去字节跳动上班") in events
