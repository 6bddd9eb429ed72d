"""``Memory.delete_preview`` names exactly what ``Memory.delete`` with the same arguments takes.

One message often states several facts: "I'm allergic to peanuts and I ship with FedEx". Deleting
the allergy with its messages (``sources=True``) forgets that message and the FedEx fact only it
stated; the preview lists both, read with the code the delete decides with. Each test previews,
deletes, and checks that the rows that went are the ones previewed. On a real SQLite file and a
real PostgreSQL schema.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Fact, InvalidInput, Memory, NotFound
from memstrata.lifecycle.preview import ForgetPreview
from memstrata.store.reference import ReferenceStore

SAID = "I'm allergic to peanuts and I ship with FedEx"
COMPARED = ("episodes", "segments", "facts", "memory_events")


def _stored(memory: Memory) -> tuple[set[int], set[int]]:
    facts = {f.id for f in memory.list(status="all", limit=1000)}
    episodes = {e.id for e in memory.list(kind="episode", limit=1000)}
    return facts, episodes


def _delete_as_previewed(memory: Memory, fact_id: int | None = None, **how: object) -> ForgetPreview:
    """Preview, check it changed nothing, delete, and check the rows that went are the previewed ones."""
    before = _stored(memory)
    preview = memory.delete_preview(fact_id, **how)  # type: ignore[arg-type]
    assert _stored(memory) == before  # a preview deletes nothing
    receipt = memory.delete(fact_id, **how)  # type: ignore[arg-type]
    after = _stored(memory)
    assert before[0] - after[0] == {f.id for f in preview.facts}
    assert before[1] - after[1] == set(preview.episode_ids)
    assert {name: receipt[name] for name in COMPARED} == preview.counts
    return preview


def _pairs(preview: ForgetPreview) -> set[tuple[str, str]]:
    return {(f.key, f.value) for f in preview.facts}


def test_a_fact_with_its_message_previews_the_other_fact_that_message_alone_states(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="fay") as memory:
        said = memory.add(SAID, wait=True).episode_id
        allergy = memory.list(key="health.allergy")[0]
        alone = memory.delete_preview(allergy.id)
        assert _pairs(alone) == {("health.allergy", "peanuts")} and alone.episode_ids == ()
        preview = _delete_as_previewed(memory, allergy.id, sources=True)
        assert _pairs(preview) == {("health.allergy", "peanuts"), ("shipping.carrier", "FedEx")}
        assert preview.episode_ids == (said,)


def test_a_fact_another_message_also_states_is_not_previewed_and_stays(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="gus") as memory:
        memory.add(SAID, wait=True)
        memory.add("Please ship it with FedEx", wait=True)
        carrier = memory.list(key="shipping.carrier")[0]
        assert len(carrier.citations) == 2
        preview = _delete_as_previewed(memory, memory.list(key="health.allergy")[0].id, sources=True)
        assert _pairs(preview) == {("health.allergy", "peanuts")}
        assert [f.value for f in memory.list(key="shipping.carrier")] == ["FedEx"]


def test_a_value_that_came_back_previews_both_of_its_facts(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="hal") as memory:
        said = [memory.add(text, wait=True).episode_id
                for text in ("We use Jira", "We've moved to Linear", "we're back on Jira")]
        current = memory.list(key="tool.uses")[0]
        assert current.value == "Jira" and set(current.citations) == {said[0], said[2]}
        preview = _delete_as_previewed(memory, current.id, sources=True)
        assert sorted((f.value, f.status) for f in preview.facts) == [("Jira", "active"), ("Jira", "superseded")]
        assert preview.episode_ids == (said[0], said[2])
        left = [(f.value, f.status) for f in memory.list(status="all") if isinstance(f, Fact)]
        assert left == [("Linear", "superseded")]


def test_one_message_and_a_fact_forgotten_alone_preview_what_their_delete_takes(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="ida") as memory:
        said = memory.add(SAID, wait=True).episode_id
        memory.add("Please ship it with FedEx", wait=True)
        allergy = memory.list(key="health.allergy")[0]
        memory.delete(allergy.id)  # the fact alone: its message stays, named on the fact's tombstone
        kept = _delete_as_previewed(memory, allergy.id, sources=True)  # now its kept message goes
        assert kept.episode_ids == (said,) and _pairs(kept) == set()  # FedEx: still stated by the other
        other = memory.list(kind="episode")[0].id
        last = _delete_as_previewed(memory, episode_id=other)
        assert _pairs(last) == {("shipping.carrier", "FedEx")}


def test_a_preview_refuses_what_the_delete_refuses_naming_itself(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="jo") as memory:
        memory.add(SAID, wait=True)
        with pytest.raises(InvalidInput, match=r"delete_preview\(\)"):
            memory.delete_preview(-1, sources=True)
        with pytest.raises(InvalidInput, match="a fact_id or an episode_id"):
            memory.delete_preview()
        with pytest.raises(NotFound):
            memory.delete_preview(9999)
        with pytest.raises(NotFound):
            memory.delete_preview(memory.list(key="health.allergy")[0].id, user_id="someone-else")
        assert len(memory.list()) == 2


def test_the_in_memory_reference_store_says_a_preview_needs_forget_jobs() -> None:
    with Memory(store=ReferenceStore(), embedder=None, user_id="kim") as memory:
        memory.add(SAID, wait=True)
        with pytest.raises(InvalidInput, match="SQLite or PostgreSQL"):
            memory.delete_preview(memory.list(key="health.allergy")[0].id)


def test_the_preview_agrees_with_a_delete_that_runs_one_message_per_transaction(
        location: str | Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The delete decides per chunk of messages (forget.CHUNK, 500), after the earlier chunks went; the
    # preview decides over all of them at once. A chunk of one message makes every fact here span chunks.
    monkeypatch.setattr("memstrata.lifecycle.forget_filter.CHUNK", 1)
    with Memory(location, embedder=None, user_id="lev") as memory:
        memory.add(SAID, wait=True)
        memory.add("Please ship it with FedEx", wait=True)
        memory.add("I use Jira at work", wait=True)
        carrier = memory.list(key="shipping.carrier")[0]
        preview = _delete_as_previewed(memory, carrier.id, sources=True)
        assert _pairs(preview) == {("health.allergy", "peanuts"), ("shipping.carrier", "FedEx")}
        assert len(preview.episode_ids) == 2
        said = [memory.add(text, wait=True).episode_id
                for text in ("We use Jira", "We've moved to Linear", "we're back on Jira")]
        current = next(f for f in memory.list(key="tool.uses") if f.status == "active")
        assert len(current.citations) == 3  # "I use Jira at work", "We use Jira" and the return
        preview = _delete_as_previewed(memory, current.id, sources=True)
        assert sorted((f.value, f.status) for f in preview.facts) == [("Jira", "active"), ("Jira", "superseded")]
        assert len(preview.episode_ids) == 3 and said[1] not in preview.episode_ids
