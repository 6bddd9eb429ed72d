"""Forgetting the message that brought a value back, on every store.

A value that comes back ("We use Jira" → "We've moved to Linear" → "we're back on Jira") is a new
fact citing the return and the messages that said it before (``facts.engine``). Forgetting the
return left that fact current, held up by the earlier message, so a forgotten message still
decided the current value. Now a message cited only because the value came back does not keep
the fact (``lifecycle.forget.standing_only_on``).
"""

from __future__ import annotations

from conftest import OpenMemory
from memstrata import Fact, Memory


def _tools(memory: Memory) -> list[tuple[str, str]]:
    return sorted((f.value, f.status) for f in memory.list(status=["active", "superseded"])
                  if isinstance(f, Fact) and f.key == "tool.uses")


def _switch_and_return(memory: Memory, session: str | None = None) -> list[int]:
    said = [memory.add("We use Jira", session_id="before").episode_id,
            memory.add("We've moved to Linear", session_id="before").episode_id,
            memory.add("we're back on Jira", session_id=session or "before").episode_id]
    assert _tools(memory) == [("Jira", "active"), ("Jira", "superseded"), ("Linear", "superseded")]
    return said


def test_forgetting_the_return_takes_the_value_that_came_back(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ret1")
    said = _switch_and_return(memory)
    if not memory.store.capabilities.forget_jobs:
        return  # one message's forget needs a store with forget jobs (test_forget_fact_sources.py)
    receipt = memory.delete(episode_id=said[2])
    assert receipt.counts["facts"] == 1
    # Linear stays superseded, as after any forgotten replacement (a rollback brings it back).
    assert _tools(memory) == [("Jira", "superseded"), ("Linear", "superseded")]
    assert not any(h.text == "we're back on Jira" for h in memory.search("which tracker do we use?", limit=20))


def test_forgetting_the_first_message_keeps_the_value_the_return_states(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ret2")
    said = _switch_and_return(memory)
    if not memory.store.capabilities.forget_jobs:
        return
    memory.delete(episode_id=said[0])
    assert _tools(memory) == [("Jira", "active"), ("Linear", "superseded")]


def test_a_value_said_again_after_its_return_outlives_the_return(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ret3")
    said = _switch_and_return(memory)
    memory.add("We use Jira", session_id="before")  # stated once more: it stands on its own
    if not memory.store.capabilities.forget_jobs:
        return
    assert memory.delete(episode_id=said[2]).counts["facts"] == 0
    assert _tools(memory) == [("Jira", "active"), ("Jira", "superseded"), ("Linear", "superseded")]


def test_forgetting_the_session_of_the_return_takes_the_value_that_came_back(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ret4")
    _switch_and_return(memory, session="later")
    if memory.store.capabilities.forget_jobs:  # the preview counts what the forget deletes
        assert memory.forget_preview(user_id="ret4", session_id="later").counts["facts"] == 1
    assert memory.forget(user_id="ret4", session_id="later").counts["facts"] == 1
    assert _tools(memory) == [("Jira", "superseded"), ("Linear", "superseded")]
