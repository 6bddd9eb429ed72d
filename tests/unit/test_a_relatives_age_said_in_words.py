"""A relative's age said in words, alone or as a birthday, is their age, and a new one supersedes the old.

"My daughter is two." stored nothing and "My daughter just turned three." stored nothing, so her age was never
updated: a relative's "turned" was read only before a digit (subject_en) and an age in words only with "years
old" (identity_en). Now "turned" before a number word opens the relative's statement, and an age in words from
two on is read alone ("My son is four now"); "I'm one", "I'm two steps ahead" stay unread."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "who", "age"), [
    ("My daughter just turned three.", "daughter", "3"),
    ("My son turned four last week.", "son", "4"),
    ("My daughter is two.", "daughter", "2"),
    ("My son is twelve now.", "son", "12"),
])
def test_an_age_in_words_is_the_relatives_age(text: str, who: str, age: str) -> None:
    assert _read(text) == [(who, "identity.age", age)]


@pytest.mark.parametrize("text", ["I'm one.", "I'm two steps ahead.", "My son is one of the best."])
def test_a_number_word_that_is_no_age_stays_unread(text: str) -> None:
    assert not any(key == "identity.age" for _, key, _ in _read(text))


def test_a_birthday_in_words_supersedes_the_age_held(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My daughter is 2 years old.", created_at=_AT)
        mem.add("My daughter just turned three.", created_at=_AT + timedelta(days=3))
        ages = {(f.value, f.status, f.subject) for f in mem.list(kind="fact", status="all", limit=20)}
    assert ages == {("2", "superseded", "daughter"), ("3", "active", "daughter")}
