"""A switch that names a town or a time names no thing used: 改成成都吧 after a trip planned to 重庆 and
改成十点睡了 stored ``tool.uses = 成都`` / ``十点睡`` (a plan or a routine moved, which the sentence does not
name). A switch said with a verb of use (改用, 换用) is to a thing used, never a food: 现在改用苹果了 stored
``user.eats = 苹果``; and a purpose no list names is no part of a Latin name (我改用Linux办公了 stored
``Linux办公``). A drink or a pastime switched to (换成了喝茶, 改成游泳了), a trip said with 去 (改成去成都吧) and a
tool (我改用飞书了) read as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("改成成都吧", []),
    ("那就换成杭州吧", []),
    ("改成十点睡了", []),
    ("改成下午三点吧", []),
    ("I switched to 6am", []),
    ("现在改用苹果了", [("tool.phone", "iPhone")]),
    ("我改用Linux办公了", [("tool.os", "Linux")]),
    # as before
    ("我换成了喝茶", [("user.drinks", "茶")]),
    ("换成燕麦奶了", [("user.drinks", "燕麦奶")]),
    ("我现在改成游泳了", [("sport.like", "游泳")]),
    ("改成去成都吧", [("travel.plan", "去成都")]),
    ("我改用飞书了", [("user.uses", "飞书")]),
    ("We switched to Linear", [("user.uses", "Linear")]),
])
def test_a_switch_to_a_town_or_a_time_names_no_thing_used(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected
