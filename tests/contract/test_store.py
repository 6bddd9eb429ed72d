"""Store behaviours, identical on every backend: writes, idempotence, supersede, forget,
scopes, ranking inputs, access counts, migrations. Each test runs once per backend."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import numpy as np
import pytest

from conftest import BACKENDS, DIM, START, OpenMemory, _opener, populate
from memstrata import Episode, HashingEmbedder, InvalidInput, Memory, NotFound, Scope
from memstrata.store.postgres.schema import MIGRATIONS as PG_MIGRATIONS
from memstrata.store.sqlite.schema import MIGRATIONS as SQLITE_MIGRATIONS
from memstrata.store.sqlite.schema import SCHEMA_VERSION
from memstrata.text.tokens import fts_match_expression


@pytest.fixture(scope="module", params=BACKENDS)
def corpus(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """``CORPUS`` stored once per backend, shared by the tests here that only read it (each made
    and filled a memory of its own)."""
    memory = _opener(request.param, tmp_path_factory.mktemp(request.param), request)(user_id="alice")
    populate(memory)
    yield memory
    memory.close()


def test_episode_round_trips_every_field(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    when = datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=UTC)
    metadata = {"lang": "zh", "n": 1.5, "big": 2**53 + 1, "ok": True, "none": None, "list": [1, "二"],
                "nested": {"k": "v"}, "quote": "a\"b'c\\d"}
    result = memory.add("我以后都用顺丰。Then ship it!", role="user", speaker="Alice", created_at=when,
                        metadata=metadata, produced_for="bot", session_id="s1", agent_id="a1")
    assert result.created and result.segments == 2
    episode = memory.get(episode_id=result.episode_id, session_id="s1", agent_id="a1")
    assert episode == Episode(id=result.episode_id, scope=Scope("default", "default", "alice", "a1", "s1"),
                              role="user", content="我以后都用顺丰。Then ship it!", created_at=when, sequence_num=1,
                              producer_id="Alice", produced_for_id="bot", content_type="message", metadata=metadata)
    again = memory.add("我以后都用顺丰。Then ship it!", speaker="Alice", created_at=when, session_id="s1",
                       agent_id="a1")
    assert (again.episode_id, again.created, again.facts) == (result.episode_id, False, ())
    second = memory.add("next turn", created_at=when + timedelta(seconds=1), session_id="s1", agent_id="a1")
    assert memory.get(episode_id=second.episode_id, session_id="s1", agent_id="a1").sequence_num == 2


def test_new_value_supersedes_old_with_history(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    first = memory.add("我以后都用顺丰", created_at=START)
    second = memory.add("算了，以后用京东", created_at=START + timedelta(hours=1))
    old, new = first.facts[0].fact, second.facts[0].fact
    assert second.facts[0].action == "supersede" and second.facts[0].previous[0].id == old.id
    facts = {f.value: f for f in memory.list(status="all")}  # type: ignore[union-attr]
    assert facts["顺丰"].status == "superseded" and facts["顺丰"].valid_to == START + timedelta(hours=1)
    assert facts["京东"].status == "active" and facts["京东"].citations == (second.episode_id,)
    assert [f.value for f in memory.list()] == ["京东"]  # type: ignore[union-attr]
    timeline = memory.history(new.id)
    assert [(f.value, [e.action for e in events]) for f, events in timeline] == [
        ("顺丰", ["create", "supersede"]), ("京东", ["create"])]
    restated = memory.add("我以后都用京东", created_at=START + timedelta(hours=2))
    assert restated.facts[0].action == "touch" and restated.facts[0].fact.id == new.id
    assert memory.get(new.id).citations == (second.episode_id, restated.episode_id)  # type: ignore[union-attr]


def test_scopes_isolate_reads(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    populate(memory)
    alice = {e.id for e in memory.list(kind="episode", limit=100)}
    bob = {e.id for e in memory.list(kind="episode", limit=100, user_id="bob")}
    assert len(alice) == 8 and len(bob) == 2 and not alice & bob
    assert {h.scope.user_id for h in memory.search("coffee tea Berlin", limit=50)} == {"alice"}
    assert {h.scope.user_id for h in memory.search("coffee tea Berlin", limit=50, user_id="bob")} == {"bob"}
    assert memory.search("coffee", org_id="other") == []
    bob_fact = memory.list(user_id="bob")[0]
    with pytest.raises(NotFound):
        memory.get(bob_fact.id)
    with pytest.raises(NotFound):
        memory.get(episode_id=min(bob), user_id="alice")
    # a session-only read sees the facts cited by that session's episodes, never every user's
    session_only = memory.store.list_facts(Scope(session_id="s2"), statuses=["active", "superseded"])
    assert {f.value for f in session_only} == {"京东", "peanuts"}
    with pytest.raises(InvalidInput):
        open_memory().search("coffee")  # no owner given: an error, never the whole tenant


def test_forget_removes_exactly_the_scope(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    populate(memory)
    bob_before = memory.export(user_id="bob")
    session = memory.forget(session_id="s2")
    assert (session["episodes"], session["segments"]) == (3, 3) and session["facts"] == 2
    assert {e.scope.session_id for e in memory.list(kind="episode", limit=100)} == {"s1", "t1"}
    assert "京东" not in {f.value for f in memory.list(status="all")}  # type: ignore[union-attr]
    receipt = memory.forget(user_id="alice")
    assert receipt["episodes"] == 5
    assert memory.list(kind="episode") == [] and memory.list(status="all") == []
    assert memory.search("coffee peanuts 顺丰") == []
    assert list(memory.export(user_id="bob")) == list(bob_before)


def test_delete_one_fact_keeps_a_content_free_tombstone(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    fact = memory.add("I am allergic to peanuts", created_at=START).facts[0].fact
    memory.delete(fact.id)
    with pytest.raises(NotFound):
        memory.get(fact.id)
    assert memory.list(status="all") == []
    assert memory.store.counts()["events"] == 1  # the tombstone only: the create event went with the fact


def test_search_counts_access_and_ranks_the_matching_fact_first(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    populate(memory)
    hits = memory.search("what am I allergic to? peanuts", limit=3)
    assert hits[0].kind == "fact" and hits[0].fact is not None and hits[0].fact.value == "peanuts"
    memory.search("peanuts allergy", limit=3)
    assert memory.get(hits[0].id).access_count == 2  # type: ignore[union-attr]


def test_context_neighbours_stay_inside_the_episodes_session(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="ann")
    memory.add("We planned the Kyoto trip together", session_id="s1")
    memory.add("The ryokan is booked for May", session_id="s2")
    memory.add("My sister recommended a ramen place")  # no session: a conversation of its own
    memory.add("Remember the umbrella for the rainy season")
    memory.add("Agent X private note: the code word is pineapple", agent_id="ax")  # another agent's message
    hits = {h.text: h for h in memory.search("ramen place sister", kinds=("episode",), expand_context=2)}
    ramen = hits["My sister recommended a ramen place"]
    assert [c.text for c in ramen.context] == ["Remember the umbrella for the rainy season"]
    booked = memory.search("ryokan booked", kinds=("episode",), expand_context=2)[0]
    assert booked.text == "The ryokan is booked for May" and booked.context == ()


def test_context_neighbours_follow_time_then_id_within_the_conversation(open_memory: OpenMemory) -> None:
    """``sequence_num`` is counted over the scope a message names, so a message without an agent
    counts the bot's turns too (gaps) and shares numbers with them; neighbours come in time order,
    ties by id, whatever the storage order."""
    memory = open_memory(user_id="ann")

    def add(text: str, hour: int, **kw: Any) -> int:
        return memory.add(text, created_at=START + timedelta(hours=hour), session_id="s1", **kw).episode_id

    asked = add("Where should we eat tonight?", 1)
    bot = [add(f"bot note {i}", 2 + i, agent_id="bot") for i in range(3)]  # the bot's own conversation
    booked = add("Let's book the ramen place then", 6)
    landed = add("I just landed in Osaka", 0)  # said first, stored last
    tied = add("Same hour as the booking", 6)  # same time as `booked`: the id decides
    episode = {i: memory.get(episode_id=i) for i in (asked, booked, landed, tied, *bot)}
    assert episode[asked].sequence_num == episode[bot[0]].sequence_num  # shared numbers: not an order

    def texts(pairs: list[tuple[Any, Episode]]) -> list[str]:
        return [e.content for _, e in pairs]

    adjacent = memory.store.adjacent_segments([episode[asked], episode[booked], episode[bot[1]]], reach=1)
    assert texts(adjacent[asked]) == ["I just landed in Osaka", "Let's book the ramen place then"]
    assert texts(adjacent[booked]) == ["Where should we eat tonight?", "Same hour as the booking"]
    assert texts(adjacent[bot[1]]) == ["bot note 0", "bot note 2"]
    wide = memory.store.adjacent_segments([episode[booked]], reach=5)[booked]
    assert texts(wide) == ["I just landed in Osaka", "Where should we eat tonight?", "Same hour as the booking"]
    around = memory.store.neighbours(episode[asked], 0, 2)
    assert [c.text for c in around] == ["I just landed in Osaka", "Let's book the ramen place then",
                                        "Same hour as the booking"]
    assert [c.text for c in memory.store.neighbours(episode[tied], 0, 1)] == ["Let's book the ramen place then"]
    hit = memory.search("where should we eat tonight", kinds=("episode",), expand_context=1, session_id="s1")
    assert [c.text for c in next(h for h in hit if h.id == asked).context] == [
        "I just landed in Osaka", "Let's book the ramen place then"]


def test_candidate_lists_equal_exact_reference(corpus: Memory) -> None:
    """The ranking inputs: vector candidates are the exact cosine top k, full-text candidates
    are exactly the segments sharing a term (backends may order full text differently)."""
    memory = corpus
    store, scope = memory.store, Scope(user_id="alice")
    segments = store.segments_with_episodes(range(1, 100))
    mine = {i: s for i, (s, e) in segments.items() if e.scope.user_id == "alice"}
    embedder = HashingEmbedder(dim=DIM)
    q = embedder.embed(["coffee peanuts Berlin"])[0]
    matrix = embedder.embed([s.derivative for s in mine.values()])
    cos = matrix @ q
    expected = sorted(zip(mine, cos.tolist(), strict=True), key=lambda p: (-p[1], p[0]))[:5]
    got = store.nearest_segments(scope, q, k=5, min_similarity=-1.0)
    assert [i for i, _ in got] == [i for i, _ in expected]
    assert np.allclose([c for _, c in got], [c for _, c in expected], atol=2e-3)
    match = fts_match_expression("coffee 顺丰 dog")
    assert match is not None
    fts = store.fts_segments(scope, match, 50)
    assert sorted(i for i, _ in fts) == sorted(i for i, s in mine.items()
                                              if {"coffee", "顺丰", "dog"} & set(s.derivative.lower().replace(
                                                  ".", " ").replace(",", " ").split()) | (
                                                  {"顺丰"} if "顺丰" in s.derivative else set()))
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(fts))  # best (lowest) first


def test_export_lists_every_record(corpus: Memory) -> None:
    memory = corpus
    records = list(memory.export())
    kinds = [r["type"] for r in records]
    assert kinds.count("episode") == 8 and kinds.count("fact") == len(memory.list(status="all", limit=100))
    assert kinds == sorted(kinds, key=["episode", "fact", "event"].index)


def test_schema_is_migrated_and_versioned(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    assert memory.store.db.schema_version() == SCHEMA_VERSION
    assert memory.doctor()["schema_version"] == SCHEMA_VERSION


def test_postgres_migrations_mirror_sqlite_by_number_and_name() -> None:
    assert [(m.version, m.name) for m in PG_MIGRATIONS] == [(m.version, m.name) for m in SQLITE_MIGRATIONS]


def _normalised(memory: Memory) -> list[dict[str, Any]]:
    out = []
    for record in memory.export():
        out.append({k: v for k, v in record.items() if k not in ("created_at", "at", "updated_at", "expired_at")
                    or record["type"] == "episode"})
    return out


def test_every_backend_stores_the_same_records(pg_url: Any, tmp_path: Any) -> None:
    """One corpus written through SQLite, PostgreSQL and the reference store exports the same
    records (ids included), apart from the wall-clock write times."""
    from memstrata.store.reference import ReferenceStore

    exports = []
    for make in (lambda: Memory(tmp_path / "a.db", embedder=HashingEmbedder(dim=DIM), user_id="alice"),
                 lambda: Memory(pg_url(), embedder=HashingEmbedder(dim=DIM), user_id="alice"),
                 lambda: Memory(store=ReferenceStore(), embedder=HashingEmbedder(dim=DIM), user_id="alice")):
        with make() as memory:
            populate(memory)
            exports.append(_normalised(memory))
    assert exports[0] == exports[1] == exports[2]
    assert len(exports[0]) > 10 and isinstance(exports[0][0]["metadata"], dict)


def test_expired_memories_leave_every_read(open_memory: OpenMemory) -> None:
    import time

    # A short TTL keeps the wait short. On a machine so loaded that the add and the first list
    # outlast it (it failed so on PostgreSQL), the first list proves nothing: the same steps run
    # again on a fresh memory with a longer TTL. The wait lasts until the stored expiry has passed.
    for ttl in (0.5, 2.0, 8.0):
        memory = open_memory(user_id="alice")
        memory.add("I am allergic to peanuts", created_at=START)
        started = time.monotonic()
        short = memory.add("I like coffee", created_at=START, ttl=ttl)
        listed = memory.list()
        if time.monotonic() - started < ttl:
            break
    assert {f.value for f in listed} == {"peanuts", "coffee"}  # type: ignore[union-attr]
    expires_at = next(f.expires_at for f in listed if f.value == "coffee")  # type: ignore[union-attr]
    assert expires_at is not None
    time.sleep(max(0.0, (expires_at - datetime.now(UTC)).total_seconds()) + 0.05)
    assert {f.value for f in memory.list()} == {"peanuts"}  # type: ignore[union-attr]
    assert short.episode_id not in {e.id for e in memory.list(kind="episode")}
    assert all("coffee" not in h.text for h in memory.search("coffee", limit=10))
    with pytest.raises(NotFound):
        memory.get(episode_id=short.episode_id)


def test_a_batch_numbers_its_episodes_and_skips_repeats_like_one_by_one(open_memory: OpenMemory) -> None:
    """``add_many`` (PostgreSQL: one pipelined statement per episode, segments inside it) stores
    what adding the same messages one at a time stores: the same ids, flags and numbering."""
    batched, single = open_memory(user_id="u"), open_memory(user_id="u")
    texts = ["The harbour had ships. The tide came in.", "我以后都用顺丰", "The harbour had ships. The tide came in.",
             "I like tea", "", "Gulls everywhere."]
    when = datetime(2026, 1, 1, tzinfo=UTC)
    for memory in (batched, single):
        memory.add("I like tea", created_at=when, session_id="s")  # already stored before the batch
    msgs = [batched.message(t or "x", created_at=when, session_id="s" if i % 2 else None,
                            metadata={"i": i}) for i, t in enumerate(texts)]
    got = batched.add_many(msgs)
    want = [single.add(m.content, created_at=when, session_id=m.scope.session_id, metadata=m.metadata) for m in msgs]
    assert [(r.episode_id, r.created, r.segments) for r in got] == [
        (r.episode_id, r.created, r.segments) for r in want]
    assert [r.created for r in got] == [True, True, False, False, True, True]  # a repeat inside, one before
    again = batched.add_many([*msgs[:3], msgs[0]])
    assert [(r.episode_id, r.created) for r in again] == [(r.episode_id, False) for r in [*got[:3], got[0]]]
    episodes = {e.id: e for e in batched.list(kind="episode", limit=100)}
    assert [episodes[r.episode_id].sequence_num for r in got] == [
        e.sequence_num for e in (single.get(episode_id=r.episode_id) for r in want)]  # type: ignore[union-attr]


def test_counts_in_a_scope_count_only_that_scopes_audit_events(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    memory.add("I am allergic to peanuts", created_at=START, session_id="s1")
    memory.add("I prefer UPS for deliveries", created_at=START, session_id="s1")
    memory.add("Actually I prefer FedEx for deliveries", created_at=START + timedelta(hours=1), session_id="s2")
    memory.add("I prefer DHL for deliveries", created_at=START, user_id="bob")
    alice, bob = memory.counts(user_id="alice")["events"], memory.counts(user_id="bob")["events"]
    assert (alice, bob) == (4, 1)  # alice: three creates and a supersede; bob: one create
    assert memory.store.counts()["events"] == 5  # the whole database, unscoped
    assert memory.counts(user_id="nobody")["events"] == 0
    assert memory.counts(user_id="alice", session_id="s1")["events"] == 3  # the facts s1 cites: allergy, UPS
    bob_fact = memory.list(user_id="bob")[0]
    memory.delete(bob_fact.id, user_id="bob")
    assert memory.counts(user_id="bob")["events"] == 1  # the tombstone
    assert memory.counts(user_id="alice")["events"] == 4


#: A message said at 07:30 on 8 December in +08:00: 23:30 on 7 December in UTC.
SAID_IN_SINGAPORE = datetime(2026, 12, 8, 7, 30, tzinfo=timezone(timedelta(hours=8)))


def test_an_episode_keeps_the_offset_its_time_was_said_in(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    said = memory.add("I fed the cat", created_at=SAID_IN_SINGAPORE, session_id="s")
    at_utc = memory.add("I fed the dog", created_at=SAID_IN_SINGAPORE.astimezone(UTC), session_id="s")
    episode = memory.get(episode_id=said.episode_id, session_id="s")
    assert (episode.utc_offset_minutes, episode.created_at) == (480, datetime(2026, 12, 7, 23, 30, tzinfo=UTC))
    assert episode.said_at.isoformat() == "2026-12-08T07:30:00+08:00"
    assert memory.get(episode_id=at_utc.episode_id, session_id="s").utc_offset_minutes is None
    # The same instant said with another offset is the same message, which keeps its first offset.
    again = memory.add("I fed the cat", created_at=SAID_IN_SINGAPORE.astimezone(timezone(timedelta(hours=-5))),
                       session_id="s")
    assert (again.episode_id, again.created) == (said.episode_id, False)
    hit = next(h for h in memory.search("fed the cat", limit=5) if h.kind == "episode")
    assert hit.episode is not None and hit.episode.utc_offset_minutes == 480
    listed = {e.id: e.utc_offset_minutes for e in memory.list(kind="episode", limit=10)}
    assert listed == {said.episode_id: 480, at_utc.episode_id: None}


def _raw(memory: Memory, *statements: str) -> None:
    """Run ``statements`` on ``memory``'s own database file or server, outside memstrata."""
    import sqlite3

    import psycopg

    where = memory.store.db.address  # type: ignore[attr-defined]
    with (psycopg.connect(where, autocommit=True) if "://" in where else sqlite3.connect(where)) as conn:
        for sql in statements:
            conn.execute(sql)


def test_a_store_from_before_kept_offsets_migrates_showing_its_times_in_utc(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    if not memory.store.capabilities.sql:
        pytest.skip("the in-memory store keeps nothing between runs: nothing to migrate")
    old = memory.add("I fed the cat", created_at=SAID_IN_SINGAPORE)
    where = memory.store.db.address  # type: ignore[attr-defined]
    memory.close()
    _raw(memory, "ALTER TABLE episodes DROP COLUMN utc_offset_minutes",  # as schema 21 left it
         "DELETE FROM schema_migrations WHERE version = 22")
    with Memory(where, embedder=HashingEmbedder(dim=DIM), user_id="alice") as reopened:
        assert reopened.store.db.schema_version() == SCHEMA_VERSION
        episode = reopened.get(episode_id=old.episode_id)
        assert episode.utc_offset_minutes is None and episode.said_at == episode.created_at == SAID_IN_SINGAPORE
        assert episode.said_at.utcoffset() == timedelta(0)
        new = reopened.add("I fed the dog", created_at=SAID_IN_SINGAPORE + timedelta(minutes=1))
        assert reopened.get(episode_id=new.episode_id).utc_offset_minutes == 480


def test_export_and_import_keep_the_offset(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    if not memory.store.capabilities.maintenance:
        pytest.skip("the in-memory store does not import")
    said = memory.add("I fed the cat", created_at=SAID_IN_SINGAPORE)
    memory.add("I fed the dog", created_at=SAID_IN_SINGAPORE + timedelta(hours=1))
    records = [r for r in memory.export() if r["type"] == "episode"]
    assert [r["utc_offset_minutes"] for r in records] == [480, 480]
    del records[1]["utc_offset_minutes"]  # a file written before offsets were kept
    restored = open_memory(user_id="alice")
    restored.import_records(records)
    assert [e.utc_offset_minutes for e in restored.list(kind="episode", limit=10)] == [None, 480]
    assert restored.get(episode_id=said.episode_id).said_at == memory.get(episode_id=said.episode_id).said_at
    with pytest.raises(InvalidInput, match="utc_offset_minutes"):
        open_memory(user_id="alice").import_records([{**records[0], "utc_offset_minutes": "+08:00"}])
