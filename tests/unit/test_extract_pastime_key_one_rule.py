"""Hiking was ``hobby.like`` while running, swimming and climbing were ``sport.like``: the gazetteer that keys a
pastime held it among the hobbies, in both languages (爬山, 徒步 too). One rule now: a physical activity done for
exercise is a sport; a pastime of making, performing, playing at a table or going somewhere is a hobby."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _keys(text: str) -> set[str]:
    return {c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key.endswith(".like")}


@pytest.mark.parametrize(("activity", "sibling"), [
    ("I love hiking.", "I love running."),
    ("I'm really into hiking.", "I'm really into swimming."),
    ("我喜欢爬山。", "我喜欢跑步。"),
    ("我喜欢徒步。", "我喜欢游泳。"),
])
def test_an_activity_of_exercise_is_keyed_as_its_siblings(activity: str, sibling: str) -> None:
    assert _keys(activity) == _keys(sibling) == {"sport.like"}


@pytest.mark.parametrize("text", ["I love reading.", "I love fishing.", "I enjoy camping.", "我喜欢钓鱼。",
                                  "我喜欢画画。"])
def test_a_pastime_of_leisure_stays_a_hobby(text: str) -> None:
    assert _keys(text) == {"hobby.like"}
