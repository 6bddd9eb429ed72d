"""Four real processes write and supersede the same keys of one user in one SQLite file:
no write that returned is lost, and each single-valued key ends with exactly one active value."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from contextlib import closing
from pathlib import Path

from memstrata import Episode, Memory

SRC = Path(__file__).resolve().parents[2] / "src"
PROCESSES = 4
ROUNDS = 12

WRITER = textwrap.dedent("""
    import json, sys
    from memstrata import Memory

    path, worker, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    carriers = ["UPS", "FedEx", "DHL", "顺丰", "京东", "EMS"]
    seats = ["a window seat", "an aisle seat"]
    memory = Memory(path, embedder=None, user_id="shared")
    for i in range(rounds):
        carrier = carriers[(worker + i) % len(carriers)]
        a = memory.add(f"From now on ship with {carrier}", session_id=f"w{worker}")
        b = memory.add(f"I prefer {seats[(worker + i) % 2]} on planes", session_id=f"w{worker}")
        print(json.dumps([a.episode_id, b.episode_id, carrier]), flush=True)
    memory.close()
""")


def test_four_processes_superseding_the_same_keys(db_path: Path) -> None:
    Memory(db_path, embedder=None, user_id="shared").close()  # create and migrate once
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(db_path), str(w), str(ROUNDS)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for w in range(PROCESSES)]
    reported: list[list[object]] = []
    for proc in procs:
        out, errors = proc.communicate(timeout=300)
        assert proc.returncode == 0, errors
        reported += [json.loads(line) for line in out.splitlines()]
    assert len(reported) == PROCESSES * ROUNDS

    with Memory(db_path, embedder=None, user_id="shared") as memory:
        for first, second, _ in reported:
            for episode_id in (first, second):
                assert isinstance(memory.get(episode_id=int(str(episode_id))), Episode)
        assert len(memory.list(kind="episode", limit=10_000)) == 2 * PROCESSES * ROUNDS
        for key in ("shipping.carrier", "travel.seat"):
            active = memory.list(key=key)
            assert len(active) == 1, [(f.id, f.value) for f in active]
            every = memory.list(key=key, status="all", limit=10_000)
            # Each write either created a value, superseded one or restated the active one: its
            # episode is cited by a fact under the key, and a fact cites only episodes stating its
            # value (a value that comes back cites the earlier ones too: ingest._returning).
            assert len({e for f in every for e in f.citations}) == PROCESSES * ROUNDS
            said = {e.id: e.content.casefold() for e in memory.list(kind="episode", limit=10_000)
                    if isinstance(e, Episode)}
            assert all(f.value.casefold() in said[e] for f in every for e in f.citations)
        carriers = {str(c) for _, _, c in reported}
        assert {f.value for f in memory.list(key="shipping.carrier", status="all", limit=10_000)} == carriers
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


UPDATER = textwrap.dedent("""
    import os, sys, time
    from memstrata import Memory
    from memstrata.errors import Conflict

    path, fact_id, value, go = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    memory = Memory(path, embedder=None, user_id="shared")
    memory.get(fact_id)  # every process reads the fact, says so, then all write at once
    open(go + "." + value, "w").close()
    while not os.path.exists(go):
        time.sleep(0.001)
    try:
        print("updated", memory.update(fact_id, value=value).id, flush=True)
    except Conflict:
        print("conflict", flush=True)
    memory.close()
""")


def test_four_processes_updating_one_fact_leave_one_current_value(db_path: Path, tmp_path: Path) -> None:
    # Without the re-read under the lock each of four concurrent updates succeeded: four active carriers.
    with Memory(db_path, embedder=None, user_id="shared") as memory:
        [change] = memory.add("I prefer UPS for delivery").facts
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", UPDATER, str(db_path), str(change.fact.id), value, str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for value in ("FedEx", "DHL", "EMS", "京东")]
    deadline = time.monotonic() + 120
    while len(list(tmp_path.glob("go.*"))) < len(procs) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    outcomes = []
    for proc in procs:
        out, errors = proc.communicate(timeout=120)
        assert proc.returncode == 0, errors
        outcomes.append(out.split()[0])
    assert sorted(outcomes) == ["conflict"] * 3 + ["updated"]
    with Memory(db_path, embedder=None, user_id="shared") as memory:
        assert len(memory.list(key="shipping.carrier")) == 1
