"""Two ``memstrata worker`` processes on one PostgreSQL database drain the extraction queue
together: they hold different batches at the same time (``FOR UPDATE SKIP LOCKED``), and
every batch is sent to the LLM once and applied once.

Real processes, the session's real PostgreSQL, real HTTP to the scripted server. The server
holds the first request until a second one is in flight, so the test fails unless two
workers really hold claims at once (one worker alone would never send a second request
while its first is unanswered).
"""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from collections.abc import Callable

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.types import Episode, Fact
from workerproc import cli, one_feature_per_message, worker_env

SESSIONS = 6
PER_SESSION = 3


def test_two_workers_claim_different_batches_and_apply_each_once(pg_url: Callable[[], str],
                                                                 llm_server: FakeLLMServer) -> None:
    db = {"database_url": pg_url()}
    settings = Settings(**db, embedding_model=None,
                        llm=LLMSettings(provider="openai", base_url=llm_server.base_url, model="fake-model"),
                        semantic=SemanticSettings(flush_every=PER_SESSION))
    texts = [f"s{s} note {n}: my lucky number is {s * 10 + n}" for s in range(SESSIONS) for n in range(PER_SESSION)]
    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        for i, text in enumerate(texts):
            assert mem.add(text, session_id=f"s{i // PER_SESSION}").extraction == "queued"

    in_flight = 0
    lock = threading.Lock()
    overlapped = threading.Event()

    def answer(request: Request) -> Reply:
        nonlocal in_flight
        with lock:
            in_flight += 1
            if in_flight >= 2:
                overlapped.set()
        overlapped.wait(30)  # the first answer waits for a second worker's request
        time.sleep(0.05)
        with lock:
            in_flight -= 1
        return one_feature_per_message(request)

    llm_server.respond_with(answer)
    # No worker dies here: a lease long enough that a second worker started late on a loaded machine
    # (after the first batch's 1-second lease) finds the batches pending, not one to take over.
    env = {**worker_env(llm_server, db), "MEMSTRATA_QUEUE_LEASE_S": "120"}
    workers = [subprocess.Popen([*cli(), "worker", "--poll", "0.05"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL) for _ in range(2)]
    try:
        with Memory(settings=settings, embedder=None, user_id="u1") as mem:
            deadline = time.monotonic() + 120
            while mem.queue_status()["done"] < len(texts):
                assert time.monotonic() < deadline, mem.queue_status()
                assert all(w.poll() is None for w in workers), [w.communicate() for w in workers]
                time.sleep(0.1)
    finally:
        for w in workers:
            if w.poll() is None:
                w.send_signal(signal.SIGTERM)  # stops after the current batch
        outputs = [w.communicate(timeout=60) for w in workers]

    assert overlapped.is_set(), "the two workers never held a claim at the same time"
    processed = [int(out.split("processed ")[1].split()[0]) for out, _ in outputs]
    assert sum(processed) == SESSIONS and all(n >= 1 for n in processed), (processed, outputs)
    assert len(llm_server.requests) == SESSIONS  # each batch sent once
    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        status = mem.queue_status()
        assert (status["done"], status["pending"], status["running"], status["failed"]) == (len(texts), 0, 0, 0)
        facts = [f for f in mem.list(key="profile", status="all", limit=100) if isinstance(f, Fact)]
        episodes = {e.content: e.id for e in mem.list(kind="episode", limit=100) if isinstance(e, Episode)}
        assert sorted(f.value for f in facts) == sorted(texts)  # every message once, nothing twice
        assert all(f.status == "active" and f.citations == (episodes[f.value],) for f in facts)
        assert mem.store.counts()["events"] == len(texts)  # one create each, nothing re-applied
        assert status["usage"]["llm_calls"] == SESSIONS
