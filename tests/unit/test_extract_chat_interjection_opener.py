"""A chat interjection before a statement (laughter, surprise, relief, dismay) hid it: "lol I just turned 30",
"omg we moved to Denver last week", "ugh, I'm allergic to cats" stored nothing (or only the relative, not their
age) where the same sentence without it stores the fact. An interjection says how the speaker feels about what
follows, never what is stated: it is one of the opening markers (``extract.asides.MARKERS_EN``), cut as they are,
so it gives exactly what the bare statement gives."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None, bool]]:
    return sorted((c.key, c.value, c.subject, c.retracts)
                  for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("marked", "bare"), [
    ("lol I just turned 30", "I just turned 30"),
    ("haha my daughter Ana just turned 7", "my daughter Ana just turned 7"),
    ("lmao my brother Sam moved to Chicago", "my brother Sam moved to Chicago"),
    ("omg we moved to Denver last week", "we moved to Denver last week"),
    ("Ugh, I'm allergic to cats", "I'm allergic to cats"),
    ("hahaha I love sushi", "I love sushi"),
    ("Wow, I finally quit smoking", "I finally quit smoking"),
    ("phew, I live in Boston now", "I live in Boston now"),
])
def test_an_interjection_before_a_statement_gives_what_the_bare_one_gives(marked: str, bare: str) -> None:
    assert _read(bare), bare  # the bare statement is one the rules read
    assert _read(marked) == _read(bare), marked


@pytest.mark.parametrize("text", ["lol", "haha that's funny", "omg", "wow, nice!", "ugh, Mondays"])
def test_an_interjection_with_no_statement_gives_nothing(text: str) -> None:
    assert _read(text) == []
