"""What one keeps to now, told without its subject after giving something else up: "I'm done with Netflix, cancelled
it. Only watching Hulu now." stored nothing of Hulu. "Only <doing> now" is read as "I only <do> now"
(``extract.onset.only_now_en``); without "only" or "now" it may be the moment's doing, and is not read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool]]:
    return {(c.key, c.value, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "value"), [
    ("I'm done with Netflix, cancelled it. Only watching Hulu now.", "Hulu"),
    ("Cancelled Spotify last week. Only using Apple Music now.", "Apple Music"),
    ("only drinking oat milk now", "oat milk"),
])
def test_what_one_keeps_to_now_is_read(text: str, value: str) -> None:
    assert [f for f in _read(text) if f[1] == value and not f[2]]


@pytest.mark.parametrize("text", ["Watching Hulu now.", "Only watching Hulu now?", "only seeing Tom now",
                                  "Only watching Hulu tonight"])
def test_a_moment_or_a_question_is_not_read(text: str) -> None:
    assert not [f for f in _read(text) if f[1] in ("Hulu", "Tom")]
