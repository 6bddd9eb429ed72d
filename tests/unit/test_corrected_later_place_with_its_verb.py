"""A place corrected in the next message with the verb of what one does there: 我在上海工作 then 说错了，是在杭州工作
stored 杭州工作 (statement 在杭州工作工作) in place of 上海. Now the verb after the place (工作, 上班, 上学, 住 ...)
is no part of the value (``extract.corrected_later``)."""

from __future__ import annotations

import pytest

from memstrata import Memory


@pytest.mark.parametrize(("first", "then", "key", "old", "new"), [
    ("我在上海工作", "说错了，是在杭州工作", "user.workplace_location", "上海", "杭州"),
    ("我在上海上班", "打错了，是在苏州上班", "user.workplace_location", "上海", "苏州"),
    ("我在南京工作", "说错了，是在南通", "user.workplace_location", "南京", "南通"),
])
def test_the_corrected_place_is_the_place(memory: Memory, first: str, then: str, key: str, old: str,
                                          new: str) -> None:
    memory.add(first)
    memory.add(then)
    facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert (key, new, "active") in facts and (key, old, "superseded") in facts, facts
    assert not [f for f in memory.list(kind="fact", limit=50) if "工作工作" in f.statement or "上班" in f.value]
