"""A withdrawal that names more or less than the value stored: "I stopped going running every morning" after "I go
running every morning", "I no longer like running" after "I like running", "I don't drive a Tesla anymore" after
"I drive a Tesla Model 3" withdrew nothing. The habit of that time, the like, the car (a make names its model) now
end; another model of the same make and another value stay. The like a habit's statement stored ends with it
(tests/unit/test_extract_pastime_habit_ended.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.types import Fact


def _current(tmp_path: Path, *said: str) -> list[tuple[str, str]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in said:
            mem.add(text)
        return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


@pytest.mark.parametrize(("stated", "withdrawing", "left"), [
    # the habit of mornings ends, and the like its statement stored with it
    ("I go running every morning", "I stopped going running every morning", []),
    ("I go running every morning", "I don't go running every morning anymore", []),
    ("我每天早上跑步", "我不再每天早上跑步了", []),
    ("I go running every morning", "I stopped going running", []),
    ("I like running", "I no longer like running", [("preference.dislike", "running")]),
    ("I like jazz", "I no longer enjoy jazz", [("preference.dislike", "jazz")]),
    ("I like running", "I stopped liking running", [("preference.dislike", "running")]),
    ("I like jazz", "I've stopped enjoying jazz", [("preference.dislike", "jazz")]),
    ("我喜欢跑步", "我不再喜欢跑步了", [("preference.dislike", "跑步")]),
    ("I drive a Tesla Model 3", "I don't drive a Tesla anymore", []),
    ("I drive a Tesla", "I don't drive a Tesla Model 3 anymore", []),
    ("我开特斯拉Model 3", "我不开特斯拉了", []),
    # a habit said as past no longer holds (a pastime of then may be a memory: it stays)
    ("I go running every morning", "I used to go running every morning", [("sport.like", "running")]),
    ("我每天早上跑步", "我以前每天早上跑步", [("sport.like", "跑步")]),
    ("I drive a Tesla Model 3", "I used to drive a Tesla", []),
    ("我开特斯拉", "我以前开特斯拉", []),
])
def test_a_withdrawal_ends_the_value_it_names_in_a_shorter_or_longer_form(
        tmp_path: Path, stated: str, withdrawing: str, left: list[tuple[str, str]]) -> None:
    assert _current(tmp_path, stated, withdrawing) == left


@pytest.mark.parametrize(("stated", "withdrawing", "left"), [
    ("I drive a Tesla Model 3", "I don't drive a Tesla Model Y anymore", [("user.car", "Tesla Model 3")]),
    ("I live in New York City", "I don't live in New York anymore", [("identity.location", "New York City")]),
    ("I go running every evening", "I stopped going running every morning",
     [("preference.habit", "go running every evening"), ("sport.like", "running")]),
])
def test_a_withdrawal_never_ends_another_value(
        tmp_path: Path, stated: str, withdrawing: str, left: list[tuple[str, str]]) -> None:
    assert [kv for kv in _current(tmp_path, stated, withdrawing) if not kv[0].endswith("former")] == left
