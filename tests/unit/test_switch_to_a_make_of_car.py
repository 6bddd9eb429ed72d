"""A switch to a make of car, said after the car one drives, is the car now: 我开的是丰田 then 上个月换成比亚迪了 kept
丰田 as ``user.car`` and stored 比亚迪 as a thing used beside it (``tool.uses``); now 比亚迪 supersedes 丰田 under
``user.car`` ("I drive a Toyota" then "I switched to BYD" likewise). A make is no rival of a tool: with Notion used and
no car, 换成比亚迪了 ends no Notion; a tool switched to after a car is stored ends no car."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from factvalues import stored_facts

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) pairs after the user's ``messages``, a minute apart (``stored_facts``)."""
    return stored_facts(tmp_path, *messages, start=_AT)


@pytest.mark.parametrize(("first", "switch", "old", "new"), [
    ("我开的是丰田", "上个月换成比亚迪了", "丰田", "比亚迪"),
    ("我开特斯拉", "现在换成小鹏了", "特斯拉", "小鹏"),
    ("I drive a Toyota", "I switched to BYD", "Toyota", "BYD"),
])
def test_a_make_switched_to_is_the_car_now(tmp_path: Path, first: str, switch: str, old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, first, switch)
    assert ("user.car", new) in active and ("user.car", old) in superseded, (active, superseded)
    assert not any(key == "tool.uses" for key, _ in active)


def test_a_make_is_no_rival_of_a_tool(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "We use Notion", "换成比亚迪了")
    assert ("tool.uses", "Notion") in active and not superseded, (active, superseded)


def test_a_tool_switched_to_ends_no_car(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我开的是丰田", "We use Notion", "We switched to Linear")
    assert {("user.car", "丰田"), ("tool.uses", "Linear")} <= active, (active, superseded)
