"""A pet or a relative named before its noun with 叫X的 (一只叫米索的猫) is read as one named after it (猫，叫米索)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我们领养了一只叫米索的猫。", [("", "pet", "猫米索")]),
    ("我家有一只叫米索的猫。", [("", "pet", "猫米索")]),
    ("我們養了一隻叫旺財的狗", [("", "pet", "狗旺财")]),
    ("我有一个叫小美的女儿", [("", "family.member", "女儿小美")]),
    ("我家有一只猫，叫米索。", [("", "pet", "猫米索")]),
    ("We adopted a cat named Miso.", [("", "pet", "cat named Miso")]),
])
def test_a_pet_named_before_its_noun_is_the_named_pet(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我妹妹养了一只叫米索的猫", "我想养一只叫米索的猫"])
def test_someone_elses_or_a_wished_pet_is_not_the_users(text: str) -> None:
    assert [f for f in _read(text) if f[1] == "pet" and not f[0]] == []
