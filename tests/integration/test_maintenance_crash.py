"""SIGKILL in the middle of ``maintain``, then reopen: no fact lost, none half-merged, and the
next run finishes the work; on a real SQLite file and a real PostgreSQL schema (``location``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

from memstrata import Memory, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.store.backends import open_store
from memstrata.store.dialect import rows

SRC = Path(__file__).resolve().parents[2] / "src"
GENRES = ("rock", "jazz", "blues", "folk", "punk", "soul", "funk", "disco", "opera", "techno", "reggae", "salsa",
          "grunge", "ska", "gospel", "bluegrass", "metal", "swing", "samba", "tango")

MAINTAINER = textwrap.dedent("""
    import sys, time
    from memstrata import Memory

    memory = Memory(sys.argv[1], embedder=None, extractor=None)

    def step(what):
        print(what, flush=True)
        time.sleep(0.02)

    memory.maintain(on_step=step)
    print("finished", flush=True)
""")


def _state(location: str | Path) -> tuple[dict[int, tuple[str, set[int]]], list[tuple[int, str, dict[str, object]]]]:
    store = open_store(location)
    d = store.dialect
    try:
        with store.db.read() as conn:
            if d.name == "sqlite":
                assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            facts = {r["id"]: (r["status"], set()) for r in rows(conn, d, "SELECT id, status FROM facts")}
            for r in rows(conn, d, "SELECT fact_id, episode_id FROM fact_citations"):
                facts[r["fact_id"]][1].add(r["episode_id"])
            events = [(r["fact_id"], r["action"], d.read_json(r["detail"])) for r in
                      rows(conn, d, "SELECT fact_id, action, detail FROM memory_events WHERE action = 'merge'")]
    finally:
        store.close()
    return facts, events


def _assert_whole(facts: dict[int, tuple[str, set[int]]], events: list[tuple[int, str, dict[str, object]]],
                  originally: dict[int, set[int]]) -> int:
    """Every merged-away fact has both halves of its merge; returns how many are merged away."""
    assert set(facts) == set(originally)  # nothing lost
    merged_into = {fid: int(str(d["merged_into"])) for fid, _, d in events if "merged_into" in d}
    absorbed = {int(str(d["absorbed"])): fid for fid, _, d in events if "absorbed" in d}
    assert merged_into == absorbed
    for fid, (status, cites) in facts.items():
        if fid in merged_into:
            keeper = merged_into[fid]
            assert status == "superseded" and facts[keeper][0] == "active"
            assert originally[fid] <= facts[keeper][1]  # the union of citations is kept
        else:
            assert status == "active" and cites >= originally[fid]
    return len(merged_into)


def test_sigkill_during_maintenance_loses_nothing_and_half_merges_nothing(location: str | Path,
                                                                          embedder: EmbeddingCache) -> None:
    no_write_merge = replace(Settings(), merge_similarity=1.5)
    with Memory(location, settings=no_write_merge, embedder=embedder, user_id="u1") as memory:
        memory.add_many([memory.message(f"I love {g} {suffix}") for g in GENRES for suffix in ("music", "musics")])
    facts, _ = _state(location)
    originally = {fid: cites for fid, (_, cites) in facts.items()}
    assert len(originally) == 2 * len(GENRES)

    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    proc = subprocess.Popen([sys.executable, "-c", MAINTAINER, str(location)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    seen = []
    deadline = time.monotonic() + 120
    while len([s for s in seen if s.startswith("merge")]) < 3 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line.strip())
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    assert proc.stderr is not None
    proc.stderr.close()
    assert "finished" not in seen and len([s for s in seen if s.startswith("merge")]) >= 3, seen

    facts, events = _state(location)
    after_kill = _assert_whole(facts, events, originally)
    assert after_kill >= 3
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        memory.maintain()
        facts, events = _state(location)
        finished = _assert_whole(facts, events, originally)
        assert finished > after_kill  # the kill interrupted real work, which the next run finished
        assert not memory.maintain().changed
        assert len(memory.list(limit=1000)) == len(originally) - finished
