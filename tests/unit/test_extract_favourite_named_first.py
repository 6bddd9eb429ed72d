"""A favourite of a kind named first is the possessive copula said the other way round
(``shapes_en._favourite_of_kind``; in Chinese ``extract.informal.favourite_first_zh``): "Fall is my favorite
season", "honestly fall is my favorite season now", "Pizza is my absolute favourite food", 周杰伦是我最喜欢的歌手.
Before, only a bare "X is my favourite" was read, so "My favorite season is summer" then "fall is my favorite season
now" kept summer current; now the favourite of the kind is keyed as "My favorite season is fall" keys it and
supersedes summer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("Fall is my favorite season", [("preference.like", "Fall")]),
    ("honestly fall is my favorite season now", [("preference.like", "fall")]),
    ("Pizza is my favourite food", [("food.like", "Pizza")]),
    ("Inception is my all-time favorite movie", [("media.like", "Inception")]),
    ("Pizza is my absolute favorite food", [("food.like", "Pizza")]),
    ("Blue has always been my favourite colour", [("preference.like", "Blue")]),
    ("周杰伦是我最喜欢的歌手。", [("music.like", "周杰伦")]),
    ("芒果是我最爱的水果", [("food.like", "芒果")]),
    ("蓝色是我最喜欢的颜色", [("preference.like", "蓝色")]),
])
def test_the_favourite_of_a_kind_named_first(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["It is my favorite season", "What is my favorite food?", "That's my favorite part",
                                  "他是我最喜欢的老师", "这是我最喜欢的歌"])
def test_no_favourite_of_a_pronoun_or_a_question(text: str) -> None:
    assert _read(text) == []


def test_the_favourite_before_is_superseded(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("My favorite season is summer")
        memory.add("honestly fall is my favorite season now")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.value, f.status) for f in facts} == {("summer", "superseded"), ("fall", "active")}


def test_a_chinese_favourite_named_first_now_supersedes_and_still_confirms(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("我最喜欢的颜色是蓝色")
        still = memory.add("蓝色仍然是我最喜欢的颜色")
        now = memory.add("现在绿色是我最喜欢的颜色")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert [c.action for c in still.facts] == ["touch"]
    assert [(c.action, c.fact.value) for c in now.facts] == [("supersede", "绿色")]
    assert {(f.value, f.status) for f in facts} == {("蓝色", "superseded"), ("绿色", "active")}
