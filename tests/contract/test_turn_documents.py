"""Whole-turn and session-block full-text documents (``store.turns``) on every store: what they
find, what scope, filters, expiry and forgetting take out of them."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

from conftest import START, OpenMemory
from memstrata import Memory
from memstrata.clock import utcnow
from memstrata.filter import parse
from memstrata.store.turns import SESSION_BLOCK_TURNS
from memstrata.text.tokens import fts_match_expression
from memstrata.types import Scope


def _match(text: str) -> str:
    match = fts_match_expression(text)
    assert match is not None
    return match


def _first_segment(memory: Memory, episode_id: int) -> int:
    rows = memory.store.segments_with_episodes(range(1, 200))
    return min(i for i, (seg, ep) in rows.items() if ep.id == episode_id)


def _sessions(memory: Memory, text: str, scope: Scope, now: datetime | None = None) -> list[str | None]:
    return [s.session_id for s, _ in memory.store.fts_sessions(scope, _match(text), 10, now=now)]


def test_a_turn_is_found_by_words_from_several_of_its_sentences(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    at = iter(START + timedelta(minutes=i) for i in range(100))
    memory.add("A canoe is a boat.", session_id="s1", created_at=next(at))
    spread = memory.add("We drove to the lake. The canoe tipped over!", session_id="s1", created_at=next(at))
    memory.add("The lake was cold.", session_id="s2", created_at=next(at))
    memory.add("Lake canoe trip with my sister.", user_id="bob", session_id="s1", created_at=next(at))
    found = memory.store.fts_turns(Scope(user_id="alice"), _match("lake canoe"), 10)
    # Both words are in the whole turn, each of its sentences has one: the turn ranks first,
    # as its first segment; bob's turn is outside the scope.
    assert found[0][0] == _first_segment(memory, spread.episode_id)
    assert len(found) == 3 and all(a[1] <= b[1] for a, b in itertools.pairwise(found))
    # Sessions: s1 holds both words; s2 only one; bob's session is not alice's.
    assert _sessions(memory, "lake canoe", Scope(user_id="alice")) == ["s1", "s2"]
    assert _sessions(memory, "lake", Scope(user_id="bob")) == ["s1"]
    assert memory.store.fts_turns(Scope(user_id="carol"), _match("lake"), 10) == []


def test_sessions_grow_in_bounded_blocks_and_rank_by_their_best(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    at = iter(START + timedelta(minutes=i) for i in range(200))
    for i in range(SESSION_BLOCK_TURNS + 3):
        memory.add(f"filler message number {i}", session_id="long", created_at=next(at))
    memory.add("the quarterly zephyr report", session_id="long", created_at=next(at))
    memory.add("zephyr zephyr zephyr", session_id="short", created_at=next(at))
    ranked = memory.store.fts_sessions(Scope(user_id="alice"), _match("zephyr filler"), 10)
    assert [s.session_id for s, _ in ranked] == ["long", "short"] or [s.session_id for s, _ in ranked] == [
        "short", "long"]
    assert all(s.user_id == "alice" and s.org_id == "default" for s, _ in ranked)
    # One entry per session, however many of its blocks match.
    assert len(_sessions(memory, "filler", Scope(user_id="alice"))) == 1


def test_filters_and_expiry_apply_to_turns_and_blocks(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    kept = memory.add("the marmot sighting", session_id="s1", created_at=START, metadata={"lang": "en"})
    memory.add("another marmot story", session_id="s1", created_at=START + timedelta(minutes=1),
               metadata={"lang": "de"})
    # The reads take the store's clock (``now``): before the note was added, and a second after
    # (its TTL is half a second). The test slept 0.7 s instead, and on a loaded machine the reads
    # before it could come after the note had expired.
    before = utcnow()
    memory.add("a short-lived marmot note", session_id="s2", created_at=START + timedelta(minutes=2), ttl=0.5)
    after = utcnow() + timedelta(seconds=1)
    scope = Scope(user_id="alice")
    only_en = memory.store.fts_turns(scope, _match("marmot"), 10, filter=parse('metadata.lang = "en"'), now=before)
    assert [i for i, _ in only_en] == [_first_segment(memory, kept.episode_id)]
    assert _sessions(memory, "marmot", scope, before) in (["s1", "s2"], ["s2", "s1"])
    assert len(memory.store.fts_turns(scope, _match("marmot"), 10, now=before)) == 3
    assert len(memory.store.fts_turns(scope, _match("marmot"), 10, now=after)) == 2
    assert _sessions(memory, "marmot", scope, after) == ["s1"]  # s2's only block holds an expired turn


def test_forgotten_words_survive_in_no_turn_or_session_document(open_memory: OpenMemory) -> None:
    """The privacy contract: after a forget, a word only the forgotten episode said finds
    nothing in any list; the session's other turns are still found (its block was rebuilt)."""
    memory = open_memory(user_id="alice")
    canary = "Quixotrombulant"
    memory.add(f"My secret word is {canary} at the harbour", session_id="s1", created_at=START)
    memory.add("We walked along the harbour pier", session_id="s1", created_at=START + timedelta(days=2))
    memory.add(f"Another {canary} in another session", session_id="s2", created_at=START)
    scope = Scope(user_id="alice")
    assert _sessions(memory, canary, scope) in (["s1", "s2"], ["s2", "s1"])
    if memory.store.capabilities.forget_jobs:
        # Only the first turn of s1 (and s2's): s1 keeps a turn in the same block.
        receipt = memory.forget(user_id="alice", before=START + timedelta(days=1))
    else:
        receipt = memory.forget(user_id="alice", session_id="s1")
        memory.forget(user_id="alice", session_id="s2")
        # said anew: the same words at their old time are the forgotten message, left out
        memory.add("We walked along the harbour pier", session_id="s1", created_at=START + timedelta(days=3))
    assert receipt["episodes"] >= 1
    assert memory.store.fts_turns(scope, _match(canary), 10) == []
    assert memory.store.fts_sessions(scope, _match(canary), 10) == []
    assert memory.store.fts_segments(scope, _match(canary), 10) == []
    assert all(canary not in h.text for h in memory.search(canary, limit=10))
    assert _sessions(memory, "harbour pier", scope) == ["s1"]
    assert len(memory.store.fts_turns(scope, _match("harbour"), 10)) == 1


def test_whole_turn_hits_reach_search(open_memory: OpenMemory) -> None:
    """Through ``Memory.search``: a turn whose sentences each hold one of the query's words
    comes first (the whole-turn list), on every store."""
    memory = open_memory(user_id="alice", embedder=None)
    at = iter(START + timedelta(minutes=i) for i in range(100))
    target = memory.add("I bought a kayak. It is bright orange.", session_id="s1", created_at=next(at))
    for text in ("My kayak needs repair", "Orange juice for breakfast", "The kayak club meets on Fridays",
                 "An orange cat lives next door"):
        memory.add(text, session_id="s2", created_at=next(at))
    hits = memory.search("orange kayak", kinds=("episode",), limit=3)
    assert hits[0].id == target.episode_id


def test_a_filtered_search_never_ranks_sessions_by_hidden_turns(open_memory: OpenMemory) -> None:
    """A block mixes turns a filter may hide, so a filtered search ranks sessions from the
    turns it may see (``recall``): with a filter, switching session blocks on or off changes
    nothing (here the blocks would rank s1, by its hidden turn, above s2)."""
    from dataclasses import replace

    memory = open_memory(user_id="alice", embedder=None)
    at = iter(START + timedelta(minutes=i) for i in range(100))
    # s1's visible turn is weak and its hidden one strong; s2's visible turn is strong.
    for session, text, lang in [("s1", "a long day with a glacier somewhere far behind the clouds", "en"),
                                ("s1", "glacier hike glacier hike glacier hike", "de"),
                                ("s2", "glacier hike", "en"),
                                ("s2", "dinner was late", "en")]:
        memory.add(text, session_id=session, created_at=next(at), metadata={"lang": lang})
    only_en = 'metadata.lang = "en"'

    def ranked(blocks: bool, where: str | None) -> list[tuple[int, float]]:
        memory.settings = replace(memory.settings, session_blocks=blocks)
        # A fixed ``now``: recency moves with the wall clock, and two searches a few ms apart
        # differed in the 9th decimal (a flaky failure under load).
        return [(h.id, round(h.score, 9)) for h in memory.search("glacier hike", kinds=("episode",), limit=10,
                                                                   filter=where, now=START + timedelta(days=1))]
    assert ranked(True, only_en) == ranked(False, only_en)
    assert len(ranked(True, only_en)) == 3
    # Unfiltered, the blocks see s1's hidden turn and rank s1 first.
    assert [s.session_id for s, _ in memory.store.fts_sessions(Scope(user_id="alice"), _match("glacier hike"), 5)
            ] == ["s1", "s2"]


def test_a_reply_is_found_by_the_words_of_the_turn_it_answers(open_memory: OpenMemory) -> None:
    """A turn document carries the turn said before it in its session (``store.turns``): the
    answer "A year ago, in Paris." is found by the question's words, a turn of another session
    is not, and once the question is forgotten its words leave the answer's document too."""
    memory = open_memory(user_id="alice", embedder=None)
    question = memory.add("When did you buy the python?", speaker="ann", session_id="s1", created_at=START)
    answer = memory.add("A year ago, in Paris.", speaker="ben", session_id="s1",
                        created_at=START + timedelta(days=2))
    other = memory.add("Paris was rainy.", speaker="ben", session_id="s2", created_at=START + timedelta(days=3))
    scope = Scope(user_id="alice")
    found = [i for i, _ in memory.store.fts_turns(scope, _match("python"), 10)]
    assert found == [_first_segment(memory, question.episode_id), _first_segment(memory, answer.episode_id)]
    assert [i for i, _ in memory.store.fts_turns(scope, _match("paris"), 10)] == [
        _first_segment(memory, other.episode_id), _first_segment(memory, answer.episode_id)] or set(
        i for i, _ in memory.store.fts_turns(scope, _match("paris"), 10)) == {
        _first_segment(memory, other.episode_id), _first_segment(memory, answer.episode_id)}
    # The session block holds each turn once: "python" is in s1's block, not in s2's.
    assert _sessions(memory, "python", scope) == ["s1"]
    if memory.store.capabilities.forget_jobs:
        memory.forget(user_id="alice", before=START + timedelta(days=1))
        assert memory.store.fts_turns(scope, _match("python"), 10) == []
        assert _sessions(memory, "python", scope) == []
        assert len(memory.store.fts_turns(scope, _match("paris"), 10)) == 2
