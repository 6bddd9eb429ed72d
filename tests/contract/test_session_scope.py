"""One scope rule for facts, with and without a user: a ``session_id`` narrows
facts to those its episodes support, as it narrows episodes; ``user_id`` + ``session_id``
returned the user's facts of every session and agent while ``session_id`` alone narrowed."""

from __future__ import annotations

from conftest import OpenMemory
from memstrata import Fact


def test_a_session_narrows_facts_with_and_without_a_user(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    memory.add("I prefer UPS for delivery", session_id="s1")
    memory.add("I am allergic to peanuts", session_id="s2")
    memory.add("I live in Seattle", session_id="s2", agent_id="travel")
    memory.add("I like jazz", user_id="bob", session_id="s1")

    def values(**scope: str) -> set[str]:
        return {f.value for f in memory.list(**scope) if isinstance(f, Fact)}  # type: ignore[arg-type]

    assert values() == {"UPS", "peanuts", "Seattle"}  # no session: every session and agent of alice
    assert values(session_id="s1") == {"UPS"}  # the instance's user with the session
    assert values(session_id="s2") == {"peanuts", "Seattle"}  # an agent's fact said in s2 is of s2
    assert values(session_id="s2", agent_id="travel") == {"Seattle"}
    assert values(user_id="bob", session_id="s1") == {"jazz"}
    hits = memory.search("delivery carrier allergy city", kinds=("fact",), session_id="s1")
    assert {h.fact.value for h in hits if h.fact is not None} <= {"UPS"}
    block = memory.context("what do you know about me?", session_id="s2")
    assert "peanuts" in block and "UPS" not in block
