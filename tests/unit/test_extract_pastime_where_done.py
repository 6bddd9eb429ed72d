"""A pastime said with where it is done is the pastime: "I go running at the gym", "I run in the park instead",
我在健身房跑步, 我改在公园跑步了 stored nothing where "I go running" and 我跑步 store the sport."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I go running at the gym", [("sport.like", "running")]),
    ("I run in the park instead", [("sport.like", "running")]),
    # before: nothing ("instead" was cut only at the end, so "instead of ..." kept the pastime from reading)
    ("I run in the park instead of the gym", [("sport.like", "running")]),
    ("I play tennis instead of golf now", [("sport.like", "tennis")]),
    ("I usually run in the park", [("sport.like", "running")]),
    ("I go swimming at the YMCA", [("sport.like", "swimming")]),
    ("I play tennis at the club", [("sport.like", "tennis")]),
    ("我在健身房跑步", [("sport.like", "跑步")]),
    ("我改在公园跑步了", [("sport.like", "跑步")]),
])
def test_where_a_pastime_is_done_leaves_the_pastime(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_the_statement_says_no_instead() -> None:
    [found] = RuleExtractor().extract(text="I run in the park instead", role="user", said_at=_AT)
    assert found.statement == "runs in the park"


@pytest.mark.parametrize("text", [
    "I climb the stairs at the gym", "I go to work in the park", "我在公园等你", "My sister runs in the park",
])
def test_what_is_no_pastime_of_ones_own_is_none(text: str) -> None:
    assert not [k for k, _ in _read(text) if k in ("sport.like", "hobby.like")]
