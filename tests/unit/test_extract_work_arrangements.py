"""How the user works now (``extract.arrangements``): remote, hybrid, in the office, on a shift; one value,
in English and Chinese, and never a happening of one day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("These days I mostly work from home.", [("", "user.work_arrangement", "remote")]),
    ("As of this week I'm on the night shift.", [("", "user.work_arrangement", "night shift")]),
    ("I'm back on the day shift.", [("", "user.work_arrangement", "day shift")]),
    ("I split my time between home and the office.", [("", "user.work_arrangement", "hybrid")]),
    ("I'm in the office full-time now.", [("", "user.work_arrangement", "office")]),
    ("I started going to the office.", [("", "user.work_arrangement", "office")]),
    ("这周开始我上夜班。", [("", "user.work_arrangement", "夜班")]),
    ("最近我基本在家办公。", [("", "user.work_arrangement", "在家办公")]),
    ("我現在坐班了", [("", "user.work_arrangement", "坐班")]),
    # home or the office said as where one works now is the arrangement, no employer named 家 or 公司
    ("我现在在家上班。", [("", "user.work_arrangement", "在家办公")]),
    ("我目前在家里工作。", [("", "user.work_arrangement", "在家办公")]),
    ("我现在在公司上班了", [("", "user.work_arrangement", "坐班")]),
    ("我现在在家乐福上班。", [("", "identity.employer", "家乐福")]),
    ("My wife works from home.", [("wife", "wife.work_arrangement", "remote")]),
    ("Customer works nights.", [("customer", "customer.work_arrangement", "night shift")]),
])
def test_a_current_work_arrangement_is_one_value(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I worked from home yesterday.", "I'm working from home today.", "I'm on nights this week.",
    "I want to work from home.", "Do you work from home?", "今天我在家办公。", "我明天上夜班。",
])
def test_a_day_a_wish_or_a_question_is_no_arrangement(text: str) -> None:
    assert [f for f in _read(text) if f[1].endswith("work_arrangement")] == []
