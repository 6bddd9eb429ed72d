"""Forget jobs on both real backends (``location``): ``forget(before=...)``, a worker killed
in the middle of a chunk, and two workers finishing the same job at once."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import Fact, Memory
from memstrata.lifecycle import forget as forget_jobs
from memstrata.store.backends import open_store
from memstrata.store.records import NewFact

SRC = Path(__file__).resolve().parents[2] / "src"
OLD = datetime(2020, 1, 1, tzinfo=UTC)


def _digest(lines: list[tuple[str, int]], nonce: str) -> str:
    # The receipt's formula, written out here so the test checks it independently (lifecycle.forget.ids_digest).
    ids = "\n".join(f"{t}:{i}" for t, i in sorted(lines))
    return hashlib.sha256(f"memstrata forget receipt v2\nnonce:{nonce}\n{ids}".encode()).hexdigest()


def _fill(memory: Memory, n: int) -> tuple[list[int], list[int]]:
    """``n`` episodes of user ``big`` (every fifth states a preference: a fact) and one of
    user ``other``; returns big's episode and fact ids."""
    episodes, facts = [], []
    for i in range(n):
        text = f"I like hobby number {i}" if i % 5 == 0 else f"project note {i} about the Orion launch"
        result = memory.add(text, user_id="big", session_id=f"s{i % 3}")
        episodes.append(result.episode_id)
        facts += [c.fact.id for c in result.facts]
    memory.add("a note of another user about the Orion launch", user_id="other")
    return episodes, sorted(set(facts))


def test_forget_before_takes_old_episodes_and_the_facts_only_they_support(
        location: str | Path, stored_rows: Callable[[Memory, str, int], int]) -> None:
    with Memory(location, embedder=None, user_id="u1") as memory:
        jazz = memory.add("I like jazz music", created_at=OLD)
        seat_then = memory.add("I prefer a window seat on planes", created_at=OLD.replace(month=2))
        seat_now = memory.add("I prefer a window seat on planes")  # restated: the fact is cited twice
        other = memory.add("I like tea", user_id="u2", created_at=OLD)  # another user's old memory
        seat = seat_now.facts[0].fact
        assert seat.citations == (seat_then.episode_id, seat_now.episode_id)

        receipt = memory.forget(before=datetime(2021, 1, 1, tzinfo=UTC))
        jazz_fact = jazz.facts[0].fact.id
        assert receipt.status == "done" and receipt["episodes"] == 2 and receipt["facts"] == 1
        assert receipt.ids_sha256 == _digest([("episodes", jazz.episode_id), ("episodes", seat_then.episode_id),
                                              ("facts", jazz_fact)], receipt.nonce)
        assert [e.id for e in memory.list(kind="episode")] == [seat_now.episode_id]
        kept = memory.get(seat.id)
        assert isinstance(kept, Fact) and kept.citations == (seat_now.episode_id,)
        assert stored_rows(memory, "episodes", jazz.episode_id) == 0 and stored_rows(memory, "facts", jazz_fact) == 0
        assert memory.list(kind="episode", user_id="u2")[0].id == other.episode_id


KILLED_WORKER = textwrap.dedent("""
    import sys, time
    from memstrata import Memory
    from memstrata.lifecycle import forget as jobs

    jobs.CHUNK = 5
    memory = Memory(sys.argv[1], embedder=None, user_id="big")
    delete_segments = memory.store.delete_segments

    def slow_delete(conn, ids):  # the chunk's transaction is open while this sleeps
        print("inside a chunk", flush=True)
        n = delete_segments(conn, ids)
        time.sleep(30)
        return n

    memory.store.delete_segments = slow_delete
    job = jobs.start_job(memory.store, memory._scope(), actor="test")
    print(f"job {job}", flush=True)
    jobs.run_to_end(memory.store, job)
    print("finished", flush=True)
""")


def test_a_forget_job_resumes_after_its_worker_is_killed_inside_a_chunk(location: str | Path) -> None:
    with Memory(location, embedder=None) as memory:
        episodes, facts = _fill(memory, 30)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WORKER, str(location)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    deadline = time.monotonic() + 120
    while not lines or lines[-1] != "inside a chunk":
        line = proc.stdout.readline()
        assert line and time.monotonic() < deadline, (lines, proc.stderr.read() if not line else "")
        lines.append(line.strip())
    proc.send_signal(signal.SIGKILL)  # in the middle of the first chunk's transaction
    proc.wait(timeout=30)
    proc.stdout.close()
    proc.stderr.close()
    job = int(lines[0].split()[1])

    # Read before any Memory opens the file: an open resumes the job in a background thread, which could
    # finish it before a status read (a fast machine did).
    store = open_store(location, busy_timeout_s=5.0, max_connections=1)
    try:
        interrupted = forget_jobs.receipt(store, job)  # type: ignore[arg-type]
    finally:
        store.close()
    assert interrupted.status == "running" and interrupted["episodes"] == 0  # the open chunk rolled back
    with Memory(location, embedder=None, user_id="big") as reopened:
        assert reopened.list(kind="episode") == [] and reopened.search("Orion launch") == []  # still hidden
        assert reopened.wait_forgotten(timeout=60)
        done = reopened.forget_status(job)[0]
        assert done.status == "done" and done["episodes"] == 30 and done["facts"] == len(facts)
        assert done.ids_sha256 == _digest([("episodes", e) for e in episodes] + [("facts", f) for f in facts],
                                          done.nonce)
        assert reopened.store.counts()["episodes"] == 1
        assert reopened.search("Orion launch", user_id="other")


def test_two_workers_finishing_one_job_delete_and_count_each_row_once(location: str | Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forget_jobs, "CHUNK", 3)
    with Memory(location, embedder=None, user_id="big") as memory:
        episodes, facts = _fill(memory, 45)
        job = forget_jobs.start_job(memory.store, memory._scope(), actor="test")  # type: ignore[arg-type]
        start = threading.Barrier(2)
        results: list[Any] = []

        def worker() -> None:
            store: Any = open_store(location, max_connections=1)
            try:
                start.wait()
                results.append(forget_jobs.run_to_end(store, job))
            except Exception as exc:  # reported by the assertion below
                results.append(exc)
            finally:
                store.close()

        threads = [threading.Thread(target=worker) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert len(results) == 2 and all(isinstance(r, forget_jobs.ForgetReceipt) for r in results), results
        done = memory.forget_status(job)[0]
        assert done.status == "done" and done["episodes"] == 45 and done["facts"] == len(facts)
        assert done["segments"] == 45
        assert done.ids_sha256 == _digest([("episodes", e) for e in episodes] + [("facts", f) for f in facts],
                                          done.nonce)
        assert memory.store.counts()["episodes"] == 1


def test_a_fact_written_from_forgotten_episodes_while_the_job_runs_goes_too(location: str | Path) -> None:
    """An LLM worker's batch can commit after the job took its cuts: its fact (id above the
    cut) cites only episodes being forgotten, so the job deletes it as well."""
    with Memory(location, embedder=None, user_id="u1") as memory:
        said = memory.add("We talked about the Vega dossier at length")
        job = forget_jobs.start_job(memory.store, memory._scope(), actor="test")  # type: ignore[arg-type]
        now = datetime.now(UTC)
        late = NewFact(kind="fact", key="work.project", tag="Work", value="Vega dossier", value_norm="vega dossier",
                       statement="works on the Vega dossier", confidence=0.8, importance=0.6, sensitivity="low",
                       subject=None, observed_at=now, valid_from=None, valid_to=None, index_terms="vega dossier",
                       embedding=None)
        with memory.store.db.write() as conn:
            fact_id = memory.store.insert_fact(conn, memory._scope(), late, citations=[said.episode_id], now=now)
        receipt = forget_jobs.run_to_end(memory.store, job)  # type: ignore[arg-type]
        assert receipt["episodes"] == 1 and receipt["facts"] == 1
        assert receipt.ids_sha256 == _digest([("episodes", said.episode_id), ("facts", fact_id)], receipt.nonce)
        assert memory.store.counts()["episodes"] == 0 and memory.list(status="all") == []
