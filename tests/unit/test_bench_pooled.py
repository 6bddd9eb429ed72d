"""``memstrata bench perf --pooled``: search latency on a set's pooled store of user messages, beside a
plain hybrid on the same file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.clirun import cli
from tests.loadedmodel import hand_loaded_model

from memstrata.bench import pooled
from memstrata.bench.pooled import _plain_hybrid, pooled_latency
from memstrata.embed import health
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import InvalidInput
from memstrata.memory import Memory

#: Every test here opens the model through the bench (or a ``Memory`` without a model given).
pytestmark = pytest.mark.usefixtures("run_model")


@pytest.fixture
def run_model(monkeypatch: pytest.MonkeyPatch, embedder: EmbeddingCache) -> None:
    """The bench's loads of the configured model use the run's loaded one (``tests.loadedmodel``)."""
    hand_loaded_model(monkeypatch, pooled, embedder)
    hand_loaded_model(monkeypatch, health, embedder)


def _two_conversations(path: Path) -> Path:
    """Two LoCoMo-shaped conversations (Ann speaks first: the user side), three questions: two on
    Ann's turns, one on Bob's alone (left out of the pool of user messages)."""
    talks = {"c1": ["I adopted a beagle named Rex.", "Nice! Walks every day?", "Yes, Rex loves the park.", "Cute."],
             "c2": ["We moved to Lisbon last spring.", "How is the weather?", "Sunny, and the trams are old.",
                    "My brother lives in Porto."]}
    qa = {"c1": [{"question": "What is the name of the beagle?", "answer": "Rex", "evidence": ["D1:1"],
                  "category": 1}],
          "c2": [{"question": "Which city did they move to?", "answer": "Lisbon", "evidence": ["D1:1"], "category": 1},
                 {"question": "Where does the brother live?", "answer": "Porto", "evidence": ["D1:4"],
                  "category": 1}]}
    when = "1:56 pm on 8 May, 2023"
    samples = [{"sample_id": cid, "qa": qa[cid],
                "conversation": {"speaker_a": "Ann", "speaker_b": "Bob", "session_1_date_time": when,
                                 "session_1": [{"speaker": "Ann" if n % 2 == 0 else "Bob", "dia_id": f"D1:{n + 1}",
                                                "text": text} for n, text in enumerate(turns)]}}
               for cid, turns in talks.items()]
    path.write_text(json.dumps(samples), encoding="utf-8")
    return path


def test_every_question_with_evidence_on_the_user_side_is_timed_on_the_pool(tmp_path: Path) -> None:
    data = _two_conversations(tmp_path / "locomo.json")
    row = pooled_latency("locomo", data, db=tmp_path / "pool.db")
    assert (row["messages"], row["questions"]) == (4, 2)  # Ann's four turns; Porto was Bob's to say
    assert len(row["memstrata_ms"]) == 2
    for label in ("memstrata", "plain", "embed"):
        assert 0 < row[f"{label}_p50_ms"] <= row[f"{label}_p95_ms"]
    again = pooled_latency("locomo", data, db=tmp_path / "pool.db")  # the kept file is only queried
    assert again["messages"] == 4


def test_a_file_holding_another_store_is_refused(tmp_path: Path) -> None:
    data = _two_conversations(tmp_path / "locomo.json")
    with Memory(tmp_path / "other.db", user_id="someone") as memory:
        memory.add("I like tea.")
    with pytest.raises(InvalidInput, match="holds 1 messages, not the 4"):
        pooled_latency("locomo", data, db=tmp_path / "other.db")


def test_the_plain_hybrid_ranks_the_turn_that_shares_the_question_words_first(tmp_path: Path) -> None:
    data = _two_conversations(tmp_path / "locomo.json")
    pooled_latency("locomo", data, db=tmp_path / "pool.db")
    with Memory(tmp_path / "pool.db") as memory:
        scope = memory._scope(user_id="pooled")
        top = _plain_hybrid(memory, scope, memory.embedder, "Which city did they move to, Lisbon?")
        said = {s.id: e.content for s, e in memory.store.segments_with_episodes(set(top)).values()}
    assert said[top[0]] == "We moved to Lisbon last spring."


def test_the_command_prints_the_table_row_of_each_set(tmp_path: Path) -> None:
    run = cli("bench", "perf", "--pooled", "locomo", "--data", _two_conversations(tmp_path / "locomo.json"))
    assert run.code == 0, run.err
    assert "| locomo | 0 | 4 | 2 |" in run.out
    assert "asked once of Memory.search(limit=10)" in run.out  # what the figures are, under the table
    assert "include the query's embedding" in run.out and "Load average at the end" in run.out
    refused = cli("bench", "perf", "--pooled", "locomo,memorybank-zh", "--db", tmp_path / "one.db")
    assert refused.code != 0
    assert "--db keeps one set's store" in refused.err


def test_pooled_refuses_what_it_would_not_time_and_creates_nothing(tmp_path: Path) -> None:
    data = _two_conversations(tmp_path / "locomo.json")
    kept = tmp_path / "pool.db"
    cases = {(",",): "--pooled names no set", ("", "--n", "1"): "--pooled names no set",
             ("locomo", "--backend", "postgres"): "--pooled times SQLite stores only; got --backend postgres",
             ("locomo", "--n", "1000"): "--pooled does not read --n",
             ("locomo", "--freeze-gc", "--queries", "5"): "--pooled does not read --queries, --freeze-gc",
             ("all",): "--db keeps one set's store; got 5 sets (locomo, memorybank-zh, memorybank-en"}
    for args, message in cases.items():
        run = cli("bench", "perf", "--pooled", *args, "--data", data, "--db", kept)
        assert run.code == 2, (args, run.out, run.err)
        assert message in run.err, (args, run.err)
        assert "| locomo |" not in run.out
    assert not kept.exists()


def test_bench_perf_names_a_size_or_query_count_it_cannot_use() -> None:
    cases = {("--sizes", "abc"): "--sizes must be whole numbers of segments from 1 up",
             ("--n", "0"): "--n must be whole numbers of segments from 1 up, comma-separated; got 0",
             ("--n", "200", "--queries", "0"): "--queries must be 1 or more, got 0",
             ("--n", "200", "--busy-cores", "99"): "--busy-cores must be 0 to ",
             ("--pooled", "locomo", "--busy-cores", "99"): "--busy-cores must be 0 to "}
    for args, message in cases.items():
        run = cli("bench", "perf", *args)
        assert run.code == 2, (args, run.out, run.err)
        assert message in run.err, (args, run.err)
