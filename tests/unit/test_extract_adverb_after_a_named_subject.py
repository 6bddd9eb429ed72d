"""An adverb of emphasis after "my <relative>" hid the statement: "My mom really prefers green tea" stored nothing,
while "My mom prefers green tea" stores her drink. The adverb after "I" or a name was cut already
(``asides._INNER_EN``); now after "my" / "our" and one word too."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value", "subject"), [
    ("My mom really prefers green tea.", "green tea", "mom"),
    ("My sister honestly loves jazz.", "jazz", "sister"),
    ("Our dog actually hates the rain.", "rain", "dog"),
])
def test_an_adverb_after_my_relative_hides_nothing(text: str, value: str, subject: str) -> None:
    assert any(v == value and s == subject for _, v, s in _read(text)), _read(text)


def test_an_adverb_inside_a_state_stores_no_like() -> None:
    assert not [k for k, _, _ in _read("My mom is really strict.") if k.endswith(".like")]
