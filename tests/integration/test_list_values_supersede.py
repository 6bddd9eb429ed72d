"""A favourite of several things is one set: another set supersedes it whole, with its history, and
the same set said in another order is the same value. Through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from memstrata import Memory
from memstrata.config import Settings
from memstrata.types import Fact


def test_a_new_set_supersedes_the_old_and_the_same_set_reordered_touches_it(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("My favourite books are Dune and Emma.")
        [change] = mem.add("My favourite books are Dune and Middlemarch.").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == (
            "supersede", "Dune and Middlemarch", ["Dune and Emma"])
        [change] = mem.add("My favorite books are Middlemarch and Dune.").facts
        assert (change.action, change.fact.value) == ("touch", "Dune and Middlemarch")
        mem.add("My favorite foods are sushi, ramen and pizza.")
        mem.add("我最喜欢的饮料是奶茶和咖啡")
        [change] = mem.add("我最喜歡的飲料是咖啡、綠茶").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == (
            "supersede", "咖啡、绿茶", ["咖啡、奶茶"])
        active = sorted(f.value for f in mem.list() if isinstance(f, Fact))
        assert active == ["Dune and Middlemarch", "pizza, ramen and sushi", "咖啡、绿茶"]
