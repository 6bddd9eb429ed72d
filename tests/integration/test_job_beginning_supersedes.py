"""A new job said as its beginning ("I got a new job at Initech", 我跳槽到了阿里) supersedes the
employer before it, which stays in the history; an occupation begun ("I became a nurse", 我成了一名护士)
is the occupation. Through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings
from memstrata.types import Fact


def test_a_new_job_supersedes_the_employer_before_it(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I work at Acme")
        [change] = mem.add("I got a new job at Initech.").facts
        assert change_of(change) == ("supersede", "Initech", ["Acme"])
        [change] = mem.add("我跳槽到了阿里").facts
        assert change_of(change) == ("supersede", "阿里", ["Initech"])
        [change] = mem.add("我在腾讯找到了新工作").facts
        assert change_of(change) == ("supersede", "腾讯", ["阿里"])
        assert values(mem, "identity.employer") == ["腾讯"]
        assert values(mem, "identity.employer", "superseded") == ["Acme", "Initech", "阿里"]


def test_an_occupation_begun_is_the_occupation(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I became a nurse.")
        assert values(mem, "identity.occupation") == ["nurse"]
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="bo") as mem:
        mem.add("我成了一名护士")
        assert values(mem, "identity.occupation") == ["护士"]


def test_a_planned_or_someone_elses_job_is_no_employer(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I work at Acme")
        for said in ("I'm starting at Initech on Monday", "我下个月去字节上班", "my sister got a job at Globex"):
            mem.add(said)
        own = [f.value for f in mem.list(key="identity.employer") if isinstance(f, Fact) and f.subject is None]
        assert own == ["Acme"]  # the sister's new employer is hers (subject sister), never the user's
        assert values(mem, "identity.employer", "superseded") == []
