"""A remark of how long after a like is no item of a list of likes (``extract.like_lists.more_likes``): "I love jazz,
always have" stored ``preference.like = always have`` beside the jazz; "..., still do", "..., always have and always
will" the same. A list of things liked keeps each item."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _likes(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key.endswith(".like")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I love jazz, always have", ["jazz"]),
    ("I love jazz, always have and always will", ["jazz"]),
    ("I love tea, still do", ["tea"]),
    ("I like skiing, running, and hiking", ["skiing", "running", "hiking"]),
])
def test_a_remark_of_how_long_is_no_item(text: str, expected: list[str]) -> None:
    assert _likes(text) == expected
