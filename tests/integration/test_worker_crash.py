"""A worker process killed mid-batch, then restarted: every episode is extracted exactly once.

Real processes (``memstrata worker``), a real SQLite file or PostgreSQL database, real HTTP to
the scripted server.
The server answers the first batch at once and holds the second until the worker is
killed with SIGKILL (no cleanup of any kind), so the crash lands inside a claimed batch.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from typing import Any

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.types import Fact
from workerproc import cli, one_feature_per_message, worker_env


def test_killed_worker_loses_nothing_and_applies_nothing_twice(db_settings: dict[str, Any],
                                                               llm_server: FakeLLMServer) -> None:
    settings = Settings(**db_settings, embedding_model=None,
                        llm=LLMSettings(provider="openai", base_url=llm_server.base_url, model="fake-model"),
                        semantic=SemanticSettings(flush_every=3))
    texts = {s: [f"{s} note {n}: I like colour {s}{n}" for n in range(3)] for s in ("s1", "s2")}
    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        for session, lines in texts.items():
            for line in lines:
                assert mem.add(line, session_id=session).extraction == "queued"

    second_arrived = threading.Event()
    release = threading.Event()

    def crash_script(request: Request) -> Reply:
        if len(llm_server.requests) == 1:
            return one_feature_per_message(request)
        second_arrived.set()
        release.wait(30)  # held until the worker is dead
        return Reply(status=503)

    llm_server.respond_with(crash_script)
    proc = subprocess.Popen([*cli(), "worker", "--poll", "0.05"], env=worker_env(llm_server, db_settings),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        assert second_arrived.wait(120), proc.stderr.read().decode() if proc.poll() is not None else "no request"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    finally:
        release.set()
        if proc.poll() is None:
            proc.kill()
        proc.communicate()

    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        status = mem.queue_status()
        assert (status["done"], status["running"]) == (3, 3)  # one batch committed, one claimed by the dead
        first_batch = {f.value for f in mem.list(key="profile") if isinstance(f, Fact)}
        assert len(first_batch) == 3

    time.sleep(1.1)  # the dead worker's lease (MEMSTRATA_QUEUE_LEASE_S=1) runs out
    llm_server.respond_with(one_feature_per_message)
    before = len(llm_server.requests)
    run = subprocess.run([*cli(), "worker", "--once"], env=worker_env(llm_server, db_settings), capture_output=True,
                         text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    assert len(llm_server.requests) == before + 1  # only the interrupted batch was sent again

    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        facts = [f for f in mem.list(key="profile", status="all", limit=100) if isinstance(f, Fact)]
        assert sorted(f.value for f in facts) == sorted(t for lines in texts.values() for t in lines)
        episodes = {e.content: e.id for e in mem.list(kind="episode", limit=100)}  # type: ignore[union-attr]
        for f in facts:
            assert f.citations == (episodes[f.value],) and f.status == "active"
        assert mem.queue_status()["done"] == 6 and mem.queue_status()["running"] == 0
        assert mem.store.counts()["events"] == 6  # one create per episode, nothing re-applied
