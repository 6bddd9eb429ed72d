"""The PostgreSQL store's narrow copy of the active facts (migration 17, ``active_fact_search``):
a trigger on facts keeps it equal to the active facts through every write path, an unfiltered
search of active facts reads it (vectors and full text) and finds what the same search of the
facts themselves finds, and a database made before the copy gets it filled when opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import psycopg

from memstrata import Fact, HashingEmbedder, Memory, Scope
from memstrata.filter import parse
from memstrata.store.postgres import search
from memstrata.store.postgres.store import PostgresStore
from memstrata.text.tokens import fts_match_expression

DIM = 64

#: The copy's rows as the facts table says they should be, and as the copy holds them.
EXPECTED = ("SELECT id, org_id, project_id, user_id, agent_id, expires_at, tsv::text, embedding::halfvec::text "
            "FROM facts WHERE status = 'active' ORDER BY id")
COPIED = ("SELECT id, org_id, project_id, user_id, agent_id, expires_at, tsv::text, embedding::text "
          "FROM active_fact_search ORDER BY id")


def _rows(store: PostgresStore, sql: str) -> list[tuple[Any, ...]]:
    with store.db.read() as conn:
        return [tuple(r) for r in conn.execute(sql).fetchall()]


def _facts(memory: Memory) -> list[Fact]:
    return [f for f in memory.list() if isinstance(f, Fact)]


def _assert_copy_matches(store: PostgresStore) -> list[tuple[Any, ...]]:
    expected = _rows(store, EXPECTED)
    assert _rows(store, COPIED) == expected
    return expected


def test_the_copy_holds_exactly_the_active_facts_through_every_write(pg_url: Callable[[], str]) -> None:
    with Memory(pg_url(), embedder=HashingEmbedder(dim=DIM), user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        memory.add("I am allergic to peanuts")
        memory.add("I prefer UPS for delivery")
        memory.add("I live in Lisbon", user_id="bob")
        memory.add("My favourite colour is green", agent_id="helper")
        first = _assert_copy_matches(store)
        assert {r[3] for r in first} == {"ann", "bob"} and "helper" in {r[4] for r in first}

        # Supersede: the old carrier leaves the copy, the new one enters it.
        ups = [f for f in _facts(memory) if "UPS" in f.statement]
        assert ups
        memory.add("Actually I switched to FedEx for delivery")
        after = _assert_copy_matches(store)
        assert ups[0].id not in {r[0] for r in after}

        # An edit of the value re-embeds the fact: the copy holds the new embedding.
        fedex = next(f for f in _facts(memory) if "FedEx" in f.statement)
        before_edit = dict((r[0], r[7]) for r in after)
        edited = memory.update(fedex.id, value="DHL")
        now = {r[0]: r[7] for r in _assert_copy_matches(store)}
        assert fedex.id not in now or now.get(edited.id) != before_edit.get(fedex.id)

        # A TTL is copied, so an expired fact leaves the search the moment it expires.
        memory.add("I am staying at the Hilton this week", ttl=3600)
        assert any(r[5] is not None for r in _assert_copy_matches(store))

        # Counting a recall does not touch the copy (UPDATE OF columns), and the copy still matches.
        hits = memory.search("what am I allergic to?")
        assert hits
        _assert_copy_matches(store)

        # Forgetting a fact, a message with its facts, and a user.
        peanut = next(f for f in _facts(memory) if "peanut" in f.statement)
        memory.delete(peanut.id)
        assert peanut.id not in {r[0] for r in _assert_copy_matches(store)}
        memory.forget(user_id="bob")
        assert "bob" not in {r[3] for r in _assert_copy_matches(store)}
        assert len(_rows(store, COPIED)) >= 2


def test_an_unfiltered_search_of_active_facts_reads_the_copy_and_agrees_with_the_facts(
        pg_url: Callable[[], str]) -> None:
    with Memory(pg_url(), embedder=HashingEmbedder(dim=DIM), user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        for text in ("I am allergic to peanuts", "I prefer UPS for delivery", "I live in Lisbon",
                     "My sister is called Maria", "I work as a nurse", "I prefer tea over coffee",
                     "My favourite colour is green", "I have a dog called Rex"):
            memory.add(text)
        memory.add("I live in Porto", user_id="bob")
        scope = Scope(user_id="ann")
        rng = np.random.default_rng(3)
        for _ in range(10):
            q = rng.standard_normal(DIM).astype(np.float32)
            q /= np.linalg.norm(q)
            got = store.nearest_scope_facts(scope, q, statuses=("active",), k=5, min_similarity=-1.0)
            with store.db.read() as conn:  # the facts' own rows, exactly, without the copy
                want = search.nearest(
                    conn, from_where="FROM facts f WHERE f.org_id = %s AND f.project_id = %s AND f.user_id = %s "
                                     "AND f.status = 'active'",
                    params=["default", "default", "ann"], vector=q, k=5, min_similarity=-1.0, exact=True,
                    table="facts", alias="f")
            assert [i for i, _ in got] == [i for i, _ in want]
            assert np.allclose([s for _, s in got], [s for _, s in want], atol=1e-6)

        # The search reads the copy: a row missing from it is not found unfiltered, but is found by a
        # filtered search (which reads the facts).
        q = rng.standard_normal(DIM).astype(np.float32)
        q /= np.linalg.norm(q)
        top = store.nearest_scope_facts(scope, q, statuses=("active",), k=1, min_similarity=-1.0)[0][0]
        with store.db.write() as conn:
            conn.execute("ALTER TABLE facts DISABLE TRIGGER facts_active_search")
            conn.execute("DELETE FROM active_fact_search WHERE id = %s", (top,))
        assert top not in [i for i, _ in store.nearest_scope_facts(scope, q, statuses=("active",), k=20,
                                                                   min_similarity=-1.0)]
        filtered = store.nearest_scope_facts(scope, q, statuses=("active",), k=1, min_similarity=-1.0,
                                             filter=parse('kind != "episode"'))
        assert filtered[0][0] == top


def test_unfiltered_full_text_of_active_facts_reads_the_copy_and_agrees_with_the_facts(
        pg_url: Callable[[], str]) -> None:
    """Without an embedding model too: the copy holds every active fact, embedded or not."""
    with Memory(pg_url(), embedder=None, user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        for text in ("I am allergic to peanuts", "I prefer UPS for delivery", "I live in Lisbon",
                     "I prefer green tea in the morning", "My sister prefers coffee", "我对花生过敏",
                     "我喜欢喝绿茶", "I prefer FedEx for delivery"):
            memory.add(text)
        memory.add("I prefer tea", user_id="bob")
        assert {r[7] for r in _assert_copy_matches(store)} == {None}
        scope = Scope(user_id="ann")
        found = 0
        for question in ("which delivery carrier do I prefer?", "tea or coffee", "花生", "绿茶", "Lisbon"):
            match = fts_match_expression(question)
            got = store.fts_facts(scope, match, 10, ("active",))
            with store.db.read() as conn:  # the same search over the facts' own rows
                want = store._fts(conn, table="facts", alias="f", match=match, limit=10,
                                  from_where="FROM facts f WHERE f.org_id = %s AND f.project_id = %s "
                                             "AND f.user_id = %s AND f.status = 'active'",
                                  params=["default", "default", "ann"])
            assert got == want, question
            found += bool(got)
        assert found >= 4
        # Superseded UPS is in neither; the copy is what was read (a row missing from it is not found).
        ups = [i for i, _ in store.fts_facts(scope, fts_match_expression("UPS"), 10, ("active",))]
        assert ups == []
        fedex = store.fts_facts(scope, fts_match_expression("FedEx"), 10, ("active",))
        assert len(fedex) == 1
        with store.db.write() as conn:
            conn.execute("ALTER TABLE facts DISABLE TRIGGER facts_active_search")
            conn.execute("DELETE FROM active_fact_search WHERE id = %s", (fedex[0][0],))
        assert store.fts_facts(scope, fts_match_expression("FedEx"), 10, ("active",)) == []


def test_a_database_made_before_the_copy_gets_it_filled_when_opened(pg_url: Callable[[], str]) -> None:
    url = pg_url()
    with Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="ann") as memory:
        memory.add("I am allergic to peanuts")
        memory.add("I prefer UPS for delivery")
        memory.add("Actually I switched to FedEx for delivery")
        store = memory.store
        assert isinstance(store, PostgresStore)
        expected = _assert_copy_matches(store)
        assert len(expected) >= 2
        with store.db.write() as conn:  # back to schema 16, as a database written before the copy
            conn.execute("DROP TRIGGER facts_active_search ON facts")
            conn.execute("DROP FUNCTION active_fact_search_sync()")
            conn.execute("DROP TABLE active_fact_search")
            conn.execute("DELETE FROM schema_migrations WHERE version >= 17")
    with Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        assert _assert_copy_matches(store) == expected
        memory.add("I live in Lisbon")  # and the trigger is back
        assert len(_assert_copy_matches(store)) == len(expected) + 1


def test_the_trigger_reads_the_copy_of_its_own_schema(pg_url: Callable[[], str]) -> None:
    """Two stores in two schemas of one database: each one's facts land in its own copy (the
    function resolves names with its migration's search_path, not the writer's)."""
    a, b = pg_url(), pg_url()
    with Memory(a, embedder=HashingEmbedder(dim=DIM), user_id="ann") as ma, \
            Memory(b, embedder=HashingEmbedder(dim=DIM), user_id="bob") as mb:
        ma.add("I am allergic to peanuts")
        mb.add("I live in Lisbon")
        for memory in (ma, mb):
            assert isinstance(memory.store, PostgresStore)
            assert len(_assert_copy_matches(memory.store)) == 1
        # A writer whose search_path names the other schema first still writes into the copy of
        # the table it changed.
        schema_a = a.rsplit("search_path%3D", 1)[1].split("%2C", 1)[0]
        with psycopg.connect(b, autocommit=True) as conn:
            conn.execute(f'UPDATE "{schema_a}".facts SET status = \'archived\'')
        assert isinstance(ma.store, PostgresStore) and isinstance(mb.store, PostgresStore)
        assert _assert_copy_matches(ma.store) == []
        assert len(_assert_copy_matches(mb.store)) == 1
