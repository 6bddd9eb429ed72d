"""A chat sentence with its subject left out is the speaker's (``extract.own_en``): "Moved to Denver last week",
"Switched to Linear", "Sold the Civic", "Started at Stripe today", "Quit Google yesterday." A named employer left
("I quit Google") ends only an employer of that name (``extract.job_end.named_end``); a job begun at a name ("I started
at Stripe today") is the employer (``extract.onset``). Someone else's sentence, a courtesy, a gerund subject, a bare
happening and a plan state nothing of the user's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool, str]]:
    """``(key, value, retracts, subject)`` of each candidate."""
    return [(c.key, c.value, c.retracts, c.subject) for c in RuleExtractor().extract(text=text, role="user",
                                                                                    said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Moved to Denver last week, still unpacking", ("identity.location", "Denver", False)),
    ("Switched to Linear, way faster", ("user.uses", "Linear", False)),
    ("Sold the Civic.", ("user.car", "Civic", True)),
    ("Started at Stripe today, pretty nervous lol", ("identity.employer", "Stripe", False)),
    ("just started at Acme Corp last week", ("identity.employer", "Acme Corp", False)),
    ("Quit Google yesterday. Starting at Stripe on Monday.", ("identity.employer", "Google", True)),
    ("Left Deloitte last month.", ("identity.employer", "Deloitte", True)),
    ("Went vegan last month", ("food.diet", "vegan", False)),
    ("Using Obsidian now", ("tool.uses", "Obsidian", False)),
])
def test_a_sentence_without_its_subject_is_the_speakers(text: str, expected: tuple[str, str, bool]) -> None:
    assert expected in [(k, v, r) for k, v, r, s in _read(text) if not s]


@pytest.mark.parametrize("text", [
    "Got it, thanks", "Finished the book", "Moved the meeting to 3pm", "Learning an instrument is really cool",
    "using python.", "Switched it off", "Did you move to Denver?",
])
def test_a_courtesy_a_happening_or_a_gerund_states_nothing(text: str) -> None:
    assert _read(text) == []


def test_after_someone_else_is_named_the_sentence_is_theirs() -> None:
    assert not [f for f in _read("My sister had a rough year. Moved to Ohio.") if f[0] == "identity.location"
                and not f[3]]


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit Google", [("identity.employer", "Google", True)]),
    ("I quit Facebook", [("identity.employer", "Facebook", True)]),  # an employer of that name only, if one
    ("I left Berlin", []),  # a place
    ("I'm starting at Stripe on Monday", []),  # a plan: no employer yet
    ("I started at Harvard University", []),  # a school
    ("I left Atlassian, I'm at Canva now", [("identity.employer", "Canva", False)]),  # where one is now: the new one
    ("Left Atlassian last week, I'm at Canva now", [("identity.employer", "Canva", False)]),
    ("I left Berlin, I'm at home now", []),
    ("If I quit Google", []),
])
def test_a_named_employer_left_or_begun(text: str, expected: list[tuple[str, str, bool]]) -> None:
    found = [(k, v, r) for k, v, r, _ in _read(text) if k in ("identity.employer", "identity.former")]
    assert found == expected  # no former employer kept: the name alone may be no workplace


@pytest.mark.parametrize(("first", "then", "active", "ended"), [
    ("I work at Google", "Quit Google yesterday. Starting at Stripe on Monday.", None, "Google"),
    ("I work at Shopify", "Started at Stripe today, pretty nervous lol", "Stripe", "Shopify"),
    ("I live in Austin, been here 5 yrs", "Moved to Denver last week, still unpacking", "Denver", "Austin"),
])
def test_the_value_before_is_superseded(tmp_path: Path, first: str, then: str, active: str | None,
                                        ended: str) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(first)
        memory.add(then)
        facts = memory.list(kind="fact", status="all", limit=50)
    values = {(f.value, f.status) for f in facts if f.key in ("identity.employer", "identity.location")}
    assert (ended, "superseded") in values
    assert {v for v, s in values if s == "active"} == ({active} if active else set())


@pytest.mark.parametrize(("text", "expected"), [
    ("moved to denver last wk", [("identity.location", "Denver")]),  # typed in lower case: the city, no tool
    ("I moved to denver", [("identity.location", "Denver")]),
    ("we moved to linear", [("user.uses", "Linear")]),
    ("I moved to a new place", []),
])
def test_a_move_typed_in_lower_case(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(k, v) for k, v, r, s in _read(text) if not r and k != "event"] == expected
