"""A bare weekday with a verb in the present is a weekly habit: 我周二去健身房 stored ``schedule.event = 去健身房``
dated to the coming Tuesday, while 我每周二去健身房 and "I go to the gym on Tuesdays" were habits. Now it is read as
每周二 is (``extract.weekly``); one Tuesday (这周二, 下周二), a plan (要去), a past (去了), an appointment (看牙医)
and a question stay as they were."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> dict[str, str]:
    return {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "habit"), [
    ("我周二去健身房。", "每周二去健身房"),
    ("我周四晚上去游泳", "每周四晚上去游泳"),
    ("我周一和周三练瑜伽。", "每周一和周三练瑜伽"),
    ("周六我去打羽毛球", "每周六去打羽毛球"),
    ("我儿子周六踢足球。", "每周六踢足球"),  # a relative's, read by the same shape
])
def test_a_bare_weekday_in_the_present_is_a_habit(text: str, habit: str) -> None:
    found = _read(text)
    assert found.get("preference.habit") == habit and "schedule.event" not in found, found


@pytest.mark.parametrize("text", [
    "我这周二去健身房。", "我下周二去健身房", "我周二要去健身房。", "我周二打算去游泳", "我周二去看牙医。",
])
def test_one_day_or_a_plan_stays_a_plan(text: str) -> None:
    found = _read(text)
    assert "preference.habit" not in found and ("schedule.event" in found or "travel.plan" in found), found


@pytest.mark.parametrize("text", ["我周二去了健身房。", "我周二去健身房吗？", "周二去健身房"])
def test_a_past_a_question_or_no_speaker_is_no_habit(text: str) -> None:
    assert "preference.habit" not in _read(text)
