"""An English "he" / "she" after a Chinese clause naming a relative (``extract.carried.Scope``): 我妈妈下周来上海住两周,
she's allergic to shellfish stored the visit and not the allergy (the pronoun was left unread in a sentence taken as
Chinese); now the English clause is cut off and "she" is the mother."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我妈妈下周来上海住两周, she's allergic to shellfish", ("health.allergy", "shellfish", "mom")),
    ("我妈妈下周来上海住两周. She's allergic to shellfish", ("health.allergy", "shellfish", "mom")),
    ("我妹妹在北京工作，she loves hiking", ("sport.like", "hiking", "younger sister")),
])
def test_the_pronoun_is_the_relative(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize("text", [
    "我老公下周出差, she is allergic to cats",  # not a "she"
    "我女朋友小雨下周来, she's allergic to cats",  # a Chinese name no English reading keeps
])
def test_no_one_the_pronoun_can_be(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "health.allergy"]
