"""A habit said with how sure one is, or with a count in a unit of time, is a habit: 我一天喝两杯奶茶吧, 我基本每天都
会散步, 我差不多一周去两次健身房 stored nothing (一天 with a count of servings, and a hedge before 每天 / 一周, were no
habit), so a later 其实我已经戒咖啡了 had nothing to end. Now each is ``preference.habit``, the hedge and the closing 吧
left out of the value; one time (一周前买了两本书, 一天跑了十公里, 一天内要看完三本书) and a state (我一天都在家) are
none. Giving one up ends it: with a count between the verb and its object (打两次羽毛球 ends by 不打羽毛球了), and with
the thing said first, with or without 我 (烟已经戒了, 最近膝盖疼，羽毛球不打了)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _habits(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "preference.habit" and not c.retracts]


@pytest.mark.parametrize(("text", "habit"), [
    ("我一天喝两杯奶茶吧", "一天喝两杯奶茶"),
    ("我一天抽半包烟", "一天抽半包烟"),
    ("我基本每天都会散步", "每天都会散步"),
    ("我基本上每天都跑步", "每天都跑步"),
    ("我差不多一周去两次健身房", "一周去两次健身房"),
    ("我大概一个月看两本书", "一个月看两本书"),
])
def test_a_hedged_or_counted_habit_is_a_habit(text: str, habit: str) -> None:
    assert _habits(text) == [habit]


@pytest.mark.parametrize("text", ["我一周前买了两本书", "我一天跑了十公里", "我一天内要看完三本书", "我一天都在家",
                                  "我差不多到家了"])
def test_one_time_or_a_state_is_no_habit(text: str) -> None:
    assert _habits(text) == []


@pytest.mark.parametrize(("habit", "ended"), [
    ("我一天喝三杯咖啡吧", "其实我已经戒咖啡了"),
    ("我一周大概打两次羽毛球", "我不打羽毛球了"),
    ("我一周大概打两次羽毛球", "最近膝盖疼，羽毛球不打了"),
    ("我一天抽半包烟", "烟已经戒了"),
])
def test_giving_it_up_ends_the_habit(tmp_path: Path, habit: str, ended: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as m:
        m.add(habit)
        m.add(ended)
        facts = m.list(kind="fact", status="all")
    assert [f.status for f in facts if f.key == "preference.habit" and f.value == _habits(habit)[0]] == ["superseded"]


def test_someone_named_first_gives_nothing_up_for_the_user() -> None:
    assert [c for c in RuleExtractor().extract(text="张伟不抽了", role="user", said_at=_AT) if not c.subject] == []
