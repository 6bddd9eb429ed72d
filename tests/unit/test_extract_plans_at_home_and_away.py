"""A plan is travel only when it goes away from home, and a time phrase leaves no article behind.

"I will go to the gym" and 我明天去健身房 are plans kept at home (schedule.event); "I'm going to Paris
next week", 我下周去东京 and 我下个月去云南旅游 are trips (travel.plan). "been reading a lot in the past
week" keeps no dangling "in the" once the period is cut out of the value.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "key"), [
    ("Starting tomorrow, I will go to the gym and exercise regularly.", "schedule.event"),
    ("I will go to bed early tonight.", "schedule.event"),
    ("Next week I will go to the dentist.", "schedule.event"),
    ("I'm going to Paris next week.", "travel.plan"),
    ("Next month we're heading to the Alps.", "travel.plan"),
    ("I'm flying to Tokyo in March.", "travel.plan"),
    ("我明天去健身房。", "schedule.event"),
    ("我明天去上班。", "schedule.event"),
    ("我明天去医院复查。", "schedule.event"),
    ("我明天去超市买菜。", "schedule.event"),
    ("我下周去看演唱会。", "schedule.event"),
    ("我后天要去面试。", "schedule.event"),
    ("我周五要去体检。", "schedule.event"),
    ("我下个月要去考试。", "schedule.event"),
    ("我周六要去相亲。", "schedule.event"),
    ("I'm going to an interview on Friday.", "schedule.event"),
    ("我下周去东京。", "travel.plan"),
    ("我下周去上海。", "travel.plan"),
    ("我下个月去云南旅游。", "travel.plan"),
    ("我下周去北京出差。", "travel.plan"),
    ("我明天飞上海。", "travel.plan"),
])
def test_a_plan_is_travel_only_when_it_goes_away_from_home(text: str, key: str) -> None:
    assert [k for k, _ in _pairs(text)] == [key]


@pytest.mark.parametrize("text", ["I've been reading a lot in the past week!",
                                  "I have been cooking a lot over the past month."])
def test_the_words_leading_into_a_period_go_with_it(text: str) -> None:
    values = [v for _, v in _pairs(text)]
    assert values and not any(v.endswith((" the", " in", " over")) for v in values)
