"""A change that names the old value beside the new one ("we moved from MySQL to PostgreSQL",
我们从MySQL迁到PostgreSQL了) supersedes the fact holding the old value, under that fact's key, on
every store (the engine finds it by value across the user's keys: ``Store.fact_ids(keys=None)``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from conftest import OpenMemory

START = datetime(2026, 3, 1, 9, tzinfo=UTC)

CASES = [
    ("user.project_database", ["Our project's database is MySQL.", "We moved from MySQL to PostgreSQL."]),
    # the project's database, one key in either language (extract.conventions)
    ("user.project_database", ["我们项目的数据库是MySQL。", "我们从MySQL迁到PostgreSQL了。"]),
]


@pytest.mark.parametrize(("key", "said"), CASES, ids=["en", "zh"])
def test_the_named_old_value_is_superseded_under_its_key(open_memory: OpenMemory, key: str, said: list[str]) -> None:
    memory = open_memory(user_id="ov")
    results = [memory.add(text, created_at=START + timedelta(days=i)) for i, text in enumerate(said)]
    [change] = results[-1].facts
    assert (change.action, change.fact.key, change.fact.value) == ("supersede", key, "PostgreSQL")
    assert [f.value for f in memory.list(key=key)] == ["PostgreSQL"]
    assert memory.list(key="user.uses") == []


def test_an_old_value_held_by_no_fact_changes_nothing(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ov2")
    memory.add("My editor is Vim.", created_at=START)
    memory.add("We moved from Jenkins to GitHub Actions.", created_at=START + timedelta(days=1))
    assert [f.value for f in memory.list(key="tool.uses")] == ["GitHub Actions"]
    assert [f.value for f in memory.list(key="tool.editor")] == ["Vim"]
