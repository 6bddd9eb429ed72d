"""A favourite said in one language and changed in the other is one favourite.

"My favourite colour is blue" then 我最喜欢的颜色是绿色 left both active (blue ranked first): the favourite's label was
read back as "color" from one statement and 颜色 from the other, so the two never met (``extract.statements.slot_label``
now reads a Chinese label as its English word). A favourite of another thing stays beside it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.statements import slot_label

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(hours=n))
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "then", "key", "old", "new"), [
    ("My favourite colour is blue", "我最喜欢的颜色是绿色", "preference.like", "blue", "绿色"),
    ("我最喜欢的颜色是红色", "Actually my favorite color is yellow now", "preference.like", "红色", "yellow"),
    ("我最喜欢的运动是篮球", "My favorite sport is tennis now", "sport.like", "篮球", "tennis"),
    ("My favorite movie is Alien", "我最喜欢的电影是霸王别姬", "media.like", "Alien", "霸王别姬"),
])
def test_a_favourite_changed_in_the_other_language_supersedes_it(tmp_path: Path, first: str, then: str, key: str,
                                                                 old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, first, then)
    assert (key, new) in active and (key, old) in superseded, (active, superseded)


def test_a_favourite_of_another_thing_stays(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "My favourite colour is blue", "我最喜欢的城市是成都")
    assert not superseded and {("preference.like", "blue"), ("preference.like", "成都")} <= active, active


@pytest.mark.parametrize(("statement", "label"), [
    ("favorite colour is blue", "color"), ("最喜欢的颜色是绿色", "color"), ("最喜欢的水果是荔枝", "fruit"),
    ("favorite film is Alien", "movie"), ("最喜欢的口味是麻辣", "口味"),
])
def test_a_favourites_label_reads_as_one_word_in_both_languages(statement: str, label: str) -> None:
    assert slot_label(statement) == label
