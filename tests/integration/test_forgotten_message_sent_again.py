"""A message forgotten here and sent again through the SDK with its original time (a client replaying
its log, a sync job, a retry) is left out, and nothing forgotten comes back by search, the facts
list or the context block. ``Memory.add`` / ``add_many`` and their async twins stored it again and its
fact came back (``skip_forgotten`` existed on ``POST /v1/messages`` only). The same words said anew
(another time) are stored; ``skip_forgotten=False`` stores the old message on purpose. Real SQLite
files, the real model."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest

from memstrata import AsyncMemory, Episode, Fact, Memory
from memstrata.lifecycle.forget import run_to_end, start_job
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Scope
from memstrata.write.forgotten import said_now_matches_nothing
from memstrata.write.ingest import AddResult

SAID = "I'm allergic to peanuts."
WHEN = datetime(2026, 11, 1, 10, 0, 0, 123456, tzinfo=UTC)
#: Each forget target, as ``Memory.forget`` takes it, of the one message said in session ``s1``.
TARGETS = ("episode", "fact", "session", "filter", "user")


def _forget(memory: Memory, target: str, episode_id: int) -> None:
    if target == "episode":
        memory.forget(episode_id=episode_id)
    elif target == "fact":
        [fact] = [f for f in memory.list() if isinstance(f, Fact) and f.value == "peanuts"]
        memory.forget(fact_id=fact.id)
    elif target == "session":
        memory.forget(session_id="s1")
    elif target == "filter":
        memory.forget(filter='metadata.source = "chat"', kind="episode")
    else:
        memory.forget(user_id="u1")


def _peanut_facts(memory: Memory) -> list[Fact]:
    """Every peanut fact a read shows: the facts list and a search of facts."""
    listed = [f for f in memory.list() if isinstance(f, Fact) and f.value == "peanuts"]
    found = [h.fact for h in memory.search("what am I allergic to? peanuts", kinds=("fact",))
             if h.fact is not None and h.fact.value == "peanuts"]
    return listed + found


def _replay(memory: Memory, door: str, **options: Any) -> list[AddResult]:
    """``SAID`` sent again at ``WHEN`` in ``s1`` through ``add`` and ``add_many`` of ``door``."""
    if door == "sync":
        return [memory.add(SAID, created_at=WHEN, session_id="s1", **options),
                *memory.add_many([memory.message(SAID, created_at=WHEN, session_id="s1")], **options)]

    async def replay() -> list[AddResult]:
        wrapped = AsyncMemory(memory=memory)
        one = await wrapped.add(SAID, created_at=WHEN, session_id="s1", **options)
        return [one, *await wrapped.add_many([wrapped.message(SAID, created_at=WHEN, session_id="s1")], **options)]
    return asyncio.run(replay())


@pytest.mark.parametrize("door", ["sync", "async"])
@pytest.mark.parametrize("target", TARGETS)
def test_a_forgotten_message_sent_again_with_its_time_stays_out_of_every_read(
        memory: Memory, target: str, door: str) -> None:
    first = memory.add(SAID, created_at=WHEN, session_id="s1", metadata={"source": "chat"})
    assert first.episode_id is not None and _peanut_facts(memory)
    _forget(memory, target, first.episode_id)
    assert _peanut_facts(memory) == []

    results = _replay(memory, door)
    episodes = [e for e in memory.list(kind="episode") if isinstance(e, Episode)]
    if target == "fact":  # the message stays: the same one again is the stored one, its fact still forgotten
        assert [(r.episode_id, r.created, r.forgotten) for r in results] == [(first.episode_id, False, False)] * 2
        assert [e.id for e in episodes] == [first.episode_id]
    else:
        assert [(r.episode_id, r.created, r.segments, r.facts, r.forgotten) for r in results] == \
            [(None, False, 0, (), True)] * 2, results
        assert episodes == []
        assert memory.search("peanuts allergy") == []
        assert "peanut" not in memory.context("what am I allergic to?").lower()
    assert _peanut_facts(memory) == []


@pytest.mark.parametrize("door", ["sync", "async"])
def test_the_same_words_said_anew_are_stored_and_skip_forgotten_false_stores_the_old_one(
        memory: Memory, door: str) -> None:
    first = memory.add(SAID, created_at=WHEN, session_id="s1")
    assert first.episode_id is not None
    memory.forget(episode_id=first.episode_id)

    said_now = memory.add(SAID, session_id="s1")  # no time given: now, a new statement
    later = memory.add(SAID, created_at=WHEN + timedelta(hours=1), session_id="s1")
    assert (said_now.created, said_now.forgotten, later.created, later.forgotten) == (True, False, True, False)
    assert _peanut_facts(memory)

    memory.forget(user_id="u1")
    [again, duplicate] = _replay(memory, door, skip_forgotten=False)  # on purpose: the old message again
    assert (again.created, again.forgotten, again.episode_id is not None) == (True, False, True)
    assert (duplicate.created, duplicate.episode_id) == (False, again.episode_id)
    assert [e.created_at for e in memory.list(kind="episode") if isinstance(e, Episode)] == [WHEN]
    assert _peanut_facts(memory)


def test_add_many_leaves_out_only_the_forgotten_message_and_answers_each_in_order(memory: Memory) -> None:
    first = memory.add(SAID, created_at=WHEN, session_id="s1")
    assert first.episode_id is not None
    memory.forget(episode_id=first.episode_id)
    batch = [memory.message("I drink oat milk.", created_at=WHEN - timedelta(minutes=1), session_id="s1"),
             memory.message(SAID, created_at=WHEN, session_id="s1"),
             memory.message("我住在上海", created_at=WHEN + timedelta(minutes=1), session_id="s1")]
    results = memory.add_many(batch)
    assert [(r.created, r.forgotten) for r in results] == [(True, False), (False, True), (True, False)]
    stored = {e.id: e.content for e in memory.list(kind="episode") if isinstance(e, Episode)}
    assert stored == {results[0].episode_id: "I drink oat milk.", results[2].episode_id: "我住在上海"}


def test_a_message_known_by_its_import_key_stays_out_when_sent_again_without_a_time(memory: Memory) -> None:
    # an import key is an identity without a time: ``add`` must ask even when no time is given
    keyed = {"import_key": "cd" * 16}
    first = memory.add(SAID, metadata=keyed, session_id="s1")
    assert first.episode_id is not None
    memory.forget(episode_id=first.episode_id)
    again = memory.add(SAID, metadata=keyed, session_id="s1")
    assert (again.forgotten, again.episode_id) == (True, None)
    assert memory.list(kind="episode") == [] and _peanut_facts(memory) == []


def test_only_a_message_said_now_without_an_import_or_note_key_skips_the_question(memory: Memory) -> None:
    now = memory.message(SAID)
    assert said_now_matches_nothing(now, None)
    assert not said_now_matches_nothing(memory.message(SAID, created_at=WHEN), WHEN)
    assert not said_now_matches_nothing(memory.message(SAID, metadata={"import_key": "ab" * 16}), None)
    assert not said_now_matches_nothing(memory.message(SAID, metadata={"markdown": {"note": "n1"}}), None)


@pytest.mark.parametrize("narrowed", [{}, {"session_id": "s1"}, {"before": WHEN + timedelta(seconds=1)}])
def test_a_message_sent_again_while_a_forget_job_runs_stays_out_after_it(
        memory: Memory, narrowed: dict[str, Any]) -> None:
    # A forget job kept each message's digest only as its chunk went: sent again while the job ran (a
    # background forget; one whose process stopped, until the next open resumes it), the message named
    # as a log line names it (speaker = its role) was stored after the job's cut and survived it.
    memory.add(SAID, created_at=WHEN, session_id="s1")
    memory.add("I drink oat milk.", created_at=WHEN + timedelta(hours=1), session_id="s2")
    store = cast(LifecycleStore, memory.store)
    job = start_job(store, Scope("default", "default", "u1", session_id=narrowed.get("session_id")), actor="sdk",
                    before=narrowed.get("before"))
    as_line = memory.message(SAID, speaker="user", created_at=WHEN, session_id="s1")
    assert memory.forgotten_messages([as_line]) == [True]  # what every importer and the hooks ask
    sent = [memory.add(SAID, speaker="user", created_at=WHEN, session_id="s1"), *memory.add_many([as_line])]
    assert [(r.forgotten, r.episode_id) for r in sent] == [(True, None)] * 2
    assert memory.add_many([memory.message("I drink oat milk.", created_at=WHEN + timedelta(hours=1),
                                           session_id="s2")])[0].forgotten == (not narrowed)
    run_to_end(store, job)
    assert [e.content for e in memory.list(kind="episode") if isinstance(e, Episode)] == \
        ([] if not narrowed else ["I drink oat milk."])
    assert _peanut_facts(memory) == []


def test_a_keyed_retry_of_a_request_one_of_whose_messages_was_forgotten_since_answers_its_first_results(
        memory: Memory) -> None:
    # The retry left the forgotten message out, so the rest no longer matched the key's request:
    # IdempotencyKeyReused for the same request sent again (a lost answer, a timeout).
    def request() -> list[Any]:
        return [memory.message(SAID, created_at=WHEN, session_id="s1"),
                memory.message("I drink oat milk.", created_at=WHEN + timedelta(minutes=1), session_id="s1")]
    first = memory.add_many(request(), idempotency_key="req-1")
    assert first[0].episode_id is not None
    memory.forget(episode_id=first[0].episode_id)
    retry = memory.add_many(request(), idempotency_key="req-1")
    assert [(r.forgotten, r.replayed, r.episode_id) for r in retry] == [
        (True, True, None), (False, True, first[1].episode_id)]
    # a request first sent after the forget stores the rest under its key, and its retry is answered the same
    later = [memory.add_many(request(), idempotency_key="req-2") for _ in range(2)]
    assert [[(r.forgotten, r.replayed, r.episode_id) for r in results] for results in later] == [
        [(True, False, None), (False, False, first[1].episode_id)],
        [(True, False, None), (False, True, first[1].episode_id)]]
    assert [e.content for e in memory.list(kind="episode") if isinstance(e, Episode)] == ["I drink oat milk."]
    assert _peanut_facts(memory) == []


@pytest.mark.parametrize("target", ["user", "session"])
def test_a_keyed_retry_stamped_anew_after_a_forget_answers_its_messages_forgotten(memory: Memory,
                                                                                   target: str) -> None:
    """The retry of a keyed request said now (no time: stamped anew, so no digest knows it) after a
    forget answered both messages stored, ``forgotten`` false, their deleted episode ids named."""
    def request() -> list[Any]:
        return [memory.message(SAID, session_id="s1"), memory.message("I drink oat milk.", session_id="s1")]
    first = memory.add_many(request(), idempotency_key="hal-1")
    assert all(r.episode_id is not None for r in first)
    memory.forget(user_id="u1") if target == "user" else memory.forget(session_id="s1")
    retry = memory.add_many(request(), idempotency_key="hal-1")
    assert [(r.forgotten, r.replayed, r.episode_id, r.facts) for r in retry] == [(True, True, None, ())] * 2
    assert memory.list(kind="episode") == [] and _peanut_facts(memory) == []
