"""A change said as a beginning with no time ("I started working at Meta", 我开始用顺丰了) is the
state it began: it supersedes the value before it, which stays in the history, and is what a
question about it finds first. Through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache


def test_a_beginning_supersedes_the_value_before_it(db_settings: dict[str, Any], embedder: EmbeddingCache) -> None:
    with Memory(settings=Settings(**db_settings), embedder=embedder.inner, user_id="ann") as mem:
        mem.add("I work at Google")
        [change] = mem.add("I started working at Meta").facts
        assert change_of(change) == ("supersede", "Meta", ["Google"])
        mem.add("以后快递发中通")
        [change] = mem.add("我开始用顺丰了").facts
        assert change_of(change) == ("supersede", "顺丰", ["中通"])
        assert values(mem, "identity.employer") == ["Meta"]
        assert values(mem, "identity.employer", "superseded") == ["Google"]
        assert values(mem, "shipping.carrier", "superseded") == ["中通"]
        first = next(h for h in mem.search("where do I work?", limit=5) if h.kind == "fact")
        assert first.text == "works at Meta"
        first = next(h for h in mem.search("用什么快递？", limit=5) if h.kind == "fact")
        assert first.text == "配送偏好顺丰"


def test_a_beginning_of_no_state_stores_nothing(db_settings: dict[str, Any]) -> None:
    """Thinking, trying or working on something is no state one is in: nothing is stored (going to the gym is a
    pastime begun: tests/unit/test_extract_pastimes.py; going to the office a way of working begun:
    tests/unit/test_extract_work_arrangements.py)."""
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        for said in ("I started thinking about moving to Paris", "I've started trying to work at Meta",
                     "I started working on a project at Google"):
            assert not mem.add(said).facts, said
