"""A note that names a person before a dash or a colon is that person's: "Sarah - allergic to peanuts", "Mike:
vegetarian", "Dana — prefers email" stored nothing. Each is now that person's, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("Sarah - allergic to peanuts", ("health.allergy", "peanuts", "Sarah")),
    ("Mike: vegetarian", ("food.diet", "vegetarian", "Mike")),
    ("Dana — prefers email", ("contact.channel", "email", "Dana")),
    ("Tom - lives in Austin", ("identity.location", "Austin", "Tom")),
    ("Priya: lactose intolerant", ("health.condition", "lactose intolerance", "Priya")),
])
def test_someone_elses(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "Update - vegetarian now", "Tokyo - amazing trip",
    "Sushi: delicious", "Mike: see you tomorrow", "Sarah - can you call her?", "Python - my favourite language",
])
def test_none(text: str) -> None:
    assert _read(text) == []
