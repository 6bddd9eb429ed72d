"""A count that changes and a favourite said with an informal word replace the value before them,
which stays in the history: through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings


def test_a_new_count_supersedes_the_old_one_in_either_language(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I have 2 kids.")
        mem.add("I have a daughter named Emma.")
        [change] = mem.add("I have 3 kids now.").facts
        assert change_of(change) == ("supersede", "3 kids", ["2 kids"])
        assert values(mem, "family.member") == ["3 kids", "daughter named Emma"]
        [change] = mem.add("我现在有四个孩子了").facts
        assert change_of(change) == ("supersede", "4个孩子", ["3 kids"])
        assert values(mem, "family.member", "superseded") == ["2 kids", "3 kids"]
        mem.add("My team is 5 people.")
        [change] = mem.add("We're a team of 7 now.").facts
        assert (change.fact.key, change.action, [p.value for p in change.previous]) == (
            "user.team_size", "supersede", ["5 people"])
        [change] = mem.add("Now we are 9.").facts  # "we" names no group: the one whose size was said
        assert (change.fact.key, change.action, [p.value for p in change.previous]) == (
            "user.team_size", "supersede", ["7 people"])
        mem.add("我们团队有5个人")
        [change] = mem.add("我們團隊現在有七個人了").facts
        assert change_of(change) == ("supersede", "7个人", ["5个人"])
        [change] = mem.add("我们现在8个人了").facts  # two groups have a size now: which one is not said
        assert (change.fact.key, change.action) == ("user.group_size", "create")


def test_a_favourite_said_informally_supersedes_the_one_said_in_full(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("My favorite color is blue.")
        [change] = mem.add("My fav color is green now.").facts
        assert change_of(change) == ("supersede", "green", ["blue"])
        mem.add("我最喜欢的颜色是蓝色")
        [change] = mem.add("我最愛的顏色是紅色").facts
        assert change_of(change) == ("supersede", "红色", ["蓝色"])
        mem.add("My bday is May 2.")
        assert values(mem, "identity.birthday") == ["May 2"]


def test_a_favourite_said_again_in_the_other_language_is_the_same_value(memory: Memory) -> None:
    # the model finds "blue" and 蓝色 twins (extract.twins): the favourite restated is touched, not superseded
    memory.add("My favourite colour is blue")
    [change] = memory.add("我最喜欢的颜色是蓝色").facts
    assert (change.action, change.fact.value) == ("touch", "blue")
    [change] = memory.add("我最喜欢的颜色是绿色").facts
    assert change_of(change) == ("supersede", "绿色", ["blue"])
