"""How often a habit is done, said before 我 or in a clause of its own after one about the speaker: 每天晚饭后我都会散步
半小时, 每周六我去游泳 and 最近我在规律作息，每天都会早起运动 stored nothing while 我每天晚饭后都会散步半小时 was a
habit; 我每周都会在周末去打球 stored nothing either (在 of 在周末 read as the aspect of 我一直在想). A clause after
someone else's or after 我们 / 我和… lends no 我, and a mood or a thought is no habit."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _habits(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key == "preference.habit"]


@pytest.mark.parametrize(("text", "habit"), [
    ("每天晚饭后我都会散步半小时", "每天晚饭后都会散步半小时"),
    ("每天早上我都喝一杯豆浆", "每天早上都喝一杯豆浆"),
    ("每周六我去游泳馆游一个小时", "每周六去游泳馆游一个小时"),
    ("最近我在调整作息，每天都会早起跑步", "每天都会早起跑步"),
    ("其实我挺懒的，每周都会叫两三次外卖", "每周都会叫两三次外卖"),
    ("我每周都会在周末去打网球", "每周都会在周末去打网球"),
])
def test_how_often_said_first_or_in_a_clause_of_its_own_is_the_users_habit(text: str, habit: str) -> None:
    assert _habits(text) == [(habit, "")]


@pytest.mark.parametrize("text", [
    "每天我都很累", "每天我都在想这件事", "我觉得他很好，每天都会想他", "我们搬家了，每天都要坐地铁",
    "我朋友很忙，每天都要加班", "每天都会早起跑步吗？",
])
def test_a_mood_a_thought_or_someone_elses_clause_is_no_habit_of_the_users(text: str) -> None:
    assert [h for h in _habits(text) if not h[1]] == []
