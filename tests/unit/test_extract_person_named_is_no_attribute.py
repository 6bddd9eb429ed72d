"""A person named by a relation no list holds is no attribute of the user's: "My spouse Alexis is 32", "My mentor Wendy
is 80", "My team lead Omar is strict" stored ``user.spouse_alexis = 32``, ``user.mentor_wendy = 80``,
``user.team_lead_omar = strict`` (the relation and the name read as the user's attribute). Now none of them; an
attribute phrase with no name after it stays the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "My spouse Alexis is 32.", "My mentor Wendy is 80.", "My team lead Omar is strict.",
    "My spouse Jordan, who's 41 and works in sales, and I share our finances.",
])
def test_no_user_attribute_of_a_person(text: str) -> None:
    assert not [f for f in _read(text) if f[0].startswith("user.")]


@pytest.mark.parametrize(("text", "fact"), [
    ("My editor is Neovim.", ("tool.editor", "Neovim")),
    ("My departure city is London.", ("user.departure_city", "London")),
])
def test_an_attribute_stays(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)
