"""A change of the user's said in Chinese after a comma with no subject (以后周末早上改成游泳，不跑步了, 我周末去游泳，
不跑步了) stated nothing of the running given up, and 以后不跑步了 stored the habit "不跑步" (a doing given up stored as
one done); 以后周末早上改成游泳 stored 周末早上改成游泳 with the 改成 in it. Now the later clause is the user's own
change (``extract.carried._own_later_zh``), 不跑步了 / 不去健身房了 read as 不吃辣了 is (``subject_zh``), and the
habit under 以后 is what is done (``preferences_zh._habit_fallback``). Someone else's clauses stay theirs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", ["以后周末早上改成游泳，不跑步了", "我周末去游泳，不跑步了", "不跑步了",
                                  "以后不跑步了"])
def test_running_given_up_is_withdrawn_by_the_user(text: str) -> None:
    found = _read(text)
    assert ("preference.habit", "跑步", "", True) in found, found
    assert not [f for f in found if "不跑步" in f[1]], found  # never a habit of not running


@pytest.mark.parametrize("text", ["我哥改成游泳了，不跑步了", "老王改成游泳了，不跑步了", "女儿喜欢画画，不学钢琴了",
                                  "他改成游泳了，不跑步了"])
def test_someone_elses_clauses_stay_theirs(text: str) -> None:
    assert not [f for f in _read(text) if f[2] == "" and f[3]], _read(text)


def test_the_habit_under_from_now_on_is_what_is_done() -> None:
    assert ("preference.habit", "周末早上游泳", "", False) in _read("以后周末早上改成游泳")


def test_the_morning_run_is_superseded(memory: Memory) -> None:
    memory.add("我每天早上跑步")
    memory.add("以后周末早上改成游泳，不跑步了")
    facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert ("preference.habit", "每天早上跑步", "superseded") in facts and \
        ("preference.habit", "周末早上游泳", "active") in facts, facts
