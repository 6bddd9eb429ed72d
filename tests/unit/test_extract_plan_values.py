"""What an English plan's value holds: the thing planned, not a state said beside a date, an auxiliary or "coming up".

LoCoMo turns stored schedule.event = "in the study abroad program I applied" ("On Friday, I got great news - I'm
finally in the study abroad program I applied for!": a state now, the date the news's), "community meeting coming
up" and "be discussing education and infrastructure upgrades" ("Next week I have a community meeting coming up,
we'll be discussing ...").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
PLANS = ("schedule.event", "travel.plan")


def _plans(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=SAID) if c.key in PLANS]


@pytest.mark.parametrize(("text", "plans"), [
    ("Hey John, long time no talk. On Friday, I got great news - I'm finally in the study abroad program I applied "
     "for! Next month, I'm off to Ireland for a semester.", ["off to Ireland for a semester"]),
    ("Yesterday I heard back - I'm officially part of the team!", []),
    ("Last week I signed the papers - I'm finally home!", []),
])
def test_a_state_now_is_no_plan_for_a_date_another_clause_names(text: str, plans: list[str]) -> None:
    assert _plans(text) == plans


@pytest.mark.parametrize(("text", "plans"), [
    ("Next week I have a community meeting coming up, we'll be discussing education and infrastructure upgrades.",
     ["community meeting", "discussing education and infrastructure upgrades"]),
    ("I have a big exam coming up next week.", ["big exam"]),
    ("Tomorrow I'll be presenting my project.", ["presenting their project"]),
])
def test_a_plan_is_kept_without_its_auxiliary_or_coming_up(text: str, plans: list[str]) -> None:
    assert _plans(text) == plans


@pytest.mark.parametrize(("text", "plan"), [
    ("I'm in Paris next week.", "in Paris"), ("I'm at the dentist tomorrow.", "at the dentist"),
    ("Next month, I'm off to Ireland.", "off to Ireland"), ("I'm flying to Tokyo on Friday.", "flying to Tokyo"),
])
def test_where_one_will_be_on_a_date_said_in_the_clause_is_still_a_plan(text: str, plan: str) -> None:
    assert _plans(text) == [plan]


@pytest.mark.parametrize(("text", "plan"), [
    # the part of the day before 我, and a plan made with someone after a verb of intent, are read as the plan
    ("下周三晚上我要和老同学张伟吃饭。", "晚上和老同学张伟吃饭"),
    ("明天晚上我和太太去看电影。", "和太太去看电影"),
    ("我下周二要跟客户见面。", "跟客户见面"),
    ("我明天晚上去看电影。", "晚上去看电影"),
    ("下周三晚上我要去看牙医。", "晚上去看牙医"),  # it kept 我要 in the value
])
def test_a_chinese_plan_with_its_part_of_day_or_its_companion_is_read(text: str, plan: str) -> None:
    assert _plans(text) == [plan]
