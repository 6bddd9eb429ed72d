"""Engine behaviours: context expansion, time resolution, model migration, store set-up."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import EmbeddingModelMismatch, HashingEmbedder, Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.embed.models import loaded_models
from memstrata.lifecycle.reembed import reembed_database
from memstrata.store.sqlite.schema import MIGRATIONS
from memstrata.text.clauses import closing_question, question_clauses, question_focus
from memstrata.types import Hit


def test_hit_maps_back_to_episode_and_expands_context(memory: Memory) -> None:
    base = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    turns = [("alice", "We should plan the summer trip."), ("bob", "Sure. Where to?"),
             ("alice", "I want to see the glaciers in Iceland. They look amazing in photos."),
             ("bob", "Then let's book flights in June.")]
    ids = [memory.add(t, speaker=s, session_id="trip", created_at=base.replace(minute=i)).episode_id
           for i, (s, t) in enumerate(turns)]
    hits = memory.search("glaciers", kinds=("episode",), limit=1, expand_context=1)
    assert hits[0].id == ids[2]
    assert hits[0].matched == "I want to see the glaciers in Iceland."
    assert [(c.episode_id, c.text) for c in hits[0].context] == [
        (ids[1], "Where to?"), (ids[2], "They look amazing in photos.")]
    episode = memory.get(episode_id=ids[2])
    assert episode.producer_id == "alice" and episode.scope.session_id == "trip"


def test_relative_time_resolves_against_message_time(memory: Memory) -> None:
    said = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    result = memory.add("Yesterday I went to Paris with my sister", created_at=said)
    events = [c.fact for c in result.facts if c.fact.valid_from is not None and c.fact.kind == "episode"]
    assert events, [c.fact for c in result.facts]
    assert events[0].valid_from == datetime(2023, 5, 7, tzinfo=UTC)
    episode = memory.get(episode_id=result.episode_id)
    assert episode.created_at == said


def test_reembed_migrates_to_the_configured_model(db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=HashingEmbedder(dim=64), user_id="u1") as old:
        old.add("我喜欢用 VSCode 写代码")
    with pytest.raises(EmbeddingModelMismatch, match=r"hashing-64.*use-multilingual-v3"):
        Memory(db_path, embedder=embedder, user_id="u1")
    summary = reembed_database(db_path, "use-multilingual-v3")
    assert summary["previous"] == "hashing-64" and summary["segments"] == 1
    with Memory(db_path, embedder=embedder, user_id="u1") as new:
        hits = new.search("what IDE do I use?", kinds=("episode",))
        assert hits and "VSCode" in hits[0].text


def test_reembed_uses_the_model_this_process_loaded(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A model registered in ``loaded_models`` (a notebook's, the tests' shared one) is the one
    reembed uses; it loaded a second copy of it (use-multilingual-v3: ~1.1 s of CPU)."""
    with Memory(db_path, embedder=HashingEmbedder(dim=32), user_id="u1") as old:
        old.add("I like green tea")
    loaded = HashingEmbedder(dim=64)
    texts: list[str] = []
    embed = loaded.embed
    monkeypatch.setattr(loaded, "embed", lambda batch: texts.extend(batch) or embed(batch))
    monkeypatch.setitem(loaded_models, "hashing-64", loaded)
    assert reembed_database(db_path, "hashing-64")["segments"] == 1
    assert any("I like green tea" in t for t in texts)  # the segment, embedded by the registered model


def test_database_is_wal_with_foreign_keys_and_schema_version(memory: Memory, db_path: Path) -> None:
    memory.add("hello there, this is a test")
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall() == [
            (m.version, m.name) for m in MIGRATIONS]
        model = dict(conn.execute("SELECT key, value FROM meta WHERE key LIKE 'embedding%'").fetchall())
        assert model == {"embedding_model": "use-multilingual-v3", "embedding_dim": "512"}
    finally:
        conn.close()
    assert memory.store.db.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_scopes_never_cross_tenants(db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder, org_id="acme", project_id="p1") as a:
        a.add("Our launch code name is Bluebird", user_id="same-user")
    with Memory(db_path, embedder=embedder, org_id="acme", project_id="p2") as b:
        assert b.search("launch code name", user_id="same-user") == []
        assert b.list(kind="episode", user_id="same-user") == []
    with Memory(db_path, embedder=embedder, org_id="acme", project_id="p1") as a:
        assert a.search("launch code name", user_id="same-user")


def test_reads_without_an_owner_are_refused(db_path: Path, embedder: EmbeddingCache) -> None:
    from memstrata import InvalidInput

    with Memory(db_path, embedder=embedder) as memory:
        memory.add("I'm allergic to peanuts", user_id="alice")
        memory.add("I'm allergic to fish", user_id="bob")
        for call in (lambda: memory.search("allergies"), lambda: memory.list(),
                     lambda: memory.context("allergies"), lambda: memory.get(1),
                     lambda: list(memory.export())):
            with pytest.raises(InvalidInput, match="user_id, agent_id or session_id"):
                call()
        assert [h.scope.user_id for h in memory.search("allergies", user_id="bob")] == ["bob"] * 2


def test_forgetting_a_session_stays_inside_the_user(db_path: Path, embedder: EmbeddingCache) -> None:
    from memstrata import InvalidInput

    with Memory(db_path, embedder=embedder) as memory:
        memory.add("alice in session one", user_id="alice", session_id="s1")
        memory.add("bob in session one", user_id="bob", session_id="s1")
        with pytest.raises(InvalidInput, match="every user"):
            memory.forget(session_id="s1")
        assert memory.forget(session_id="s1", user_id="alice")["episodes"] == 1
        assert [e.content for e in memory.list(kind="episode", user_id="bob")] == ["bob in session one"]
    with Memory(db_path, embedder=embedder, user_id="bob") as bob:
        assert bob.forget(session_id="s1")["episodes"] == 1


def test_search_does_not_wait_for_another_writer(db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        memory.add("I'm allergic to peanuts")
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            hits = memory.search("peanut allergy", kinds=("fact",))
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert hits and hits[0].fact is not None
        # The recall was served without waiting for the lock; it is counted once the lock is free.
        assert memory.get(hits[0].id).access_count == 1  # type: ignore[union-attr]
        memory.search("peanut allergy", kinds=("fact",))
        assert memory.get(hits[0].id).access_count == 2  # type: ignore[union-attr]


def test_nonsense_scores_below_a_real_match_and_min_score_filters(memory: Memory) -> None:
    for text in ("I'm allergic to peanuts", "We adopted a cat named Miso last spring",
                 "我每天早上都喝一杯美式咖啡", "The quarterly report is due on Friday"):
        memory.add(text)
    real = memory.search("does she have a food allergy?", limit=1)[0]
    nonsense = memory.search("xyzzy plugh", limit=1)
    assert "peanuts" in real.text
    assert not nonsense or nonsense[0].score < real.score - 0.1
    assert memory.search("xyzzy plugh", min_score=real.score - 0.05) == []
    assert memory.search("does she have a food allergy?", min_score=real.score - 0.05)


def _conversation_search(path: Path, embedder: EmbeddingCache, turns: list[tuple[str, str]], query: str,
                         limit: int, **settings: Any) -> list[Hit]:
    """``query`` over ``turns`` (speaker, text) said a minute apart in one session, in a fresh
    file ``path`` with ``Settings`` changed by ``settings`` (no extractor: episodes only)."""
    from dataclasses import replace

    from memstrata import Settings

    base = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with Memory(path, settings=replace(Settings(), **settings), embedder=embedder, extractor=None,
                user_id="u") as mem:
        for i, (speaker, text) in enumerate(turns):
            mem.add(text, speaker=speaker, session_id="s", created_at=base.replace(minute=i))
        return mem.search(query, kinds=("episode",), limit=limit)


def test_a_reply_borrows_the_score_of_the_turn_it_answers(db_path: Path, embedder: EmbeddingCache) -> None:
    turns = [("ann", "What did your family do over the long weekend?"), ("ben", "Mostly stayed in and rested."),
             ("ann", "Any plans for the spring holidays?"), ("ben", "Kayaking on the fjords near Bergen!"),
             ("ann", "Sounds lovely."), ("ben", "By the way, the printer is broken again.")]

    def ranked(weight: float) -> list[tuple[str, float]]:
        found = _conversation_search(db_path.with_name(f"n{weight}.db"), embedder, turns, "spring holiday plans", 6,
                                     neighbour_weight=weight)
        return [(h.text, h.relevance) for h in found]

    lent = ranked(0.85)
    assert [text for text, _ in lent[:2]] == ["Any plans for the spring holidays?",
                                              "Kayaking on the fjords near Bergen!"]
    # Without borrowing the reply is found only by the question's words in its turn document
    # (its context, ``store.turns``): a weaker match than the score it borrows.
    alone = dict(ranked(0.0))
    assert alone.get("Kayaking on the fjords near Bergen!", 0.0) < dict(lent)["Kayaking on the fjords near Bergen!"]


def test_the_reply_to_a_match_outranks_the_turn_before_it(db_path: Path, embedder: EmbeddingCache) -> None:
    """A matching turn lends most to the turn after it (the reply that answers it) and less to the
    turn before it (``Settings.neighbour_before``); with equal shares both neighbours tie."""
    from memstrata import Settings

    turns = [("ann", "By the way, the printer is broken again."), ("ben", "Any plans for the spring holidays?"),
             ("ann", "Kayaking on the fjords near Bergen!")]

    def hits(before: float) -> list[Hit]:
        return _conversation_search(db_path.with_name(f"b{before}.db"), embedder, turns, "spring holiday plans", 3,
                                    neighbour_before=before)

    ranked = hits(Settings().neighbour_before)
    assert [h.text for h in ranked] == [turns[1][1], turns[2][1], turns[0][1]]
    assert ranked[1].relevance > ranked[2].relevance
    even = {h.text: h.relevance for h in hits(1.0)}
    assert even[turns[0][1]] == pytest.approx(even[turns[2][1]])


def test_a_long_turn_beside_a_match_borrows_in_proportion_to_its_length(db_path: Path,
                                                                       embedder: EmbeddingCache) -> None:
    """A reply that says much on its own borrows ``neighbour_chars / its length`` of the share a
    bare reply borrows (``Settings.neighbour_chars``); a short reply borrows it all."""
    long_reply = ("Kayaking on the fjords near Bergen, then a week of hiking in the mountains above the "
                  "valley, staying in small cabins without electricity, cooking on a camp stove, and "
                  "taking the night train back to Oslo before the term starts again in April. ") * 2
    turns = [("ann", "Any plans for the spring holidays?"), ("ben", long_reply)]

    def relevance(chars: int) -> float:
        found = _conversation_search(db_path.with_name(f"c{chars}.db"), embedder, turns, "spring holiday plans", 2,
                                     neighbour_chars=chars)
        return {h.text: h.relevance for h in found}.get(long_reply, 0.0)

    assert len(long_reply) > 300
    assert relevance(10_000) > relevance(300) > relevance(30)


#: One speaker's turns (no turn borrows a neighbour's score) and a paragraph of chit-chat, for the
#: similarity-lift tests: the chit-chat names nothing the turns say.
_HOLIDAY_TURNS = [("ann", "Any plans for the spring holidays?"), ("ann", "Kayaking on the fjords near Bergen!"),
                  ("ann", "By the way, the printer is broken again.")]
_CHIT_CHAT = ("We had a long week at work and the weather was grey and wet all the time, my sister visited "
              "with her two dogs, we cooked a big pot of soup and watched an old film about sailors and "
              "whales on Sunday evening. The neighbours painted their fence bright yellow, the bakery closed "
              "early on Monday, and the train to town was late twice.")
_HOLIDAY_QUESTION = "What are the plans for the spring holidays?"


def test_a_question_lifts_each_hit_by_its_own_cosine(db_path: Path, embedder: EmbeddingCache) -> None:
    """``Settings.similarity_weight``: a hit's score becomes ``(score + w * similarity) / (1 + w)``
    when the query is its own question; a long query whose question sits among chit-chat
    (``question_focus``) is lifted by ``question_similarity_weight`` only (set 0 here: the
    plain score)."""
    # One speaker: no turn borrows a neighbour's score, nor its cosine (``recall.search._lifted``).
    turns = _HOLIDAY_TURNS
    chatty = f"{_CHIT_CHAT} {_HOLIDAY_QUESTION}"

    def scores(query: str, weight: float) -> dict[str, tuple[float, float]]:
        found = _conversation_search(db_path.with_name(f"s{weight}-{len(query)}.db"), embedder, turns, query, 3,
                                     similarity_weight=weight, question_similarity_weight=0.0)
        return {h.text: (h.score, h.signals["similarity"]) for h in found}

    plain, lifted = scores("spring holiday plans", 0.0), scores("spring holiday plans", 0.5)
    assert plain.keys() == lifted.keys() and len(plain) >= 2
    for text, (score, similarity) in plain.items():
        assert lifted[text][0] == pytest.approx((score + 0.5 * similarity) / 1.5)
    similarities = [similarity for _, similarity in plain.values()]
    assert min(similarities) < max(similarities)  # the lift tells the hits apart
    assert question_focus(chatty) == "What are the plans for the spring holidays?"
    chat_plain, chat_lifted = scores(chatty, 0.0), scores(chatty, 0.5)
    assert chat_plain.keys() == chat_lifted.keys()
    assert all(chat_lifted[text] == pytest.approx(chat_plain[text]) for text in chat_plain)


def test_a_lone_question_among_chit_chat_lifts_hits_by_its_own_cosine(db_path: Path,
                                                                        embedder: EmbeddingCache) -> None:
    """``Settings.question_similarity_weight``: a long query with one question among chit-chat lifts
    each hit by its cosine to that question alone (the cosine the question asked on its own gives),
    not to the whole message; ``closing_similarity_weight``: so does a message of several questions
    that closes with it, and one that goes on after its last question keeps the plain score."""
    turns = _HOLIDAY_TURNS
    chat, question = _CHIT_CHAT, _HOLIDAY_QUESTION

    def scores(query: str, weight: float) -> dict[str, tuple[float, float]]:
        found = _conversation_search(db_path.with_name(f"q{weight}-{len(query)}.db"), embedder, turns, query, 3,
                                     question_similarity_weight=weight, closing_similarity_weight=weight)
        return {h.text: (h.score, h.signals["similarity"]) for h in found}

    lone = f"{chat} {question}"
    assert question_clauses(lone) == [question]
    plain, lifted, alone = scores(lone, 0.0), scores(lone, 0.5), scores(question, 0.0)
    assert plain.keys() == lifted.keys() and len(plain) >= 2
    for text, (score, _) in plain.items():
        similarity = lifted[text][1]
        assert similarity == pytest.approx(alone[text][1])  # the question's own cosine
        assert lifted[text][0] == pytest.approx((score + 0.5 * similarity) / 1.5)
    assert len({round(similarity, 6) for _, similarity in lifted.values()}) > 1  # the lift tells hits apart
    two = f"Did you sleep well? {chat} {question}"
    assert len(question_clauses(two)) == 2 and closing_question(two) == question
    two_plain, two_lifted = scores(two, 0.0), scores(two, 0.5)
    assert two_plain.keys() == two_lifted.keys()
    for text, (score, _) in two_plain.items():
        similarity = two_lifted[text][1]
        assert similarity == pytest.approx(alone[text][1])  # the closing question's own cosine
        assert two_lifted[text][0] == pytest.approx((score + 0.5 * similarity) / 1.5)
    trailing = f"{chat} {question} Did you sleep well? Let me know when you are back."
    assert len(question_clauses(trailing)) == 2 and closing_question(trailing) is None
    trailing_plain, trailing_lifted = scores(trailing, 0.0), scores(trailing, 0.5)
    assert trailing_plain.keys() == trailing_lifted.keys()
    assert all(trailing_lifted[text] == pytest.approx(trailing_plain[text]) for text in trailing_plain)


def test_a_session_only_read_sees_only_facts_from_that_session(db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder) as memory:
        memory.add("I'm allergic to peanuts", user_id="alice", session_id="a-s1")
        memory.add("我对青霉素过敏", user_id="carol", session_id="c-s1")
        assert memory.list(session_id="nonexistent-session") == []
        assert [f.value for f in memory.list(session_id="a-s1")] == ["peanuts"]
        texts = [h.text for h in memory.search("allergy", session_id="a-s1")]
        assert texts and not any("青霉素" in t for t in texts)


def test_ids_are_never_reused_after_a_deletion(memory: Memory) -> None:
    first = memory.add("I'm allergic to peanuts", user_id="u1")
    fact_id = first.facts[0].fact.id
    memory.delete(fact_id, user_id="u1")
    memory.forget(user_id="u1")
    again = memory.add("I love rock music", user_id="u2")
    assert again.episode_id > first.episode_id
    assert all(c.fact.id > fact_id for c in again.facts)
    assert [e.action for _, events in memory.history(key=again.facts[0].fact.key, user_id="u2")
            for e in events] == ["create"]


def test_a_query_naming_a_speaker_ranks_their_own_words_first(db_path: Path, embedder: EmbeddingCache) -> None:
    """"What does Ann paint?" is answered by Ann's own turn, not by Ben's turn that names her
    (``Settings.speaker_weight``, ``recall.speakers``)."""
    from memstrata import Settings

    turns = [("ben", "Ann, do you still paint? I keep thinking about what Ann could paint next."),
             ("ann", "These days I paint watercolour landscapes of the lake."),
             ("ben", "The printer is broken again.")]

    def ranked(weight: float) -> list[Hit]:
        # The speaker rule alone: with ``similarity_weight`` Ben's question, a near paraphrase of the
        # query, also gains its cosine (checked in ``test_a_question_lifts_each_hit_by_its_own_cosine``).
        return _conversation_search(db_path.with_name(f"spk{weight}.db"), embedder, turns, "What does Ann paint?", 3,
                                    speaker_weight=weight, similarity_weight=0.0)

    plain, focused = ranked(0.0), ranked(Settings().speaker_weight)
    assert plain[0].text == turns[0][1]  # Ben's turn holds "Ann" and "paint" twice
    assert focused[0].text == turns[1][1]
    # Only the score moves: how well each turn matched is what it was.
    assert {h.text: h.relevance for h in focused} == {h.text: h.relevance for h in plain}
    assert {h.text: h.score for h in focused}[turns[0][1]] < {h.text: h.score for h in plain}[turns[0][1]]
