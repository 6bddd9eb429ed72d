"""Everyday shapes that say a fact inside another: a chronotype denied, and what does not state one."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory


def _facts(mem: Memory) -> list[tuple[str, str, str | None]]:
    return sorted((f.key, f.value, f.subject) for f in mem.list())


@pytest.mark.parametrize(("said", "value"), [
    ("I'm not a morning person.", "not an early bird"),
    ("I'm not really a night owl.", "not a night owl"),
    ("我不是早起的人。", "不是早起型"),
    ("我并不是夜猫子。", "不是夜猫子"),
])
def test_a_chronotype_denied_is_stored_as_said_never_as_its_opposite(tmp_path: Path, said: str, value: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == [("identity.chronotype", value, None)]


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("I'm not a morning person.", "I'm a morning person.", ["early bird"]),
    ("I'm a morning person.", "I'm not a morning person.", ["not an early bird"]),
    ("我不是早起的人。", "我是早起的人。", ["早起型"]),
    ("我是早起的人。", "我不是早起的人。", ["不是早起型"]),
    ("I'm not a morning person.", "I'm a night owl.", ["night owl", "not an early bird"]),  # both true at once
])
def test_a_chronotype_and_its_denial_end_each_other(tmp_path: Path, first: str, then: str, kept: list[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first)
        mem.add(then)
        assert [v for k, v, _ in _facts(mem) if k == "identity.chronotype"] == kept


@pytest.mark.parametrize("said", [
    "I told him I'd think about it.",
    "我跟他说我考虑一下。",
    "I'm not a fan of this weather today.",
    "My brother and I went fishing.",
    "I'm not a morning person today.",
])
def test_shapes_that_state_no_fact_store_nothing(tmp_path: Path, said: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == []
