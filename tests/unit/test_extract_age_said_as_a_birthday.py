"""An age said as its birthday is the age now (``extract.onset._TURNED_AGE_EN``): "I turned 35 yesterday", "Emma
turned 8 today!", "Leo just turned 13, officially a teenager" (a named person's or a relative's, read as theirs by
``extract.subject_en.someone_else``). Before, the user's was a bare event and someone else's nothing, and the age
said before stayed current. A number with a word after it is no age ("I turned 90 degrees")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _ages(text: str) -> list[tuple[str, str]]:
    """``(value, subject)`` of each age found."""
    return [(c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "identity.age" and not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I turned 35 yesterday", [("35", "")]),
    ("I just turned 21!!", [("21", "")]),
    ("Emma turned 8 today!", [("8", "Emma")]),
    ("Leo just turned 13, officially a teenager", [("13", "Leo")]),
    ("my son turned 5 last month", [("5", "son")]),
    ("Mike turned 30 in May", [("30", "Mike")]),
])
def test_an_age_said_as_its_birthday_is_the_age(text: str, expected: list[tuple[str, str]]) -> None:
    assert _ages(text) == expected


@pytest.mark.parametrize("text", ["I turned 90 degrees", "I turned the page", "Emma turned 8 pages",
                                  "If I turned 30 tomorrow", "The server turned 5 years old"])
def test_no_age_without_one_said(text: str) -> None:
    assert _ages(text) == []


@pytest.mark.parametrize(("first", "then", "subject", "old", "new", "members"), [
    ("My daughter Emma is 7", "Emma turned 8 today!", "Emma", "7", "8", {"daughter named Emma"}),
    ("I'm 34 years old", "I turned 35 yesterday", "", "34", "35", set()),
])
def test_the_age_moves_and_the_relation_stays(tmp_path: Path, first: str, then: str, subject: str, old: str,
                                              new: str, members: set[str]) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(first)
        memory.add(then)
        facts = memory.list(kind="fact", status="all", limit=50)
    ages = {(f.value, f.status) for f in facts if f.key == "identity.age" and (f.subject or "") == subject}
    assert ages == {(old, "superseded"), (new, "active")}
    assert {f.value for f in facts if f.key == "family.member" and f.status == "active"} == members
