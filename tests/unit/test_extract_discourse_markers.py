"""A statement with a discourse marker around it is read as the statement without it.

"I'm not vegetarian anymore actually." kept the diet current and "Actually I quit coffee." kept the coffee
habit, while the same sentences without the marker withdrew them; 其实 before a Chinese statement hid it the
same way. The markers are one vocabulary (``extract.asides``), read only when a sentence gives nothing with
them, so a marker never adds a fact the bare statement would not give."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.asides import without
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("marked", "bare"), [
    ("I'm not vegetarian anymore actually.", "I'm not vegetarian anymore."),
    ("Actually I quit coffee.", "I quit coffee."),
    ("Hmm, well, I moved to Berlin last month.", "I moved to Berlin last month."),
    ("To be honest I'm not vegetarian anymore", "I'm not vegetarian anymore"),
    ("Oh and btw I live in Leeds now", "I live in Leeds now"),
    ("I actually prefer DHL for delivery", "I prefer DHL for delivery"),
    # the change of mind announced before a colon, as 我改主意了: "use DHL ..., not UPS" read
    ("Actually, I changed my mind: use DHL for delivery, not UPS.", "Use DHL for delivery, not UPS."),
    ("I've changed my mind: ship with FedEx", "Ship with FedEx"),
    ("其实我不吃香菜", "我不吃香菜"),
    ("对了，我搬到杭州了", "我搬到杭州了"),
    ("改主意了，我以后都用京东", "我以后都用京东"),
])
def test_a_marked_statement_gives_what_the_bare_one_gives(marked: str, bare: str) -> None:
    assert _read(bare), bare  # the bare statement is one the rules read
    assert _read(marked) == _read(bare)


@pytest.mark.parametrize("text", ["Actually!", "Hmm, well.", "其实吧", "Never mind", "Oh ok", "Actually no thanks"])
def test_markers_alone_state_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_correction_by_its_marker_keeps_reading_as_one() -> None:
    found = RuleExtractor().extract(text="Actually FedEx", role="user", said_at=_AT)
    assert [(c.key, c.value, c.corrects) for c in found] == [("shipping.carrier", "FedEx", True)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit coffee.", None), ("Actually I quit coffee.", "I quit coffee."),
    ("I'm not vegetarian anymore actually.", "I'm not vegetarian anymore."),
    ("Never mind, I actually don't mind flying now.", "I don't mind flying now."),
    ("其实我现在能吃一点辣了。", "我现在能吃一点辣了。"), ("Actually!", None),
])
def test_without_cuts_opening_inner_and_closing_markers(text: str, expected: str | None) -> None:
    assert without(text) == expected


@pytest.mark.parametrize("text", [
    "其实我最近一直在寻找一个可以倾诉的对象。", "我最近在物色新房子", "我最近一直在寻找一个可以倾诉的对象"])
def test_a_search_said_lately_is_no_pursuit(text: str) -> None:
    # read without 其实, this became activity.current = 寻找一个可以倾诉的对象: a search, like 找, is no pursuit
    assert [c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)] == []
