"""``memstrata worker`` says how many batches it finished: a batch whose LLM call failed waits for
its retry and is not counted as processed.

A real process on a real SQLite file, real HTTP to the scripted LLM server.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from workerproc import cli, one_feature_per_message, worker_env


def test_a_failed_batch_is_not_counted_as_processed(tmp_path: Path, llm_server: FakeLLMServer) -> None:
    db = {"db_path": str(tmp_path / "memory.db")}
    settings = Settings(**db, embedding_model=None,
                        llm=LLMSettings(provider="openai", base_url=llm_server.base_url, model="fake-model"),
                        semantic=SemanticSettings(flush_every=3))
    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        for session in ("s1", "s2"):
            for n in range(3):
                assert mem.add(f"{session} note {n}: I like colour {n}", session_id=session).extraction == "queued"

    def second_fails(request: Request) -> Reply:
        if "s2 note" in request.body["messages"][-1]["content"]:
            return Reply(status=400, error_body='{"error": {"message": "bad request"}}')
        return one_feature_per_message(request)

    llm_server.respond_with(second_fails)
    run = subprocess.run([*cli(), "worker", "--once"], env=worker_env(llm_server, db), capture_output=True,
                         text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    assert "processed 1 batch" in run.stdout and "processed 2" not in run.stdout, run.stdout
    with Memory(settings=settings, embedder=None, user_id="u1") as mem:
        status = mem.queue_status()
        assert (status["done"], status["pending"] + status["failed"]) == (3, 3)
