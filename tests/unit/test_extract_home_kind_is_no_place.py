"""Where one lives said as the kind of one's home or its floor is no place: "I live in a two-bedroom apartment",
"I live in a small studio", 我住在一个两居室, 我家住在12楼 stored ``identity.location = two-bedroom apartment`` /
``12楼``, superseding the city one lives in. Now the kind is the home (``user.home`` in both languages), a floor is
neither, and a place after the kind stays the place ("a studio in Lisbon": Lisbon)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "facts"), [
    ("I live in a one-bedroom flat", [("user.home", "one-bedroom flat")]),
    ("We live in a rented townhouse", [("user.home", "rented townhouse")]),
    ("I live in a loft in Brooklyn", [("identity.location", "Brooklyn"), ("user.home", "loft")]),
    ("I live on the third floor", []),
    ("我住在一套三居室", [("user.home", "三居室")]),
    ("我们住在两室一厅里", [("user.home", "两室一厅")]),
    ("我住在8楼", []),
    ("我家住在顶层", []),
])
def test_the_kind_of_home_is_no_place(text: str, facts: list[tuple[str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize(("text", "place"), [
    ("I live in Leeds", "Leeds"), ("I live in a small town", "small town"), ("我住在杭州", "杭州"),
    ("我住在阳光公寓", "阳光公寓"),
])
def test_a_place_is_still_where_one_lives(text: str, place: str) -> None:
    assert _read(text) == [("identity.location", place)]


def test_the_kind_of_home_leaves_the_city(memory: Memory) -> None:
    memory.add("I live in Leeds", user_id="u")
    memory.add("I live in a two-bedroom apartment", user_id="u")
    memory.add("我住在杭州", user_id="v")
    memory.add("我住在12楼", user_id="v")
    assert sorted((f.key, f.value) for f in memory.list(user_id="u")) == [
        ("identity.location", "Leeds"), ("user.home", "two-bedroom apartment")]
    assert [(f.key, f.value) for f in memory.list(user_id="v")] == [("identity.location", "杭州")]
