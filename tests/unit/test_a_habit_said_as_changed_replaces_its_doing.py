"""A habit or a means said as begun or switched to takes the place of the one the user held for the same doing.

"I run every morning" then "Actually I've switched to evening runs" read nothing and kept the morning run; "I work in
the office every day" then "I started working from home on Fridays" kept the office habit ("on Fridays" was cut as the
day it began, leaving ``work_arrangement = remote``); "I drive to work" then "I've taken up cycling to work" read
nothing; 我每天早上跑步 then 我现在改成每天晚上跑步了 stored ``user.步 = 每天晚上``. A switch to a doing and a doing
taken up now read as its beginning (``extract.onset``), a switch to a time and a doing (改成每天晚上跑步) as the
habit, and a habit said as changed (``extract.changed_now``) supersedes the one habit of the same doing
(``facts.kinds.habit_doing``). A habit of another doing ("I also swim on Sundays", 我也每天晚上游泳) or a past
story ("Yesterday I took the bus") ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _held(path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=3 * n))
        return {(f.value, f.status) for f in mem.list(kind="fact", status="all", limit=50)
                if f.key in ("preference.habit", "user.commute")}


@pytest.mark.parametrize(("messages", "old", "new"), [
    (("I run every morning.", "Actually I've switched to evening runs."), "run every morning", "run in the evenings"),
    (("I work in the office every day.", "I started working from home on Fridays."), "work in the office every day",
     "work from home on Fridays"),
    (("I drive to work.", "I've taken up cycling to work."), "by car", "by bike"),
    # moved to a doing is no move of home ("We moved to weekend hikes" stored identity.location = hikes)
    (("I hike on Saturdays.", "We moved to weekend hikes."), "hike on Saturdays", "hike on weekends"),
    (("I swim every evening.", "I moved to morning swims."), "swim every evening", "swim in the mornings"),
    # a part of the day said once, in a sentence of what holds these days, closed by "instead"
    (("I go running every morning.", "I stopped running; these days I swim in the evening instead."),
     "go running every morning", "swim in the evening"),
    (("I take the subway to work.", "These days I cycle to work instead of taking the subway."),
     "by subway", "by bike"),
    # "now" first and "instead" last (extract.tidy.now_first), as "I cycle to work now." says it
    (("I take the bus to work.", "Now I cycle to work instead."), "by bus", "by bike"),
    (("我每天早上跑步。", "我现在改成每天晚上跑步了。"), "每天早上跑步", "每天晚上跑步"),
    (("我每天早上跑步。", "我每周日游泳。", "我开始每天晚上跑步了。"), "每天早上跑步", "每天晚上跑步"),
    # another doing said in place of the habit: the one habit held, or the one of its part of the day
    (("I run every morning.", "Now I swim in the mornings instead."), "run every morning", "swim in the mornings"),
    (("I run every morning.", "I read every evening.", "Now I swim in the mornings instead."), "run every morning",
     "swim in the mornings"),
    (("我每天早上跑步。", "现在我改成每天早上游泳了。"), "每天早上跑步", "每天早上游泳"),
    # another thing drunk in place of the one drunk as a habit
    (("我每天喝咖啡。", "现在我改喝茶了。"), "每天喝咖啡", "每天喝茶"),
    (("I drink coffee every day.", "Now I drink tea instead."), "drink coffee every day", "drink tea every day"),
])
def test_a_habit_said_as_changed_supersedes_the_habit_of_its_doing(
        tmp_path: Path, messages: tuple[str, ...], old: str, new: str) -> None:
    held = _held(tmp_path, *messages)
    assert (old, "superseded") in held
    assert (new, "active") in held


@pytest.mark.parametrize("messages", [
    ("I run every morning.", "I also swim on Sundays."),
    ("I drive to work.", "Yesterday I took the bus."),
    ("我每天早上跑步。", "我也每天晚上游泳。"),
    ("I run every morning.", "I've started swimming on weekends."),
    ("I run every morning.", "My brother also runs every morning."),
    ("我每天喝咖啡。", "我也喜欢喝茶。"),
    ("I run every morning.", "I read every evening.", "Now I swim instead."),
])
def test_a_habit_of_another_doing_ends_nothing(tmp_path: Path, messages: tuple[str, ...]) -> None:
    assert all(status == "active" for _, status in _held(tmp_path, *messages))


@pytest.mark.parametrize(("messages", "kept"), [
    # the gym said as stopped is the habit replaced (withdrawn by the reader of an ending), not the phone carrier
    (("我一直用移动的号。", "我每天晚上都去健身房。", "最近不去健身房了，改成晚上在家练瑜伽。"), "一直用移动的号"),
    (("I meditate every day.", "I swim every evening.", "I stopped swimming, now I run every morning instead."),
     "meditate every day"),
    # a habit of the morning said instead: never the evening one
    (("我每天晚上看书。", "现在改成每天早上游泳了。"), "每天晚上看书"),
])
def test_a_habit_said_instead_replaces_no_habit_it_neither_names_nor_shares_a_time_with(
        tmp_path: Path, messages: tuple[str, ...], kept: str) -> None:
    assert (kept, "active") in _held(tmp_path, *messages)


@pytest.mark.parametrize(("said", "place"), [
    ("I moved to Beijing.", "Beijing"), ("We moved to Nanjing last month.", "Nanjing"),
])
def test_a_place_ending_in_ing_is_a_home_moved_to_not_a_doing(tmp_path: Path, said: str, place: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I live in Shanghai.", created_at=_AT)
        mem.add(said, created_at=_AT + timedelta(days=3))
        held = {(f.value, f.status) for f in mem.list(key="identity.location", status="all", limit=10)}
    assert held == {("Shanghai", "superseded"), (place, "active")}
