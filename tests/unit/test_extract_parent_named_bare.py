"""A parent or grandparent named by the word one calls them, with no "my", is the speaker's relative: "Dad loves
jazz", "Mom is a retired nurse", "Dad moved to Porto last month" stored nothing (Dad and Mom were only words that
open a sentence and name no one). Now each is that relative's, never the user's, and a move supersedes the
relative's old city only. A clause opener before a relative ("Sorry, I meant my wife works at Apple") hid the
relative too. Near-misses stay none: one addressed ("Mom, ..."), a title before a name ("Mother Teresa"), a day
("Father's Day"), what a parent asks, wants or may like."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("Dad loves jazz.", ("music.like", "jazz", "dad")),
    ("Mom is a retired nurse.", ("identity.occupation", "retired nurse", "mom")),
    ("mum works at the library", ("identity.employer", "library", "mom")),
    ("Dad moved to Porto last month.", ("identity.location", "Porto", "dad")),
    ("Grandpa lives in Cork.", ("identity.location", "Cork", "grandpa")),
    ("Granny is allergic to penicillin.", ("health.allergy", "penicillin", "grandma")),
    ("Mother is vegetarian.", ("food.diet", "vegetarian", "mom")),
])
def test_a_parent_named_bare_is_the_relative(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("Sorry, I meant my wife works at Apple.", ("identity.employer", "Apple", "wife")),
    ("I mean my brother lives in Leeds.", ("identity.location", "Leeds", "brother")),
])
def test_an_opener_before_a_relative_names_no_one(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "Mom, can you call me back?", "Dad, I love this song.", "Mother Teresa lived in Calcutta.",
    "Father's Day is in June.", "Dad asked if I like jazz.", "Maybe Dad will like the new record.",
    "Mom wants me to learn piano.", "Dad jokes are the best.", "Does Mom still live in Leeds?",
])
def test_none(text: str) -> None:
    assert _read(text) == []


def _stored(tmp_path: Path, *messages: str) -> dict[tuple[str, str], str]:
    """{(value, subject): status} of every fact after ``messages`` are added in order to one memory."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        return {(f.value, f.subject or ""): f.status for f in mem.list(kind="fact", status="all", limit=100)}


def test_a_parents_move_supersedes_their_city_only(tmp_path: Path) -> None:
    stored = _stored(tmp_path, "I live in Madrid.", "My dad lives in Lisbon.", "Dad moved to Porto last month.")
    assert stored == {("Madrid", ""): "active", ("Lisbon", "dad"): "superseded", ("Porto", "dad"): "active"}


def test_a_relatives_value_put_right_after_an_opener(tmp_path: Path) -> None:
    stored = _stored(tmp_path, "My wife works at Google.", "Sorry, I meant my wife works at Apple, not Google.")
    assert stored == {("Google", "wife"): "superseded", ("Apple", "wife"): "active"}
