"""PostgreSQL keeps a copy of each episode's filterable fields on its turn document (migration 9),
as on its segments (migration 6), so filtered whole-turn full text reads turns alone. These tests
hold the copy equal to the episode through every write path: ingest, import, the turn backfill
of a database written before turn documents, an episode update, a direct write to the copy,
forget, and the migration's backfill of a database at schema 8 holding turns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from conftest import apply_postgres_migrations, copy_mismatches
from memstrata import HashingEmbedder, Memory, Scope
from memstrata.filter import parse
from memstrata.store.postgres.schema import MIGRATIONS
from memstrata.store.postgres.store import PostgresStore, filter_predicate, live, scope_predicate

DIM = 64


def _mismatches(store: PostgresStore) -> tuple[int, int]:
    """``(turns, turns whose copy differs from their episode)``."""
    return copy_mismatches(store, "turns", "id")


def _memory(url: str, **kw: Any) -> Memory:
    return Memory(url, embedder=HashingEmbedder(dim=DIM), extractor=None, **kw)


def _turn_episodes(memory: Memory, where: str, match: str = '"harbour" OR "ships"') -> set[int]:
    """Episodes of the filtered whole-turn candidates of ``match`` (the search path)."""
    found = memory.store.fts_turns(Scope(user_id="u"), match, 1000, filter=parse(where))
    return {ep.id for _, ep in memory.store.segments_with_episodes(i for i, _ in found).values()}


def _listed(memory: Memory, where: str) -> set[int]:
    return {e.id for e in memory.list(kind="episode", limit=1000, filter=where)}


def _plan(store: PostgresStore, where: str) -> str:
    """The plan of the filtered whole-turn query (its ``FROM ... WHERE`` as ``fts_turns`` builds it)."""
    pred = filter_predicate(parse(where), kind="episode", alias="tu.")
    assert pred is not None
    scope_sql, params = scope_predicate(Scope(user_id="u"), prefix="tu.")
    with store.db.read() as conn:
        rows = conn.execute(f"EXPLAIN SELECT tu.id FROM turns tu WHERE {scope_sql} AND {pred[0]} AND {live('tu.')} "
                            "AND tu.tsv @@ to_tsquery('simple', 'harbour')",
                            [*params, *pred[1], "2000-01-01T00:00:00Z"]).fetchall()
    return "\n".join(r[0] for r in rows)


def test_ingest_copies_every_filterable_field(pg_url: Callable[[], str]) -> None:
    with _memory(pg_url(), user_id="u") as memory:
        memory.add_many([memory.message(f"The harbour had {i} ships. Then the tide came.", role=role,
                                        speaker="ann" if role == "user" else None, session_id=f"s{i % 3}",
                                        metadata={"bucket": i % 4, "deep": {"k": [i]}})
                         for i, role in enumerate(["user", "assistant"] * 6)])
        memory.add("A harbour without a session.", metadata={"bucket": 1})  # one by one, no session
        turns, differ = _mismatches(memory.store)  # type: ignore[arg-type]
        assert turns == 13 and differ == 0
        for where in ("metadata.bucket = 1", "role = 'assistant' AND sequence_num > 2", "producer_id = 'ann'",
                      "session_id = 's2' OR metadata.deep.k = 3", "created_at > '2000-01-01'"):
            wanted = _listed(memory, where)
            assert wanted and _turn_episodes(memory, where) == wanted, where
        # The filter reads the turn's own metadata, not its episode's: the query plan joins nothing.
        assert "episodes" not in _plan(memory.store, "metadata.bucket = 1")  # type: ignore[arg-type]


def test_an_episode_update_reaches_its_turn_and_the_copy_cannot_drift(pg_url: Callable[[], str]) -> None:
    with _memory(pg_url(), user_id="u") as memory:
        first = memory.add("The harbour had ships. And gulls.", session_id="s", metadata={"bucket": 1})
        memory.add("The harbour had more ships.", session_id="s", metadata={"bucket": 2})
        store = memory.store
        assert isinstance(store, PostgresStore)
        assert _turn_episodes(memory, "metadata.bucket = 1") == {first.episode_id}
        # Episodes are never rewritten by memstrata today; a later edit (or an operator's SQL) must
        # still move the copy with it.
        with store.db.write() as conn:
            conn.execute("UPDATE episodes SET metadata = %s, role = 'tool', producer_id = 'bot' WHERE id = %s",
                         (Jsonb({"bucket": 9}), first.episode_id))
        assert _mismatches(store) == (2, 0)
        assert _turn_episodes(memory, "metadata.bucket = 1") == set()
        assert _turn_episodes(memory, "metadata.bucket = 9 AND role = 'tool' AND producer_id = 'bot'") == {
            first.episode_id}
        with store.db.write() as conn:  # writing the copy itself takes the episode's values again
            conn.execute("UPDATE turns SET metadata = '{\"bucket\": 1}', user_id = 'mallory', role = 'user' "
                         "WHERE id = %s", (first.episode_id,))
        assert _mismatches(store) == (2, 0)
        assert _turn_episodes(memory, "metadata.bucket = 1") == set()
        # Rewriting a turn's terms (the terms upgrade, a forget's context strip) leaves the copy alone.
        with store.db.write() as conn:
            conn.execute("UPDATE turns SET terms = terms || ' harbour' WHERE id = %s", (first.episode_id,))
        assert _mismatches(store) == (2, 0)


def test_import_backfill_and_forget_keep_the_copy(pg_url: Callable[[], str]) -> None:
    url = pg_url()
    with _memory(pg_url(), user_id="u") as source:
        for i in range(6):
            source.add(f"The harbour had {i} ships.", session_id="s1", metadata={"bucket": i % 2})
        records = list(source.export())
        wanted = _listed(source, "metadata.bucket = 1")
    with _memory(url, user_id="u") as target:
        assert target.import_records(records)["episodes"] == 6
        assert _mismatches(target.store) == (6, 0)  # type: ignore[arg-type]
        assert _turn_episodes(target, "metadata.bucket = 1") == wanted and len(wanted) == 3
        store = target.store
        assert isinstance(store, PostgresStore)
        # A database written before turn documents: its turns come from the backfill.
        with store.db.write() as conn:
            conn.execute("DELETE FROM turns")
            conn.execute("DELETE FROM session_blocks")
            conn.execute("DELETE FROM meta WHERE key = 'turn_docs_version'")
    with _memory(url, user_id="u") as reopened:
        assert _mismatches(reopened.store) == (6, 0)  # type: ignore[arg-type]
        assert _turn_episodes(reopened, "metadata.bucket = 1") == wanted
        reopened.forget(user_id="u")
        reopened.wait_forgotten(timeout=60)
        assert _mismatches(reopened.store) == (0, 0)  # type: ignore[arg-type]
        assert _turn_episodes(reopened, "metadata.bucket = 1") == set()


def test_migration_backfills_turns_of_a_database_at_schema_8(pg_url: Callable[[], str]) -> None:
    url = pg_url()
    with psycopg.connect(url, autocommit=True) as conn:  # a database left by memstrata at schema 8
        apply_postgres_migrations(conn, MIGRATIONS[:8])
        block = conn.execute("INSERT INTO session_blocks (org_id, project_id, user_id, session_id, turns, terms) "
                             "VALUES ('default', 'default', 'u', 's', 30, 'ann harbour ships') RETURNING id").fetchone()
        assert block is not None
        for i in range(30):
            eid = conn.execute(
                "INSERT INTO episodes (org_id, project_id, user_id, session_id, role, producer_id, content, "
                "created_at, sequence_num, metadata, content_hash, ingested_at) VALUES ('default', 'default', 'u', "
                "'s', %s, %s, %s, now() - %s * interval '1 minute', %s, %s, %s, now()) RETURNING id",
                ("user" if i % 2 else "assistant", "ann" if i % 2 else None, f"harbour ships {i}", 30 - i, i + 1,
                 Jsonb({"bucket": i % 3}), f"h{i}")).fetchone()
            assert eid is not None
            conn.execute("INSERT INTO segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                         "session_id, terms) VALUES (%s, 0, %s, %s, 'default', 'default', 'u', 's', 'harbour ships')",
                         (eid[0], f"harbour ships {i}", f"harbour ships {i}"))
            conn.execute("INSERT INTO turns (id, org_id, project_id, user_id, session_id, terms, block_id) "
                         "VALUES (%s, 'default', 'default', 'u', 's', 'ann harbour ships', %s)", (eid[0], block[0]))
        conn.execute("INSERT INTO meta VALUES ('embedding_model', 'hashing-64'), ('embedding_dim', '64'), "
                     "('turn_docs_version', '1')")
        before = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
                                             "AND tablename = 'turns'")}
    with _memory(url, user_id="u") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        assert store.db.schema_version() == MIGRATIONS[-1].version >= 9
        assert _mismatches(store) == (30, 0)
        with store.db.read() as conn:
            after = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = "
                                                 "current_schema() AND tablename = 'turns'")}
            blocks = conn.execute("SELECT count(*) FROM turns WHERE block_id = %s", (block[0],)).fetchone()
        # Every index of schema 8 built again; full text and metadata in one (migration 11).
        assert after == (before - {"turns_tsv"}) | {"turns_tsv_metadata"}
        assert blocks is not None and blocks[0] == 30
        for where in ("metadata.bucket = 2", "role = 'user' AND sequence_num <= 10", "producer_id IS NULL"):
            wanted = _listed(memory, where)
            assert wanted and _turn_episodes(memory, where) == wanted, where
        added = memory.add("The harbour had new ships.", session_id="s", metadata={"bucket": 2})  # the trigger
        assert _mismatches(store) == (31, 0)
        assert added.episode_id in _turn_episodes(memory, "metadata.bucket = 2")
