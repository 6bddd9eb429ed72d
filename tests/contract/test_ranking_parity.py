"""One contract on two stores: the same conversation, imported into a
SQLite file and a PostgreSQL schema with the same model, ranks the same way.

Full text: PostgreSQL ranks with FTS5's ``bm25()`` (``store.postgres.bm25``), so its scores
equal SQLite's to float precision. Vectors: PostgreSQL stores SQLite's float16 rounding and
compares by inner product, so exact searches give the same cosines (to float32 summation order)
and the same order, except among exactly tied rows (the same text twice)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import embed_queries
from memstrata.loaders.importer import import_conversation
from memstrata.loaders.locomo import load_locomo
from memstrata.store.postgres import bm25
from memstrata.text.tokens import fts_match_expression

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "memstrata" / "data" / "locomo-conv-30.json"
#: Turns imported (the first sessions of the bundled conversation) and questions asked of them.
TURNS = 60
QUESTIONS = (
    "When did Gina launch an ad campaign for her store?",
    "Why did Jon shut down his bank account?",
    "What did Gina want her customers to feel in her store?",
    "Where is Jon's dance studio?",
    "How do Jon and Gina both like to destress?",
    "What did Gina open online?",
    "When did Jon lose his job?",
    "舞蹈 studio",
)


@pytest.fixture(scope="module")
def stores(pg_url: Callable[[], str], embedder: object,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Memory]]:
    """The first ``TURNS`` turns of the bundled conversation in a SQLite file and a PostgreSQL schema."""
    full = load_locomo(BUNDLED)[0]
    conversation = dataclasses.replace(full, messages=full.messages[:TURNS], qa=[])
    mems = {"sqlite": Memory(tmp_path_factory.mktemp("parity") / "p.db", embedder=embedder),
            "postgres": Memory(pg_url(), embedder=embedder)}
    for memory in mems.values():
        import_conversation(memory, conversation, user_id="loc")
    yield mems
    for memory in mems.values():
        memory.close()


def _texts(memory: Memory, found: list[tuple[int, float]]) -> list[tuple[str, float]]:
    """``[(segment text, score)]``: segment ids may differ between stores, their texts may not."""
    rows = memory.store.segments_with_episodes([i for i, _ in found])
    return [(rows[i][0].text, score) for i, score in found]


@pytest.mark.parametrize("question", QUESTIONS)
def test_full_text_lists_and_scores_equal(stores: dict[str, Memory], question: str) -> None:
    match = fts_match_expression(question)
    assert match is not None
    got = {}
    for name, memory in stores.items():
        scope = replace(memory.scope, user_id="loc")
        got[name] = (_texts(memory, memory.store.fts_segments(scope, match, 30)),
                     _texts(memory, memory.store.fts_turns(scope, match, 30)),
                     [(s.session_id, r) for s, r in memory.store.fts_sessions(scope, match, 30)])
    for sqlite_list, pg_list in zip(got["sqlite"], got["postgres"], strict=True):
        assert sqlite_list, question  # every question shares a word with these turns
        assert [t for t, _ in pg_list] == [t for t, _ in sqlite_list]
        assert [r for _, r in pg_list] == pytest.approx([r for _, r in sqlite_list], rel=1e-9)


@pytest.mark.parametrize("question", QUESTIONS)
def test_vector_lists_and_search_equal(stores: dict[str, Memory], embedder: object, question: str) -> None:
    qvec = embed_queries(embedder, [question])[0]
    near, top = {}, {}
    for name, memory in stores.items():
        scope = replace(memory.scope, user_id="loc")
        near[name] = _texts(memory, memory.store.nearest_segments(scope, qvec, k=20, min_similarity=0.0))
        top[name] = [(h.text, h.score)
                     for h in memory.search(question, limit=5, kinds=("episode",), user_id="loc")]
    assert [t for t, _ in near["postgres"]] == [t for t, _ in near["sqlite"]]
    assert [c for _, c in near["postgres"]] == pytest.approx([c for _, c in near["sqlite"]], abs=1e-6)
    assert [t for t, _ in top["postgres"]] == [t for t, _ in top["sqlite"]]
    # Tied vectors (one text said twice, e.g. "Gina: Thanks!") come in id order from PostgreSQL
    # and in the order of SQLite's partial sort, so deeper in the vector list such a pair may be
    # swapped, and the episodes' RRF shares differ by a rank there: a few thousandths of score.
    assert [s for _, s in top["postgres"]] == pytest.approx([s for _, s in top["sqlite"]], abs=0.005)


def test_large_table_estimates_keep_the_ranking(stores: dict[str, Memory],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Above ``EXACT_CORPUS_ROWS`` the row count and mean length are estimated (planner row
    count, newest rows' mean): the scores move a little, the order of clear winners does not."""
    memory = stores["postgres"]
    scope = replace(memory.scope, user_id="loc")
    match = fts_match_expression("Why did Jon shut down his bank account?")
    assert match is not None
    exact = memory.store.fts_segments(scope, match, 5)
    monkeypatch.setattr(bm25, "EXACT_CORPUS_ROWS", 10)
    monkeypatch.setattr(bm25, "SAMPLE_ROWS", 20)
    memory.store._corpus.clear()  # type: ignore[attr-defined]
    with memory.store.db.write() as conn:  # type: ignore[attr-defined]
        conn.execute("ANALYZE segments")
    estimated = memory.store.fts_segments(scope, match, 5)
    assert not memory.store._corpus["segments"].exact  # type: ignore[attr-defined]
    assert [i for i, _ in estimated][:1] == [i for i, _ in exact][:1]
    assert [r for _, r in estimated] != [r for _, r in exact]  # estimates, not the exact inputs
    assert [r for _, r in estimated] == pytest.approx([r for _, r in exact], rel=0.2)


def test_an_estimated_corpus_is_sampled_again_only_after_its_table_grew(stores: dict[str, Memory],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A large table's estimated row count and mean length are kept past ``ttl_s`` (their sample
    cost every search 50-80 ms once a minute at 1M segments) until the table grows by more than
    ``ESTIMATE_GROWTH`` of its rows or ``ESTIMATE_TTL_S`` passes."""
    monkeypatch.setattr(bm25, "EXACT_CORPUS_ROWS", 10)
    memory = stores["postgres"]
    with memory.store.db.read() as conn:  # type: ignore[attr-defined]
        first = bm25.corpus(conn, "segments")
        assert not first.exact
        assert bm25.corpus(conn, "segments", cached=first, ttl_s=0.0) is first  # no growth: kept
    monkeypatch.setattr(bm25, "ESTIMATE_GROWTH", 0.0)
    memory.add("Gina: the estimate must see this new turn", user_id="loc", session_id="grown")
    try:
        with memory.store.db.read() as conn:  # type: ignore[attr-defined]
            grown = bm25.corpus(conn, "segments", cached=first, ttl_s=0.0)
            assert grown is not first and grown.last_id > first.last_id and not grown.exact
            monkeypatch.setattr(bm25, "ESTIMATE_TTL_S", 0.0)
            assert bm25.corpus(conn, "segments", cached=grown, ttl_s=0.0) is not grown  # too old: sampled
    finally:
        memory.forget(user_id="loc", session_id="grown", background=False)


def test_scores_stay_equal_as_the_stores_grow_and_forget(stores: dict[str, Memory]) -> None:
    """PostgreSQL keeps its row and token counts by counting only new rows (``bm25.corpus``)
    and counts again after a deletion: after an add and after a forget both stores still agree."""
    stores["postgres"].store._corpus.clear()  # type: ignore[attr-defined]
    question = "What did Gina open online?"
    match = fts_match_expression(question)
    assert match is not None

    def lists() -> dict[str, list[tuple[str, float]]]:
        return {name: _texts(memory, memory.store.fts_segments(replace(memory.scope, user_id="loc"), match, 30))
                for name, memory in stores.items()}

    before = lists()
    for memory in stores.values():
        memory.add("Gina: my online store opened again, online only, all online", user_id="loc", session_id="extra")
    grown = lists()
    assert grown["sqlite"] != before["sqlite"]  # the new turn ranks, and every idf moved
    assert [t for t, _ in grown["postgres"]] == [t for t, _ in grown["sqlite"]]
    assert [r for _, r in grown["postgres"]] == pytest.approx([r for _, r in grown["sqlite"]], rel=1e-9)
    for memory in stores.values():
        memory.forget(user_id="loc", session_id="extra", background=False)
    after = lists()
    assert [t for t, _ in after["postgres"]] == [t for t, _ in after["sqlite"]] == [t for t, _ in before["sqlite"]]
    assert [r for _, r in after["postgres"]] == pytest.approx([r for _, r in after["sqlite"]], rel=1e-9)


def test_document_counts_past_the_cap_take_the_planners_estimate(stores: dict[str, Memory],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A term counted past ``COUNT_CAP`` rows takes the planner's estimate (at least the cap + 1),
    a term the statistics call common is not counted at all; below the cap the count is exact,
    0 for a term nobody said."""
    monkeypatch.setattr(bm25, "COUNT_CAP", 2)
    with stores["postgres"].store.db.read() as conn:  # type: ignore[attr-defined]
        got = bm25.document_counts(conn, "segments", ["gina", "danc", "zzqnothing", "jon"],
                                   {"gina": 1234.0, "danc": 1.0, "jon": 7.0}, common={"jon"})
        jon = bm25.document_counts(conn, "segments", ["jon"], {})
    assert got == {"gina": 1234.0, "danc": 3.0, "zzqnothing": 0.0, "jon": 7.0}
    assert jon == {"jon": 3.0}  # counted, past the cap, with no estimate: the cap + 1, not 7
