"""A relative's job, home and employer are stored under the relative and leave the user's own standing, in
English and Chinese, through the SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.types import Fact


@pytest.mark.parametrize(("user", "own", "relative", "key", "kept", "theirs"), [
    ("a1", "I work at Microsoft.", "My wife works at Google.", "identity.employer", "Microsoft", ("wife", "Google")),
    ("a2", "I live in Boston.", "My brother lives in Denver.", "identity.location", "Boston", ("brother", "Denver")),
    ("a3", "I'm a nurse.", "My wife works as a teacher.", "identity.occupation", "nurse", ("wife", "teacher")),
    ("a4", "我住在上海。", "我哥住在深圳。", "identity.location", "上海", ("older brother", "深圳")),
    ("a5", "我是医生", "我老婆是老师", "identity.occupation", "医生", ("wife", "老师")),
    ("a6", "我在阿里工作", "我姐在腾讯工作", "identity.employer", "阿里", ("older sister", "腾讯")),
])
def test_a_relatives_fact_leaves_the_users_own_standing(memory: Memory, user: str, own: str, relative: str,
                                                        key: str, kept: str, theirs: tuple[str, str]) -> None:
    memory.add(own, user_id=user)
    changes = memory.add(relative, user_id=user).facts
    assert [(c.action, c.fact.key, c.fact.subject, c.fact.value) for c in changes] == [("create", key, *theirs)]
    active = {(f.subject, f.value) for f in memory.list(user_id=user) if isinstance(f, Fact) and f.key == key}
    assert active == {(None, kept), theirs}
