"""A thing swapped, named by its noun alone: 宽带换成联通了 after 我家宽带是电信的 kept 电信 (and stored nothing), as
did "switched the internet to Verizon" after "my internet provider is Comcast". Said with no owner, the change is kept
where the user holds a value of that thing (``user.宽带``; ``user.internet`` finds ``user.internet_provider``) and
supersedes it there; with no such value nothing is stored (灯泡换成LED了 names no thing of the user's)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _facts(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=i))
        return {(f.status, f.key, f.value) for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("held", "change", "key", "old", "new"), [
    ("我家宽带是电信的", "宽带换成联通了", "user.宽带", "电信", "联通"),
    ("我的宽带是电信", "我们把宽带换成了联通", "user.宽带", "电信", "联通"),
    ("my internet provider is Comcast", "switched the internet to Verizon", "user.internet_provider", "Comcast",
     "Verizon"),
    ("My electricity supplier is EDF", "We just switched the electricity over to Octopus.", "user.electricity_supplier",
     "EDF", "Octopus"),
])
def test_the_thing_held_changes(tmp_path: Path, held: str, change: str, key: str, old: str, new: str) -> None:
    facts = _facts(tmp_path, held, change)
    assert ("superseded", key, old) in facts and ("active", key, new) in facts, facts


@pytest.mark.parametrize("messages", [
    ("宽带换成联通了",),  # no broadband of the user's said
    ("switched the internet to Verizon",),
    ("我家宽带是电信的", "灯泡换成LED了"),  # another thing
    ("my internet provider is Comcast", "I switched the slides to Keynote"),
    ("我家宽带是电信的", "计划改成了明天"),  # a plan moved, no thing
])
def test_nothing_changes_without_the_thing_held(tmp_path: Path, messages: tuple[str, ...]) -> None:
    facts = _facts(tmp_path, *messages)
    assert not [f for f in facts if f[0] == "superseded"], facts
    assert not [f for f in facts if f[2] in ("联通", "Verizon", "LED", "Keynote", "明天")], facts
