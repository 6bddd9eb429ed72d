"""The time of a leave-taking ("see you tomorrow", 明天再聊) is when the talk resumes: it dates no other clause.

"I'm going to the gym, see you tomorrow!" stored schedule.event = "going to the gym" for tomorrow, and
我要去睡觉了，明天再聊。 travel.plan = 去睡觉 for tomorrow.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _dated(text: str) -> list[tuple[str, str, date | None]]:
    return [(c.key, c.value, c.valid_from.date() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize("text", [
    "I'm going to the gym, see you tomorrow!", "I'm going to grab dinner now, talk to you tomorrow!",
    "我要去睡觉了，明天再聊。", "我去吃饭了，和你明天再见。",
])
def test_a_farewells_time_dates_nothing(text: str) -> None:
    assert not any(day == date(2026, 12, 7) for _, _, day in _dated(text))


@pytest.mark.parametrize(("text", "fact"), [
    ("I have a job interview tomorrow, see you tomorrow!", ("schedule.event", "job interview", date(2026, 12, 7))),
    ("Tomorrow I'm going hiking, talk to you then!", ("schedule.event", "going hiking", date(2026, 12, 7))),
    ("我明天要去开会，明天见。", ("schedule.event", "去开会", date(2026, 12, 7))),
])
def test_a_plan_with_its_own_time_keeps_it(text: str, fact: tuple[str, str, date]) -> None:
    assert fact in _dated(text)
