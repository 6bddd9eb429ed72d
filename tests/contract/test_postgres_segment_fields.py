"""PostgreSQL keeps a copy of each episode's filterable fields on its segments (migration 6),
so filtered full text and vector search read segments alone. These tests hold the copy equal
to the episode through every write path: ingest, import, an episode update, a direct write to
the copy, forget, and the migration's backfill of an older database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

from conftest import apply_postgres_migrations, copy_mismatches
from memstrata import HashingEmbedder, Memory, Scope
from memstrata.filter import parse
from memstrata.store.postgres.schema import MIGRATIONS
from memstrata.store.postgres.store import PostgresStore

DIM = 64


def _mismatches(store: PostgresStore) -> tuple[int, int]:
    """``(segments, segments whose copy differs from their episode)``."""
    return copy_mismatches(store, "segments", "episode_id")


def _memory(url: str, **kw: Any) -> Memory:
    return Memory(url, embedder=HashingEmbedder(dim=DIM), extractor=None, **kw)


def _filtered_episodes(memory: Memory, where: str, query: str = "harbour ships") -> set[int]:
    """Episodes of the filtered vector and full-text candidates of ``query`` (the search path)."""
    store = memory.store
    scope, tree = Scope(user_id="u"), parse(where)
    assert memory.embedder is not None
    near = store.nearest_segments(scope, memory.embedder.embed([query])[0], k=1000, min_similarity=-1.0,
                                  filter=tree)
    text = store.fts_segments(scope, '"harbour" OR "ships"', 1000, filter=tree)
    pairs = store.segments_with_episodes([i for i, _ in near] + [i for i, _ in text])
    return {ep.id for _, ep in pairs.values()}


def test_ingest_copies_every_filterable_field(pg_url: Callable[[], str]) -> None:
    with _memory(pg_url(), user_id="u") as memory:
        memory.add_many([memory.message(f"The harbour had {i} ships. Then the tide came.", role=role,
                                        speaker="ann" if role == "user" else None, session_id=f"s{i % 3}",
                                        metadata={"bucket": i % 4, "deep": {"k": [i]}})
                         for i, role in enumerate(["user", "assistant"] * 6)])
        segments, differ = _mismatches(memory.store)  # type: ignore[arg-type]
        assert segments >= 24 and differ == 0  # two sentences per message
        bucket = {e.id for e in memory.list(kind="episode", limit=100, filter="metadata.bucket = 1")}
        assert len(bucket) == 3 and _filtered_episodes(memory, "metadata.bucket = 1") == bucket
        assistant = {e.id for e in memory.list(kind="episode", limit=100, filter="role = 'assistant'")}
        assert _filtered_episodes(memory, "role = 'assistant' AND sequence_num > 4") == {
            e.id for e in memory.list(kind="episode", limit=100, filter="role = 'assistant' AND sequence_num > 4")}
        assert len(assistant) == 6


def test_an_episode_update_reaches_its_segments_and_the_copy_cannot_drift(pg_url: Callable[[], str]) -> None:
    with _memory(pg_url(), user_id="u") as memory:
        first = memory.add("The harbour had ships. And gulls.", metadata={"bucket": 1})
        memory.add("The harbour had more ships.", metadata={"bucket": 2})
        store = memory.store
        assert isinstance(store, PostgresStore)
        assert _filtered_episodes(memory, "metadata.bucket = 1") == {first.episode_id}
        # Episodes are never rewritten by memstrata today; a later edit (or an operator's SQL) must
        # still move the copy with it.
        with store.db.write() as conn:
            conn.execute("UPDATE episodes SET metadata = %s, role = 'tool' WHERE id = %s",
                         (Jsonb({"bucket": 9}), first.episode_id))
        assert _mismatches(store)[1] == 0
        assert _filtered_episodes(memory, "metadata.bucket = 1") == set()
        assert _filtered_episodes(memory, "metadata.bucket = 9 AND role = 'tool'") == {first.episode_id}
        with store.db.write() as conn:  # writing the copy itself takes the episode's values again
            conn.execute("UPDATE segments SET metadata = '{\"bucket\": 1}', user_id = 'mallory' "
                         "WHERE episode_id = %s", (first.episode_id,))
        assert _mismatches(store)[1] == 0
        assert _filtered_episodes(memory, "metadata.bucket = 1") == set()


def test_import_and_forget_keep_the_copy(pg_url: Callable[[], str]) -> None:
    with _memory(pg_url(), user_id="u") as source:
        for i in range(6):
            source.add(f"The harbour had {i} ships.", session_id="s1", metadata={"bucket": i % 2})
        records = list(source.export())
        wanted = {e.id for e in source.list(kind="episode", limit=100, filter="metadata.bucket = 1")}
    with _memory(pg_url(), user_id="u") as target:
        assert target.import_records(records)["episodes"] == 6
        assert _mismatches(target.store)[1] == 0  # type: ignore[arg-type]
        assert _filtered_episodes(target, "metadata.bucket = 1") == wanted and len(wanted) == 3
        target.forget(user_id="u")
        target.wait_forgotten(timeout=60)
        assert _mismatches(target.store) == (0, 0)  # type: ignore[arg-type]
        assert _filtered_episodes(target, "metadata.bucket = 1") == set()


def test_migration_backfills_an_older_database_and_keeps_its_vector_index(pg_url: Callable[[], str]) -> None:
    url = pg_url()
    with psycopg.connect(url, autocommit=True) as conn:  # a database left by memstrata at schema 5
        apply_postgres_migrations(conn, MIGRATIONS[:5])
        for i in range(40):
            eid = conn.execute(
                "INSERT INTO episodes (org_id, project_id, user_id, session_id, role, producer_id, content, "
                "created_at, sequence_num, metadata, content_hash, ingested_at) VALUES ('default', 'default', 'u', "
                "'s', %s, 'ann', %s, now(), %s, %s, %s, now()) RETURNING id",
                ("user" if i % 2 else "assistant", f"ships {i}", i + 1, Jsonb({"bucket": i % 4}), f"h{i}")).fetchone()
            assert eid is not None
            vec = np.random.default_rng(i).standard_normal(DIM).astype(np.float32)
            conn.execute("INSERT INTO segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                         "session_id, terms, embedding) VALUES (%s, 0, %s, %s, 'default', 'default', 'u', 's', "
                         "'harbour ships', %s)", (eid[0], f"ships {i}", f"ships {i}", f"[{','.join(map(str, vec))}]"))
        conn.execute("INSERT INTO meta VALUES ('embedding_model', 'hashing-64'), ('embedding_dim', '64')")
        conn.execute(f"CREATE INDEX segments_embedding_{DIM} ON segments USING hnsw "
                     f"((embedding::vector({DIM})) vector_cosine_ops)")
    with _memory(url, user_id="u") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        assert store.db.schema_version() == MIGRATIONS[-1].version
        assert _mismatches(store) == (40, 0)
        with store.db.read() as conn:
            indexes = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = "
                                                  "current_schema() AND tablename = 'segments'")}
        assert {f"segments_embedding_{DIM}", "segments_tsv_metadata"} <= indexes
        wanted = {e.id for e in memory.list(kind="episode", limit=100, filter="metadata.bucket = 3")}
        assert len(wanted) == 10 and _filtered_episodes(memory, "metadata.bucket = 3") == wanted
        memory.add("The harbour had new ships.", metadata={"bucket": 3})  # the trigger covers new rows
        assert _mismatches(store) == (41, 0)


def test_segment_and_fact_columns_stay_inline_beside_a_512_d_vector(pg_url: Callable[[], str]) -> None:
    """A 512-d embedding fills PostgreSQL's 2 kB TOAST threshold alone; the columns a filter or a
    ranking reads (metadata, tsv, ...) stay in the row (migration 8), not one TOAST lookup each."""
    with Memory(pg_url(), embedder=HashingEmbedder(dim=512), user_id="u") as memory:
        memory.add_many([memory.message(f"My favourite harbour is Kiel, I sailed there {i} times with my sister.",
                                        session_id="s1", metadata={"bucket": i % 4, "note": "a longer metadata value"})
                         for i in range(6)])
        toasted = " + ".join(f"count(pg_column_toast_chunk_id({c}))" for c in ("text", "derivative", "terms", "tsv",
                                                                                 "metadata"))
        with memory.store.db.read() as conn:
            segs = conn.execute(f"SELECT count(*), {toasted}, min(pg_column_size(embedding)) FROM segments "
                                "WHERE embedding IS NOT NULL").fetchone()
            facts = conn.execute("SELECT count(*), count(pg_column_toast_chunk_id(statement)) + "
                                 "count(pg_column_toast_chunk_id(tsv)) + count(pg_column_toast_chunk_id(value)) "
                                 "FROM facts WHERE embedding IS NOT NULL").fetchone()
    assert segs is not None and facts is not None
    assert segs[0] == 6 and segs[2] > 2000 and segs[1] == 0
    assert facts[0] > 0 and facts[1] == 0
