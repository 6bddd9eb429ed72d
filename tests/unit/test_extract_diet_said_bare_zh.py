"""A diet that is a name of its own, said as kept now without 饮食: 我现在在吃生酮, 我最近在轻断食 stored nothing; now
``health.diet`` (as 我在做生酮饮食 and "I'm on a keto diet" are), a relative's under the relative."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我现在在吃生酮", [("health.diet", "生酮", "")]),
    ("我最近在轻断食", [("health.diet", "轻断食", "")]),
    ("我老婆在吃生酮", [("health.diet", "生酮", "wife")]),
    ("我在做生酮饮食", [("health.diet", "生酮", "")]),  # as before
])
def test_a_diet_named_alone_is_the_diet(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我在吃饭", "我在生酮吗？", "生酮好不好"])
def test_no_diet_said_stores_none(text: str) -> None:
    assert [k for k, *_ in _read(text) if k == "health.diet"] == []
