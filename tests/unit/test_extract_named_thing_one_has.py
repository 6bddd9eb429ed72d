"""A named thing one has is a thing used: "I have an Apple Watch", "We own a Roomba", "I just got a Kindle", 我有一个
Kindle, 我家有一台洗碗机, 我买了一台扫地机器人 stored nothing. Now each is ``tool.uses`` (or the gazetteer's key: a
Samsung is the phone; a make of car the car one drives), of a relative under the relative. "I have a cold", "I have
a question", "I have an MBA", "I got an A", "We just got a Golden Retriever" (a pet), 我有一个问题 name no thing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I have a Fitbit", ("tool.uses", "Fitbit", "")),
    ("We own a Vitamix", ("tool.uses", "Vitamix", "")),
    ("I just got a Steam Deck", ("tool.uses", "Steam Deck", "")),
    ("I have a Pixel", ("tool.phone", "Pixel", "")),
    ("I have a Subaru Forester", ("user.car", "Subaru Forester", "")),
    ("My brother has a Nintendo Switch", ("tool.uses", "Nintendo Switch", "brother")),
    ("我有一个Switch", ("tool.uses", "Switch", "")),
    ("我家有一台烘干机", ("tool.uses", "烘干机", "")),
    ("我刚买了一台空气净化器", ("tool.uses", "空气净化器", "")),
])
def test_a_named_thing_one_has(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["I have a cold", "I have a question", "I have a meeting at 3", "I have an MBA",
                                  "I got an A", "I have a Spanish exam", "我有一个问题", "我有一个想法"])
def test_no_thing_named(text: str) -> None:
    assert [f for f in _read(text) if f[0] in ("tool.uses", "tool.phone", "user.car")] == []


def test_a_pet_is_no_thing_used() -> None:
    assert ("tool.uses", "Golden Retriever", "") not in _read("We just got a Golden Retriever")
