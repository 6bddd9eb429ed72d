"""A sentence opened by a word that only joins it to what came before ("Also", "And", "Plus", "So") is read as the
sentence without it: "I'm allergic to shellfish. Also this repo uses pnpm, not npm." kept the allergy and lost pnpm,
which "This repo uses pnpm, not npm." alone stores. Each clause reader cut these openers; the whole-sentence reading
did not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> dict[str, str]:
    return {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I'm allergic to shellfish. Also this repo uses pnpm, not npm.", "user.project_tool", "pnpm"),
    ("Also this repo uses pnpm.", "user.project_tool", "pnpm"),
    ("My final weight is 61kg! And my waist is 72cm.", "user.waist", "72cm"),
])
def test_an_opener_that_joins_hides_no_statement(text: str, key: str, value: str) -> None:
    assert _read(text).get(key) == value, _read(text)


@pytest.mark.parametrize("text", ["But not today.", "Yeah no.", "And then?", "So what do you think?"])
def test_an_opener_before_nothing_stated_gives_nothing(text: str) -> None:
    assert _read(text) == {}
