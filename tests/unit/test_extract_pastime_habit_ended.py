"""A like drawn from a habit ends with it: "I go running every morning" stores the habit and sport.like = running
(said "goes running every morning"), and "I stopped going running every morning" withdrew only the habit, so the
profile still said the user goes running every morning. Giving up the habit now withdraws the like too, unless the
same message goes on doing the pastime ("...; now I run in the evenings"); 以前我每天早上跑步，现在不跑了 (which
stored nothing) withdraws both."""

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


@pytest.mark.parametrize(("stated", "ended", "left"), [
    ("I go running every morning.", "I stopped going running every morning.", []),
    ("I go running every morning.", "I stopped running every morning.", []),
    ("我每天早上跑步", "我不再每天早上跑步了", []),
    ("我每天早上跑步", "以前我每天早上跑步，现在不跑了", []),
    ("I go running every morning.", "I stopped running every morning; now I run in the evenings.",
     [("preference.habit", "run in the evenings"), ("sport.like", "running")]),
    ("I go running every morning.", "I stopped running every morning, but I still love running.",
     [("sport.like", "running")]),
])
def test_giving_up_a_habit_ends_the_like_it_stored(
        tmp_path: Path, stated: str, ended: str, left: list[tuple[str, str]]) -> None:
    assert _current(tmp_path, stated, ended) == left


def test_the_message_that_stated_the_habit_is_outdated(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I go running every morning.")
        mem.add("I stopped going running every morning.")
        assert "running" not in mem.context("What do you know about me?")


def test_a_past_state_said_ended_by_its_verb_alone_is_withdrawn(tmp_path: Path) -> None:
    assert _current(tmp_path, "我以前住在上海", "我以前住在上海，现在不住了") == [("identity.former", "上海")]
