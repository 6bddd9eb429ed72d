"""A move said as an end and a present: "I no longer live in Berlin; I'm in Lisbon now" stored identity.former Berlin
and no Lisbon, and 我现在不住在上海了，搬到了杭州 the event 搬到了杭州 and no home, so the user's home was none. The
clause after a home that ended now names the home when it names a place; "I'm in a meeting now", "I'm in a hurry now"
and 搬到了新办公室 stay no home. A move (搬到) right after a home ended is to the next home even when no list names the
town (搬到佛山了, 搬到波特兰了: it stored no home, and "I live in Seattle" stayed current)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, tzinfo=UTC)


def _homes(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "identity.location" and not c.retracts]


@pytest.mark.parametrize(("text", "home"), [
    ("I no longer live in Berlin; I'm in Lisbon now.", ["Lisbon"]),
    ("I don't live in Berlin anymore, but I'm in Lisbon now.", ["Lisbon"]),
    ("我现在不住在上海了，搬到了杭州。", ["杭州"]),
    ("我不住上海了，现在在杭州", ["杭州"]),
    ("I no longer live in Berlin; I'm in a hurry now.", []),
    ("我不住在上海了，搬到了新办公室", []),
    ("I'm in a meeting now.", []),
    ("I'm in a hurry now.", []),
    ("我搬到了新办公室", []),
    # a move right after a home ended is to the next home, a town no list names too
    ("我不住广州了，搬到佛山了", ["佛山"]),
    ("我不住北京了，搬去了大连", ["大连"]),
    ("我不住西雅图了，搬到波特兰了", ["波特兰"]),
    # a kind of place, a room, a spot, or 在 (where one is this moment) name no town
    ("我不住广州了，搬到乡下了", []),
    ("我不住上海了，搬到公司宿舍了", []),
    ("我不住宿舍了，搬到学校附近了", []),
    ("我不住上海了，在家躺平", []),
    ("我不住这儿了，搬到朋友那了", []),
])
def test_the_place_after_a_home_ended_is_the_home(text: str, home: list[str]) -> None:
    assert _homes(text) == home


@pytest.mark.parametrize(("first", "moved", "left"), [
    ("I live in Berlin.", "I no longer live in Berlin; I'm in Lisbon now.", [("identity.location", "Lisbon")]),
    ("我住在上海", "我现在不住在上海了，搬到了杭州。", [("identity.location", "杭州")]),
    # the new home replaces the old one said in English: the two names of the old town need not meet
    ("I live in Seattle", "我不住西雅图了，搬到波特兰了", [("identity.location", "波特兰")]),
])
def test_the_new_home_is_current(tmp_path: Path, first: str, moved: str, left: list[tuple[str, str]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first)
        mem.add(moved)
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)
                      if f.key == "identity.location") == left
