"""A way of resting said as a like ("I like to relax by reading") likes what is done for it.

"I like to relax by reading." (a LoCoMo turn) stored hobby.like = "to relax by reading", stated "enjoys to relax by
reading"; reading is the taste, as "I love reading" says it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I like to relax by reading. I love entering the imaginative worlds of authors.",
     ("hobby.like", "reading", "enjoys reading")),
    ("I love to unwind by painting.", ("hobby.like", "painting", "enjoys painting")),
    ("I like to chill by playing guitar.", ("preference.like", "playing guitar", "likes playing guitar")),
])
def test_what_is_done_to_relax_is_the_like(text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(text)
    assert fact in facts
    assert not any(value.startswith("to ") for _, value, _ in facts)


@pytest.mark.parametrize(("text", "fact"), [
    ("I like to relax by the pool.", ("preference.like", "to relax by the pool")),  # a place, as said
    ("I love reading.", ("hobby.like", "reading")),
])
def test_a_place_to_relax_and_a_plain_like_read_as_before(text: str, fact: tuple[str, str]) -> None:
    assert fact in [(k, v) for k, v, _ in _facts(text)]
