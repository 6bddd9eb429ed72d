"""A statement said again with "still" (仍然, 依然, 还是, 还在) confirms what the user holds.

"My shell is still zsh." after "My shell is zsh." stored nothing and left the fact as first said: the adverb stood
between the subject (or the copula) and what is stated, where no statement shape looks. Said again, the
statement now touches the held fact (one fact, the new message cited, observed again), adds nothing and removes
nothing; a sentence with "still" that states nothing (我还没决定) stays unread."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("first", "again"), [
    ("My shell is zsh.", "My shell is still zsh."),
    ("My editor is Vim.", "My editor's still Vim."),
    ("I live in Lyon.", "I am still living in Lyon."),
    ("我住在杭州。", "我仍然住在杭州。"),
    ("我的shell是fish。", "我的shell还是fish。"),
    ("我最喜欢蓝色。", "我依然最喜欢蓝色。"),
])
def test_a_statement_said_still_touches_the_held_fact(tmp_path: Path, first: str, again: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first, created_at=_AT)
        second = mem.add(again, created_at=_AT + timedelta(days=3))
        facts = mem.list(kind="fact", status="all", limit=20)
    assert len(facts) == 1
    assert facts[0].status == "active"
    assert second.episode_id in facts[0].citations
    assert facts[0].observed_at == _AT + timedelta(days=3)


@pytest.mark.parametrize("text", ["我还没决定。", "I still haven't decided.", "Still, it was fun."])
def test_still_alone_states_nothing(text: str) -> None:
    assert RuleExtractor().extract(text=text, role="user", said_at=_AT) == []


def test_a_passing_state_said_still_stores_nothing_when_nothing_is_held(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My laptop is still slow.", created_at=_AT)
        assert mem.list(kind="fact", status="all", limit=20) == []
