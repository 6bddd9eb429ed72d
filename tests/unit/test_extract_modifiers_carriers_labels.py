"""Extraction cases: a name used as a modifier, Taiwan's
carriers, Taiwanese phrasing, a transcript's label for the user."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 15, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    # the name qualifies another thing: that thing is liked, the carrier is not chosen
    ("Actually, I love the UPS guy", [("preference.like", "UPS guy")]),
    ("I like FedEx's tracking app", [("preference.like", "FedEx's tracking app")]),
    ("I like VS Code themes", [("preference.like", "VS Code themes")]),
    # the name itself, with what may follow it
    ("I love UPS", [("shipping.carrier", "UPS")]),
    ("I love VS Code for Python", [("tool.editor", "VSCode")]),
])
def test_a_named_thing_used_as_a_modifier_is_not_chosen(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我以後都希望用黑貓宅急便", ("shipping.carrier", "黑猫宅急便")),
    ("以后都用新竹物流", ("shipping.carrier", "新竹物流")),
])
def test_taiwan_carriers_are_carriers(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


def test_a_black_cat_is_not_a_carrier() -> None:
    assert ("shipping.carrier", "黑猫") not in _found("我喜欢黑猫") and _found("我喜欢黑猫")


def test_taking_a_plane_in_taiwanese_phrasing_is_an_event() -> None:
    assert [k for k, _ in _found("我下周三要搭飞机去东京出差")] == ["schedule.event"]


@pytest.mark.parametrize(("text", "expected"), [
    ("User: I prefer UPS for delivery", [("shipping.carrier", "UPS")]),
    ("用户：以后都用顺丰", [("shipping.carrier", "顺丰")]),
    ("Mom: I prefer UPS for delivery", []),  # someone else's words
])
def test_a_transcript_label_for_the_user_is_read_past(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm also allergic to cats", [("health.allergy", "cats")]),
    ("I am severely allergic to shellfish", [("health.allergy", "shellfish")]),
    ("其实我是对芒果过敏", [("health.allergy", "芒果")]),
    ("我也对猫过敏", [("health.allergy", "猫")]),
    # the clause after a withdrawn allergy names the real one; alone, "it's shellfish" says nothing
    ("Actually, I'm not allergic to peanuts, it's shellfish",
     [("health.allergy", "peanuts"), ("health.allergy", "shellfish")]),
    ("it's shellfish", []),
])
def test_allergies_with_adverbs_and_corrections(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected
