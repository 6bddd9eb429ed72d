"""A name put right by the next message: "sorry, I meant Tim" after "My sister is called Anna" (我妹妹叫Anna then
说错了，是Tina) corrected nothing: the stored value is the relative with the name (``sister named Anna``), no name
alone a bare name could stand for. The message before is read again with its one name replaced, as a time or a place
is, and the one fact that reads otherwise is put right."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _facts(path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=i))  # the next message, a minute later
        return {(f.status, f.value) for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("said", "fix", "old", "new"), [
    ("My sister is called Anna", "sorry, I meant Tim", "sister named Anna", "sister named Tim"),
    ("My brother's name is Jonas", "Oops, I meant Lukas, not Jonas", "brother named Jonas", "brother named Lukas"),
    ("Our cat is named Miso", "my bad, I meant Tofu", "cat named Miso", "cat named Tofu"),
    ("我妹妹叫Anna", "说错了，是Tina", "妹妹Anna", "妹妹Tina"),
])
def test_the_name_said_before_is_put_right(tmp_path: Path, said: str, fix: str, old: str, new: str) -> None:
    facts = _facts(tmp_path, said, fix)
    assert ("superseded", old) in facts and ("active", new) in facts, facts


@pytest.mark.parametrize(("said", "fix"), [
    ("My sister is called Anna and my brother is called Tom", "sorry, I meant Tim"),  # which name is unknown
    ("My sister is called Anna", "sorry, I meant Tim, not Tom"),  # another name named
    ("我喜欢榴莲", "说错了，是小婷"),  # a person's name, no fruit liked
])
def test_nothing_is_put_right_when_the_name_is_not_one(tmp_path: Path, said: str, fix: str) -> None:
    assert not [v for s, v in _facts(tmp_path, said, fix) if s == "superseded"]
