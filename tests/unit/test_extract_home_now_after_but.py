"""The home said after a home ended, joined by "but now" / "and now" with no comma, is the home now: "I used to live
in Denver but now I'm in Austin" withdrew Denver and stored no home, while "..., but now I'm in Austin" stored
Austin (``extract.rules._moved_on`` split the clauses at commas only). What names no place ("I'm in a good place",
"I'm in love") stays none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _homes(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "identity.location" and not c.retracts]


@pytest.mark.parametrize(("text", "home"), [
    ("I used to live in Denver but now I'm in Austin", "Austin"),
    ("I don't live in Boston anymore and now I'm in Denver", "Denver"),
    ("I used to live in Denver, but now I'm in Austin", "Austin"),  # as before
])
def test_the_home_after_but_now_is_the_home_now(text: str, home: str) -> None:
    assert _homes(text) == [home]


@pytest.mark.parametrize("text", ["I used to live in Denver but now I'm in a good place",
                                  "I used to live in Denver but now I'm in love"])
def test_no_place_after_but_now_is_no_home(text: str) -> None:
    assert _homes(text) == []
