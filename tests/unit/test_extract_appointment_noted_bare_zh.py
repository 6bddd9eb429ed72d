"""A Chinese plan noted with its day and no verb of doing: whom one sees by appointment named alone
(下周五下午三点牙医, as "dentist on friday at 3" is) and a doing said with whom it is done first
(明天下午两点跟客户开会) stored nothing, while 下周五下午三点看牙医 and 明天下午两点开会 were plans. Now each is the
user's ``schedule.event``; asked, past, suggested or someone else's stays none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("下周五下午三点牙医", "牙医"),
    ("周四上午洗牙", "洗牙"),
    ("下周二复诊", "复诊"),
    ("明天下午两点跟客户开会", "跟客户开会"),
    ("周六和老同学吃饭", "和老同学吃饭"),
])
def test_a_bare_appointment_is_the_users_plan(text: str, value: str) -> None:
    assert _read(text) == [("schedule.event", value, "")]


@pytest.mark.parametrize("text", [
    "下周五牙医吗", "上周五牙医", "明天下午两点跟客户开会吧", "他下周五下午三点牙医", "明天跟你说", "明天和你聊聊",
])
def test_asked_past_suggested_or_someone_elses_is_none(text: str) -> None:
    assert [f for f in _read(text) if not f[2]] == []
