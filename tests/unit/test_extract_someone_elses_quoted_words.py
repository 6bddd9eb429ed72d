"""Words quoted as someone else's are theirs, no statement of the user's: '"I love sushi" is what Leo always says'
stored ``food.like = sushi" is what Leo always says"`` as the user's, '"I love sushi," Leo said' and 'As my mom always
says, "I hate waste"' a like and a dislike of the user's. The user's own quoted words and a quoted title are read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.quoted import without_others_words
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    '"I love sushi" is what Leo always says', '"I love sushi," Leo said', 'As my mom always says, "I hate waste"',
    "My sister always says “I'm allergic to cats”", 'Tom told me "I live in Paris now"',
])
def test_someone_elses_words_state_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_quoted_title_is_read() -> None:
    assert _read('My favourite book is "Dune"') == [("media.like", "Dune")]


@pytest.mark.parametrize("text", [
    'I told the waiter "I\'m allergic to peanuts"', 'As I always say, "less is more"', 'My favourite book is "Dune"',
    'Today I watched one called "Police Story," which tells a story about police',
    'never use terms like "desired outputs", instead ask "can you give me examples"',
])
def test_words_no_one_else_says_are_kept(text: str) -> None:
    assert without_others_words(text) == text
