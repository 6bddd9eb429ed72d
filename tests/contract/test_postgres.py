"""PostgreSQL-only behaviours: filtered approximate search returns k, HNSW recall against
exact search, concurrent writers from two processes, and the URL through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import timedelta
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from clirun import Run, cli
from conftest import START
from memstrata import HashingEmbedder, Memory, Scope
from memstrata.filter import parse
from memstrata.store.postgres import search
from memstrata.store.postgres.store import PostgresStore

N, DIM, K = 5_000, 64, 10


@pytest.fixture(scope="module")
def five_thousand(pg_url: Callable[[], str]) -> Iterator[tuple[PostgresStore, np.ndarray]]:
    """5,000 one-segment episodes with clustered unit vectors; ``metadata.bucket`` = i % 100: more than
    ``search.EXACT_MAX_ROWS`` in the scope, so its searches take the HNSW index unless a filter narrows them.

    Loaded with COPY into the store's own tables (the row-by-row write path is tested
    elsewhere), then the HNSW index is built, as after a bulk import."""
    store = PostgresStore(pg_url())
    rng = np.random.default_rng(7)
    centers = rng.standard_normal((200, DIM)).astype(np.float32)
    vectors = centers[rng.integers(200, size=N)] + 0.5 * rng.standard_normal((N, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = search.stored_vector(vectors)  # what the write path stores
    with store.db.write() as conn:
        with conn.cursor().copy("COPY episodes (org_id, project_id, user_id, role, content, created_at, "
                                "sequence_num, metadata, content_hash, ingested_at) FROM STDIN") as copy:
            for i in range(N):
                copy.write_row(("default", "default", "u", "user", f"row {i}", START + timedelta(seconds=i), i + 1,
                                json.dumps({"bucket": i % 100}), f"h{i}", START))
        with conn.cursor().copy("COPY segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                                "terms, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types(["int8", "int4", "text", "text", "text", "text", "text", "text", "vector"])
            for i in range(N):
                copy.write_row((i + 1, 0, f"row {i}", f"row {i}", "default", "default", "u", f"row {i}", vectors[i]))
        store.set_meta(conn, "embedding_dim", str(DIM))  # builds the HNSW index
    with store.db.write() as conn:
        conn.execute("ANALYZE")
    # Closed here: a pool left open was collected later in one of its own worker threads
    # (PytestUnraisableExceptionWarning in an unrelated test).
    yield store, vectors
    store.close()


def _exact(vectors: np.ndarray, q: np.ndarray, rows: np.ndarray) -> list[int]:
    sims = vectors[rows] @ q
    order = np.lexsort((rows, -sims))[:K]
    return [int(rows[i]) + 1 for i in order]  # segment ids are 1-based insertion order


def test_filtered_search_returns_k_equal_to_exact(five_thousand: tuple[PostgresStore, np.ndarray]) -> None:
    store, vectors = five_thousand
    rng = np.random.default_rng(11)
    where = parse("metadata.bucket = 42")  # 1% of the rows (50)
    rows = np.arange(42, N, 100)
    for _ in range(5):
        q = vectors[rng.integers(N)] + 0.1 * rng.standard_normal(DIM).astype(np.float32)
        q /= np.linalg.norm(q)
        got = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, filter=where)
        assert [i for i, _ in got] == _exact(vectors, q, rows)
        forced = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, filter=where, exact=False)
        assert len(forced) == K  # the approximate path never silently returns fewer


def test_exact_search_gives_way_to_hnsw_when_a_misjudged_filter_matches_more_than_the_cap(
        five_thousand: tuple[PostgresStore, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> None:
    store, vectors = five_thousand
    where, rows = parse("metadata.bucket = 42"), np.arange(42, N, 100)  # 50 rows
    q = vectors[5]
    with store.db.read() as conn:
        source = store._live_segments(conn, Scope(user_id="u"), where, None)
        assert source is not None
        # The planner underestimates the filter, so exact search is tried...
        assert search.estimated_rows(conn, *source) <= search.EXACT_MAX_ROWS
        monkeypatch.setattr(search, "EXACT_CAP_ROWS", len(rows))
        assert [i for i, _ in search._exact_capped(conn, from_where=source[0], params=source[1], q=q, k=K,
                                                   alias="s") or []] == _exact(vectors, q, rows)
        # ...and gives up once more rows match than the cap allows.
        monkeypatch.setattr(search, "EXACT_CAP_ROWS", len(rows) - 1)
        assert search._exact_capped(conn, from_where=source[0], params=source[1], q=q, k=K, alias="s") is None
    got = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, filter=where)
    assert len(got) == K and all((i - 1) % 100 == 42 for i, _ in got)


def test_approximate_search_gives_the_same_rows_inside_a_shared_snapshot_and_leaks_no_setting(
        five_thousand: tuple[PostgresStore, np.ndarray]) -> None:
    """A search's own reads end their transaction with the call, so the approximate path sets
    its planner settings without a savepoint; inside a shared snapshot (``store.snapshot``) it must
    undo them, or every later statement of that search would run with sorts and scans off."""
    store, vectors = five_thousand
    q = vectors[17]
    alone = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, exact=False)
    with store.snapshot():
        shared = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, exact=False)
        with store.db.read() as conn:
            assert not store.db.owns(conn)
            settings = conn.execute("SELECT current_setting('enable_seqscan'), current_setting('enable_sort'), "
                                    "current_setting('transaction_read_only')").fetchone()
    assert shared == alone and len(alone) == K
    assert settings == ("on", "on", "on")
    with store.db.read() as conn:  # a read of its own: read-only REPEATABLE READ in one BEGIN
        assert store.db.owns(conn)
        assert conn.execute("SELECT current_setting('transaction_isolation'), "
                            "current_setting('transaction_read_only')").fetchone() == ("repeatable read", "on")
    with store.db.write() as conn:  # the pooled connection comes back writable
        assert conn.execute("SELECT current_setting('transaction_read_only')").fetchone() == ("off",)


def test_hnsw_recall_at_10_against_exact(five_thousand: tuple[PostgresStore, np.ndarray]) -> None:
    store, vectors = five_thousand
    rng = np.random.default_rng(3)
    everything = np.arange(N)
    found = 0
    for _ in range(20):
        q = vectors[rng.integers(N)] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
        q /= np.linalg.norm(q)
        approx = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, exact=False)
        found += len({i for i, _ in approx} & set(_exact(vectors, q, everything)))
    assert found / (20 * K) >= 0.98
    plan = _explain_uses_hnsw(store, vectors[0])
    assert "segments_embedding_half_64" in plan
    with store.db.read() as conn:  # built with the store's graph settings, not pgvector's defaults
        row = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'segments_embedding_half_64' "
                           "AND schemaname = current_schema()").fetchone()
    assert row is not None
    assert f"m='{search.HNSW_M}'" in row[0] and f"ef_construction='{search.HNSW_EF_CONSTRUCTION}'" in row[0]
    assert "halfvec_cosine_ops" in row[0]


def test_ensuring_the_vector_indexes_again_locks_no_reader_out(five_thousand: tuple[PostgresStore, np.ndarray]) -> None:
    """``ensure_vector_index`` runs in one transaction with the graph builds; an ``ALTER TABLE``
    there would hold an exclusive lock on the tables (every search waiting) for as long as a
    build takes. Once the vectors are stored inline it alters nothing."""
    store, _ = five_thousand
    with store.db.write() as conn:
        PostgresStore.ensure_vector_index(conn, DIM)
        exclusive = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() AND mode = 'AccessExclusiveLock' "
            "AND relation IN ('segments'::regclass, 'facts'::regclass)").fetchone()
        storage = conn.execute("SELECT attstorage FROM pg_attribute WHERE attrelid = 'segments'::regclass "
                               "AND attname = 'embedding'").fetchone()
    assert exclusive == (0,)
    assert storage == ("p",)


def test_a_database_with_the_older_vector_graph_keeps_searching_it(pg_url: Callable[[], str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A database made before the halfvec graphs has ``segments_embedding_<dim>`` on the
    ``vector`` cast: approximate searches must keep walking it (not fall to an exact scan of the
    scope), and opening it again must not build a second graph beside it."""
    store = PostgresStore(pg_url())
    try:
        rng = np.random.default_rng(11)
        vectors = rng.standard_normal((3_000, DIM)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors = search.stored_vector(vectors)
        with store.db.write() as conn:
            with conn.cursor().copy("COPY episodes (org_id, project_id, user_id, role, content, created_at, "
                                    "sequence_num, content_hash, ingested_at) FROM STDIN") as copy:
                for i in range(len(vectors)):
                    copy.write_row(("default", "default", "u", "user", f"row {i}", START, i + 1, f"h{i}", START))
            with conn.cursor().copy("COPY segments (episode_id, idx, text, derivative, org_id, project_id, user_id, "
                                    "terms, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
                copy.set_types(["int8", "int4", "text", "text", "text", "text", "text", "text", "vector"])
                for i, v in enumerate(vectors):
                    copy.write_row((i + 1, 0, f"row {i}", f"row {i}", "default", "default", "u", f"row {i}", v))
            # The older definition, as ensure_vector_index wrote it before.
            conn.execute(f"CREATE INDEX segments_embedding_{DIM} ON segments USING hnsw "
                         f"((embedding::vector({DIM})) vector_cosine_ops) WITH (m = 16, ef_construction = 64)")
            store.set_meta(conn, "embedding_dim", str(DIM))
        with store.db.write() as conn:
            conn.execute("ANALYZE")
            indexes = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'segments' "
                                                  "AND schemaname = current_schema()").fetchall()}
        assert f"segments_embedding_{DIM}" in indexes and f"segments_embedding_half_{DIM}" not in indexes

        # With ef_search 10 the walk misses some exact neighbours; an exact scan never would.
        monkeypatch.setattr(store, "ef_search", K)
        differ = 0
        for i in range(20):
            q = vectors[i] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
            q /= np.linalg.norm(q)
            got = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, exact=False)
            assert len(got) == K
            differ += [sid for sid, _ in got] != _exact(vectors, q, np.arange(len(vectors)))
        assert differ > 0
    finally:
        store.close()


def test_the_approximate_path_walks_the_index_when_the_planner_prefers_a_sorted_scan(
        five_thousand: tuple[PostgresStore, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> None:
    """pgvector's cost estimate grows with m x ef_search; when it tips the planner towards a sorted
    sequential scan (made certain here by index pages priced at 10^6), the approximate path must
    still walk the index, not silently run an exact search of the whole scope. With ef_search 10
    the walk misses some exact neighbours: the results differ from exact search."""
    store, vectors = five_thousand
    monkeypatch.setattr(store, "ef_search", K)
    rng = np.random.default_rng(5)
    everything, differ = np.arange(N), 0
    with store.snapshot(), store.db.read() as conn:
        conn.execute("SELECT set_config('random_page_cost', '1000000', true)")
        for _ in range(20):
            q = vectors[rng.integers(N)] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
            q /= np.linalg.norm(q)
            approx = store.nearest_segments(Scope(user_id="u"), q, k=K, min_similarity=-1.0, exact=False)
            assert len(approx) == K
            differ += [i for i, _ in approx] != _exact(vectors, q, everything)
        # The settings the approximate query switched off are back for the rest of the snapshot.
        assert conn.execute("SELECT current_setting('enable_seqscan'), current_setting('enable_sort'), "
                            "current_setting('random_page_cost')").fetchone() == ("on", "on", "1e+06")
    assert differ > 0


def _explain_uses_hnsw(store: PostgresStore, q: np.ndarray) -> str:
    with store.db.read() as conn:
        rows = conn.execute("EXPLAIN SELECT id FROM segments s WHERE s.org_id = 'default' "
                            "ORDER BY (s.embedding::halfvec(64)) <=> %s::vector(64)::halfvec(64) LIMIT 10",
                            (q,)).fetchall()
    return "\n".join(r[0] for r in rows)


def test_full_text_leaves_out_common_terms_over_the_row_budget(
        five_thousand: tuple[PostgresStore, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> None:
    store, _ = five_thousand
    scope = Scope(user_id="u")
    # Every row says "row": under a budget of 50,000 rows the term is kept, and the one row
    # that also says "5" ranks first although it is not among the newest rows.
    monkeypatch.setattr(search, "FTS_TERM_ROWS", 50_000)
    got = store.fts_segments(scope, '"row" OR "5"', 50)
    assert len(got) == 50 and got[0][0] == 6
    # With a budget of 1,000 estimated rows, "row" (5,000 by the statistics) is left out:
    # only the rare term is searched.
    monkeypatch.setattr(search, "FTS_TERM_ROWS", 1_000)
    assert [i for i, _ in store.fts_segments(scope, '"row" OR "5"', 50)] == [6]
    # A query of common terms only keeps its rarest one rather than nothing.
    assert len(store.fts_segments(scope, '"row"', 50)) == 50


def test_full_text_ranks_only_the_newest_matches_over_the_row_cap(
        five_thousand: tuple[PostgresStore, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> None:
    store, _ = five_thousand
    monkeypatch.setattr(search, "FTS_MAX_ROWS", 100)
    monkeypatch.setattr(search, "FTS_SCAN_ROWS", 50_000)
    got = [i for i, _ in store.fts_segments(Scope(user_id="u"), '"row"', 50)]
    assert len(got) == 50 and min(got) > N - 100  # all from the 100 newest rows
    # A term above FTS_SCAN_ROWS (5,000 rows > 2,500) is ranked from its newest
    # FTS_NEWEST_ROWS matches, found by walking the scope's rows newest first (no bitmap of
    # every match)...
    monkeypatch.setattr(search, "FTS_SCAN_ROWS", 2_500)
    monkeypatch.setattr(search, "FTS_NEWEST_ROWS", 60)
    got = [i for i, _ in store.fts_segments(Scope(user_id="u"), '"row"', 50)]
    assert len(got) == 50 and min(got) > N - 60
    # ...and, without the walk, sampled in storage order instead of sorting all its matches:
    # here the table was loaded in id order, so the first 100 rows.
    monkeypatch.setattr(search, "FTS_NEWEST_ROWS", 0)
    got = [i for i, _ in store.fts_segments(Scope(user_id="u"), '"row"', 50)]
    assert len(got) == 50 and max(got) <= 100


def test_a_common_term_is_ranked_from_its_newest_matches_in_the_scope(
        pg_url: Callable[[], str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Segments, whole turns and session blocks rank a common term's newest matches in the scope
    (a walk by id); a scope where the term is rarer than in the table (the walk finds too few)
    gets the storage-order sample, so its matches are still found."""
    url = pg_url()
    monkeypatch.setattr(search, "FTS_SCAN_ROWS", 10)
    monkeypatch.setattr(search, "FTS_NEWEST_ROWS", 10)
    monkeypatch.setattr(search, "FTS_WALK_ROWS", 100)
    with Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="a") as a, \
            Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="b") as b:
        # "a" spoke of a trip in its first 20 messages only; "b" in every one of its 200.
        a.add_many([a.message(f"we planned a trip number {i}" if i < 20 else f"lunch with colleagues {i}",
                              created_at=START + timedelta(minutes=i), session_id=f"a{i // 10}") for i in range(200)])
        b.add_many([b.message(f"another trip story {i}", created_at=START + timedelta(minutes=i),
                              session_id=f"b{i // 10}") for i in range(200)])
        store = a.store
        assert isinstance(store, PostgresStore)
        with store.db.write() as conn:
            conn.execute("ANALYZE")
            first = {u: [int(r[0]) for r in conn.execute(
                "SELECT s.id FROM segments s JOIN episodes e ON e.id = s.episode_id WHERE s.idx = 0 "
                "AND e.user_id = %s ORDER BY s.id", (u,)).fetchall()] for u in ("a", "b")}
        with store.db.read() as conn:
            assert store._kept_terms(conn, "segments", '"trip"')[1].walks("trip")  # common enough to walk
            assert store._kept_terms(conn, "session_blocks", '"trip"')[1].walks("trip")
        sa, sb = Scope(user_id="a"), Scope(user_id="b")
        newest_b = set(first["b"][-10:])
        assert {i for i, _ in store.fts_segments(sb, '"trip"', 50)} == newest_b
        assert {i for i, _ in store.fts_turns(sb, '"trip"', 50)} == newest_b
        # A block per session here (10 turns): the newest 10 blocks are the last 10 sessions.
        assert {s.session_id for s, _ in store.fts_sessions(sb, '"trip"', 50)} == {f"b{i}" for i in range(10, 20)}
        # The newest 100 rows of "a" hold no trip: the storage-order sample finds all 20.
        assert {i for i, _ in store.fts_segments(sa, '"trip"', 50)} == set(first["a"][:20])
        assert {i for i, _ in store.fts_turns(sa, '"trip"', 50)} == set(first["a"][:20])
        assert {s.session_id for s, _ in store.fts_sessions(sa, '"trip"', 50)} == {"a0", "a1"}
        # A scope narrowed to a session is not walked (its rows are not in id order in any
        # index); its matches are found all the same.
        session = Scope(user_id="b", session_id="b3")
        assert {i for i, _ in store.fts_segments(session, '"trip"', 50)} == set(first["b"][30:40])
        # A search still finds them.
        assert {h.id for h in a.search("trip", limit=50, kinds=["episode"])} >= {e for e in range(1, 21)}


_WRITER = """
import sys
from datetime import UTC, datetime, timedelta
from memstrata import HashingEmbedder, Memory
url, worker, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0 = datetime(2026, 1, 1, tzinfo=UTC)
with Memory(url, embedder=HashingEmbedder(dim=64), user_id="shared") as memory:
    for i in range(rounds):
        carrier = ["FedEx", "UPS", "DHL", "TNT"][(i + worker) % 4]
        memory.add(f"From now on ship with {carrier}", created_at=t0 + timedelta(minutes=i, seconds=worker),
                   session_id=f"w{worker}")
"""


def test_two_processes_ingesting_and_superseding_lose_nothing(pg_url: Callable[[], str]) -> None:
    url = pg_url()
    Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="shared").close()  # migrate once
    rounds = 25
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, url, str(w), str(rounds)], env=env,
                              stderr=subprocess.PIPE, text=True) for w in (0, 1)]
    errors = [p.communicate(timeout=240)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors
    with Memory(url, embedder=HashingEmbedder(dim=DIM), user_id="shared") as memory:
        assert len(memory.list(kind="episode", limit=1000)) == 2 * rounds
        facts = memory.list(status="all", key="shipping.carrier", limit=1000)
        assert [f.value for f in facts if f.status == "active"] != [] and sum(f.status == "active" for f in facts) == 1
        timeline = memory.history(key="shipping.carrier")
        creates = sum(e.action == "create" for _, events in timeline for e in events)
        # a value said while another held that arrived later ends that one with a second supersede event
        superseded = {e.fact_id for _, events in timeline for e in events if e.action == "supersede"}
        assert creates == len(facts) and len(superseded) == len(facts) - 1
        assert all(f.status == "superseded" for f in facts if f.valid_to is not None)
        said = sorted(facts, key=lambda f: (f.valid_from, f.id))  # type: ignore[arg-type, return-value]
        for before, after in pairwise(said):  # what held when: no two values at once, whatever the arrival order
            assert before.valid_to == after.valid_from, (before, after)


def test_cli_works_on_a_postgres_url(pg_url: Callable[[], str]) -> None:
    env = {"MEMSTRATA_DB": pg_url(), "MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}

    def on_pg(*args: str) -> Run:  # in-process (``clirun``), the database and model named by the environment
        return cli(*args, env=env)
    assert on_pg("remember", "我以后都用顺丰", "--user", "u1").returncode == 0
    hits = on_pg("recall", "顺丰", "--user", "u1", "--json", "--filter", "tag = 'shipping'").json()
    assert [h["value"] for h in hits] == ["顺丰"]
    doctor = on_pg("doctor", "--json").json()
    assert doctor["database"].startswith("postgresql://") and doctor["counts"]["episodes"] == 1


def test_a_search_reads_one_snapshot_shared_by_its_store_calls(pg_url: Callable[[], str]) -> None:
    with Memory(pg_url(), embedder=HashingEmbedder(dim=DIM), user_id="u", extractor=None) as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        memory.add("The harbour had ships.")
        with store.snapshot():
            before = store.counts()["episodes"]
            memory.add("The harbour had more ships.")  # committed by another pooled connection
            assert store.counts()["episodes"] == before == 1  # still the snapshot's view
            assert len(memory.search("harbour ships", limit=10)) == 1
        assert store.counts()["episodes"] == 2
        assert len(memory.search("harbour ships", limit=10)) == 2


def test_access_counts_commit_without_waiting_for_the_disk_and_nothing_else_does(pg_url: Callable[[], str]) -> None:
    """``record_access`` turns ``synchronous_commit`` off for its own transaction only: every
    pooled connection still waits for the disk on its next write."""
    with Memory(pg_url(), embedder=HashingEmbedder(dim=DIM), user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        memory.add("I am allergic to peanuts")
        hits = memory.search("what am I allergic to? peanuts", limit=3, kinds=["fact"])
        assert hits and memory.get(hits[0].id).access_count == 1  # type: ignore[union-attr]
        with store.db.write() as c1, store.db.write() as c2, store.db.write() as c3, store.db.write() as c4:
            settings = {c.execute("SELECT current_setting('synchronous_commit')").fetchone() for c in (c1, c2, c3, c4)}
        assert settings == {("on",)}


def test_counting_recalls_rewrites_each_fact_on_its_own_page(pg_url: Callable[[], str]) -> None:
    """Facts keep room in their pages (migration 12, fillfactor 50): ``record_access`` rewrites a
    counted fact on the page it is on (a HOT update, no new entry in any index of facts, its
    HNSW graph included). 512-d embeddings make a fact row ~3 kB: two filled a page, and a new
    version never fitted beside the old one. One count each: a third version on the page needs the
    first pruned, which waits for every older snapshot of the database, so whether it fits is the
    server's timing, not the table's room."""
    with Memory(pg_url(), embedder=HashingEmbedder(dim=512), user_id="ann") as memory:
        store = memory.store
        assert isinstance(store, PostgresStore)
        for text in ("I am allergic to peanuts", "My favourite colour is green", "I live in Lisbon",
                     "My sister is called Maria", "I work as a nurse", "I prefer tea over coffee"):
            memory.add(text)

        def pages() -> dict[int, int]:
            with store.db.read() as conn:
                return {int(r[0]): int(r[1]) for r in conn.execute(
                    "SELECT id, (ctid::text::point)[0]::bigint FROM facts WHERE status = 'active'")}
        before = pages()
        assert len(before) >= 4 and pg_column_bytes(store) > 2_000  # three fill a page
        assert store.record_access(list(before), START)
        assert pages() == before
        assert {memory.get(i).access_count for i in before} == {1}  # type: ignore[union-attr]


def pg_column_bytes(store: PostgresStore) -> int:
    """The smallest stored fact row, in bytes."""
    with store.db.read() as conn:
        row = conn.execute("SELECT min(pg_column_size(f.*)) FROM facts f").fetchone()
    assert row is not None
    return int(row[0])


def test_filtered_full_text_reads_one_index_for_its_terms_and_its_filter(
        five_thousand: tuple[PostgresStore, np.ndarray]) -> None:
    """Full text and metadata share one GIN index (migration 11): a filtered full-text search
    intersects the two inside it instead of building a bitmap of each (a common term's holds
    every row that says it), and finds the same rows."""
    store, _ = five_thousand
    where = parse("metadata.bucket = 42")
    got = {i for i, _ in store.fts_segments(Scope(user_id="u"), '"row"', 200, filter=where)}
    assert got == {i + 1 for i in range(42, N, 100)}
    with store.db.read() as conn:
        conn.execute("SELECT set_config('enable_seqscan', 'off', true)")
        plan = "\n".join(r[0] for r in conn.execute(
            "EXPLAIN SELECT id FROM segments s WHERE s.tsv @@ to_tsquery('simple', 'row') "
            "AND s.metadata @> '{\"bucket\": 42}'").fetchall())
    assert "segments_tsv_metadata" in plan and "BitmapAnd" not in plan
