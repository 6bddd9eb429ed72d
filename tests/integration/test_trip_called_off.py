"""A trip called off, through the public SDK on a real SQLite file with the real model: the plan to Lisbon ends and
the plan to Porto said instead holds with its date; 成都那趟不去了，改成去西安 ends the Chengdu plan and plans Xi'an.
Before, Lisbon stayed (and a plan of the cancelled trip was added), and 去西安 was stored as a thing used."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


def test_a_trip_called_off_and_another_planned(memory: Memory) -> None:
    memory.add("We're going to Lisbon on 14 March")
    memory.add("Actually the Lisbon trip is cancelled, we're going to Porto instead on 20 March.")
    assert _active(memory) == [("travel.plan", "going to Porto")]
    [porto] = memory.list()
    assert isinstance(porto, Fact) and porto.valid_from is not None and (porto.valid_from.month, porto.valid_from.day) \
        == (3, 20)


def test_a_trip_called_off_in_chinese(memory: Memory) -> None:
    memory.add("我们三月十四号去成都")
    memory.add("成都那趟不去了，改成去西安。")
    assert _active(memory) == [("travel.plan", "去西安")]


def test_a_meeting_called_off_leaves_the_trip(memory: Memory) -> None:
    memory.add("We're going to Lisbon on 14 March")
    memory.add("The meeting was cancelled.")
    assert _active(memory) == [("travel.plan", "going to Lisbon")]
