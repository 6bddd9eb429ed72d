"""A device named with its model and an article: "I use an iPhone 12 and a Kindle" stored nothing (an article before
the name, and "iPhone" opening in lower case), 我用华为Mate 60 stored ``tool.phone = 华为`` and 我用iPhone 15
``iPhone`` (the model cut off, so a new model of the same make changed nothing)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I use an iPhone 12 and a Kindle.", [("tool.phone", "iPhone 12"), ("tool.uses", "Kindle")]),
    ("I use a Pixel 8.", [("tool.phone", "Pixel 8")]),
    ("我用华为Mate 60", [("tool.phone", "华为Mate 60")]),
    ("我用华为Mate 60手机", [("tool.phone", "华为Mate 60")]),
    ("我用iPhone 15", [("tool.phone", "iPhone 15")]),
    ("我用的是iPhone 15 Pro", [("tool.phone", "iPhone 15 Pro")]),
])
def test_a_device_keeps_its_model(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I use an iPhone case.", "I use a lot of sugar."])
def test_no_device_where_none_is_named(text: str) -> None:
    assert _read(text) == []
