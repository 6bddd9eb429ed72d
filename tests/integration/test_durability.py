"""Crash durability: a writer killed with SIGKILL loses nothing whose write had returned.

A real writer process (the public SDK on a real SQLite file) reports on stdout, flushed,
each write *after* the call returned; the test kills it with SIGKILL once enough writes
were reported, then reopens the file and checks every reported write is there, intact.
The writer runs full-text only (``embedder=None``, ``extractor=None``): durability is the
storage's property and the model would only slow the loop down.
"""

from __future__ import annotations

import os
import selectors
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from contextlib import closing
from pathlib import Path

import pytest

from memstrata import Episode, Memory
from memstrata.store.sqlite.recalls import FLUSH_EVERY

SRC = Path(__file__).resolve().parents[2] / "src"
USER = "u-durability"
#: Writes reported before the kill.
KILL_AFTER = 30
#: Upper bound on waiting for the writer's reports (a hung writer fails, never hangs the run).
DEADLINE_S = 120.0

ADD_WRITER = textwrap.dedent("""
    import sys
    from memstrata import Memory

    memory = Memory(sys.argv[1], embedder=None, extractor=None)
    i = 0
    while True:
        result = memory.add(f"durable message number {i}", user_id=sys.argv[2])
        print(f"{result.episode_id} {i}", flush=True)
        i += 1
""")

ADD_MANY_WRITER = textwrap.dedent("""
    import sys
    from memstrata import Memory

    BATCH = int(sys.argv[3])
    memory = Memory(sys.argv[1], embedder=None, extractor=None)
    committed = 0

    def report(n):
        global committed
        committed += n
        print(committed, flush=True)

    round_no = 0
    while True:
        messages = [memory.message(f"batched message number {round_no * 5 * BATCH + j}",
                                   user_id=sys.argv[2]) for j in range(5 * BATCH)]
        memory.add_many(messages, batch_size=BATCH, on_batch=report)
        round_no += 1
""")


def _writer_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    return env


def _run_and_kill(script: str, args: list[str], *, after_lines: int) -> list[str]:
    """Start the writer, read its stdout until ``after_lines`` lines, SIGKILL it; return every
    line it wrote (including those flushed between the last read and the kill)."""
    proc = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_writer_env())
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    buffer = b""
    deadline = time.monotonic() + DEADLINE_S
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            while len(lines) < after_lines:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    pytest.fail(f"writer reported only {len(lines)} writes in {DEADLINE_S:.0f} s")
                if not selector.select(timeout=remaining):
                    continue
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    proc.wait()
                    pytest.fail(f"writer exited ({proc.returncode}) after {len(lines)} writes:\n"
                                f"{proc.stderr.read().decode(errors='replace')}")
                buffer += chunk
                *complete, buffer = buffer.split(b"\n")
                lines.extend(line.decode() for line in complete)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        rest = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    buffer += rest
    lines.extend(line.decode() for line in buffer.split(b"\n")[:-1])  # a torn last line is not a report
    return lines


def _episodes(memory: Memory) -> list[Episode]:
    stored = memory.list(kind="episode", user_id=USER, limit=1_000_000)
    assert all(isinstance(e, Episode) for e in stored)
    return [e for e in stored if isinstance(e, Episode)]


def _integrity(path: Path) -> str:
    with closing(sqlite3.connect(path)) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def test_every_add_that_returned_survives_sigkill_with_its_content(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    lines = _run_and_kill(ADD_WRITER, [str(path), USER], after_lines=KILL_AFTER)
    reported = [(int(eid), int(n)) for eid, n in (line.split() for line in lines)]
    assert len(reported) >= KILL_AFTER
    assert [n for _, n in reported] == list(range(len(reported)))

    with Memory(path, embedder=None, extractor=None) as memory:
        for episode_id, n in reported:
            episode = memory.get(episode_id=episode_id, user_id=USER)
            assert isinstance(episode, Episode)
            assert episode.content == f"durable message number {n}"
        stored = _episodes(memory)
        # At most the one add in flight at the kill may have committed without being reported.
        assert len(reported) <= len(stored) <= len(reported) + 1
        assert sorted(e.content for e in stored) == sorted(
            f"durable message number {n}" for n in range(len(stored)))
        hits = memory.search(f"durable message number {reported[-1][1]}", user_id=USER)
        assert any(h.text == f"durable message number {reported[-1][1]}" for h in hits)
    assert _integrity(path) == "ok"


def test_every_add_many_batch_reported_committed_survives_sigkill_and_no_batch_is_torn(
    tmp_path: Path,
) -> None:
    batch = 8
    path = tmp_path / "crash-batches.db"
    lines = _run_and_kill(ADD_MANY_WRITER, [str(path), USER, str(batch)], after_lines=KILL_AFTER)
    committed = [int(line) for line in lines]
    assert committed == [batch * (i + 1) for i in range(len(committed))]
    reported = committed[-1]
    assert reported >= KILL_AFTER * batch

    with Memory(path, embedder=None, extractor=None) as memory:
        stored = _episodes(memory)
        # Every reported batch is there; a batch is one transaction, so it is all or nothing.
        assert reported <= len(stored) <= reported + batch
        assert len(stored) % batch == 0
        assert sorted(e.content for e in stored) == sorted(
            f"batched message number {n}" for n in range(len(stored)))
        last = f"batched message number {reported - 1}"
        assert any(h.text == last for h in memory.search(last, user_id=USER))
    assert _integrity(path) == "ok"


SEARCH_WRITER = textwrap.dedent("""
    import sys
    from memstrata import Memory

    memory = Memory(sys.argv[1], embedder=None)
    memory.add("I prefer FedEx for delivery", user_id=sys.argv[2])
    while True:
        hits = memory.search("delivery", kinds=("fact",), user_id=sys.argv[2])
        print(len(hits), flush=True)
""")


def test_a_killed_searcher_loses_only_the_recall_counts_not_yet_written(tmp_path: Path) -> None:
    # Searches count their facts' recalls in memory and write them every FLUSH_EVERY searches without
    # syncing the log (a power cut may lose the last counts); a killed process loses at most the
    # searches counted since, and the connection syncs every later commit again.
    path = tmp_path / "access.db"
    lines = _run_and_kill(SEARCH_WRITER, [str(path), USER], after_lines=FLUSH_EVERY + 2)
    assert len(lines) >= FLUSH_EVERY + 2 and set(lines) == {"1"}
    with Memory(path, embedder=None) as memory:
        [fact] = memory.list(user_id=USER)
        assert len(lines) - FLUSH_EVERY < fact.access_count <= len(lines) + 1  # + the search in flight
        assert fact.access_count % FLUSH_EVERY == 0  # written whole, FLUSH_EVERY searches at a time
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        for _ in range(FLUSH_EVERY):
            assert memory.search("delivery", kinds=("fact",), user_id=USER)
        memory.add("I prefer UPS for delivery", user_id=USER)
        memory.store.db.conn.set_trace_callback(None)  # type: ignore[attr-defined]
        counted = statements.index(next(s for s in statements if s.startswith("UPDATE facts SET access_count")))
        assert statements[counted - 2:counted] == ["PRAGMA synchronous = NORMAL", "BEGIN IMMEDIATE"]
        assert "PRAGMA synchronous = FULL" in statements[counted:]
        assert memory.store.db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # type: ignore[attr-defined]
    assert _integrity(path) == "ok"
