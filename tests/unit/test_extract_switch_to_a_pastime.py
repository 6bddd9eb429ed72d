"""A switch to a pastime is the pastime, not a thing used: 现在不怎么打篮球了，改成游泳了 stored ``tool.uses = 游泳``.
Now the sport or hobby the gazetteer names as the whole new value is ``sport.like`` / ``hobby.like``; a switch to a
tool or a thing is read as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "facts"), [
    ("现在不怎么打篮球了，改成游泳了", [("sport.like", "游泳")]),
    ("我最近改成跑步了", [("sport.like", "跑步")]),
    ("我现在换成瑜伽了", [("sport.like", "瑜伽")]),
    # near-misses: a tool or a thing switched to is no pastime
    ("我们换成飞书了", [("user.uses", "飞书")]),
    ("我换成了一台MacBook", [("tool.uses", "MacBook")]),
])
def test_a_pastime_switched_to(text: str, facts: list[tuple[str, str]]) -> None:
    assert _read(text) == facts
