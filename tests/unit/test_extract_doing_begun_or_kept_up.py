"""A doing begun or kept up that no rule keys is what the user has been doing: "I started bouldering last
month", "I've started composting every week", 我最近开始晨跑了, "I've been learning-free journaling since March",
"I've been playing the oboe for twelve years", 我拉二胡十年了 stored nothing (the present statement they were read as,
"I play the oboe", 我拉二胡, is keyed by no rule). Now each is ``activity.current`` (a pastime the gazetteer names is
that pastime), dated from the time said; a beginning of the moment ("I started crying", 我开始哭了), one with neither
when nor how often ("I started sweating"), and a change whose span counts the state after it (我们结婚七年了) are none.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, int | None]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return [(c.key, c.value, c.valid_from.year if c.valid_from else None) for c in found if not c.retracts]


@pytest.mark.parametrize(("text", "fact"), [
    ("I started bouldering last month", ("activity.current", "bouldering", 2026)),
    ("I've started composting our kitchen scraps", ("activity.current", "composting our kitchen scraps", None)),
    ("I recently began volunteering at the food bank", ("activity.current", "volunteering at the food bank", None)),
    ("I started swimming last month", ("sport.like", "swimming", 2026)),
    ("我最近开始晨跑了", ("activity.current", "晨跑", None)),
    ("我前段时间开始做志愿者了", ("activity.current", "做志愿者", None)),
    ("I've been playing the oboe for twelve years", ("activity.current", "playing the oboe", 2014)),
    ("I've been bullet journaling since March", ("activity.current", "bullet journaling", 2026)),
    ("我拉二胡十年了", ("activity.current", "拉二胡", 2016)),
    ("我做平面设计八年了", ("activity.current", "做平面设计", 2018)),
])
def test_a_doing_begun_or_kept_up(text: str, fact: tuple[str, str, int | None]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I started crying", "I started laughing last night", "I started sweating", "I started packing yesterday",
    "我开始哭了", "我开始紧张了", "我们结婚七年了", "I've been waiting for two hours",
])
def test_a_beginning_of_the_moment_is_none(text: str) -> None:
    assert [f for f in _read(text) if f[0] in ("activity.current", "sport.like", "hobby.like")] == []


@pytest.mark.parametrize(("text", "habit"), [
    ("I've begun meditating every morning", "meditate every morning"),
    ("I've started exercising every day", "exercise every day"),
    ("I've started juggling every evening", "juggle every evening"),
])
def test_a_habit_begun_keeps_its_verb_whole(text: str, habit: str) -> None:
    """A longer verb that dropped its e before -ing gets it back (meditate, exercise, juggle): the habit was stored
    as "meditat every morning", "exercis every day"."""
    assert _read(text) == [("preference.habit", habit, None)]


def test_a_relatives_doing_is_theirs() -> None:
    found = RuleExtractor().extract(text="My brother started bouldering last month", role="user", said_at=_AT)
    assert [(c.key, c.value, c.subject) for c in found] == [("activity.current", "bouldering", "brother")]
