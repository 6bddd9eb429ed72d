"""A common thing one has is one fact in Chinese and English (``extract.things``): a new value said in the other
language supersedes it, and its history shows both; through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings


@pytest.mark.parametrize(("before", "change", "key", "old", "new"), [
    ("My dentist is Dr. Patel.", "我的牙医现在是王医生", "user.dentist", "Dr. Patel", "王医生"),
    ("我的房东姓陈", "My landlord is Mr. Green now.", "user.landlord", "姓陈", "Mr. Green"),
    ("我开比亚迪", "My car is a Tesla now.", "user.car", "比亚迪", "Tesla"),
])
def test_a_thing_said_in_the_other_language_supersedes_it(
        db_settings: dict[str, Any], before: str, change: str, key: str, old: str, new: str) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add(before)
        [changed] = mem.add(change).facts
        assert change_of(changed) == ("supersede", new, [old])
        assert values(mem, key) == [new]
        assert [(f.value, f.status) for f, _ in mem.history(key=key)] == [(old, "superseded"), (new, "active")]
