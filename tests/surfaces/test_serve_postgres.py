"""``memstrata serve --db postgresql://...`` serves the PostgreSQL database it was given (a real
server process over real HTTP, the session's real PostgreSQL), not a SQLite file beside it."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from serverproc import ADMIN_KEY, clean_env, console_script, free_port

from memstrata import Memory
from memstrata.types import Episode


def test_serve_on_a_postgres_url_writes_there(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    url = pg_url()
    port = free_port()
    log = tmp_path / "server.log"
    # The working directory holds no database: a fallback to a SQLite file would create one here.
    env = clean_env(MEMSTRATA_ADMIN_KEY=ADMIN_KEY, HOME=str(tmp_path))
    with log.open("wb") as handle:
        process = subprocess.Popen([*console_script(), "serve", "--db", url, "--port", str(port),
                                    "--log-level", "warning"], env=env, cwd=tmp_path, stdout=handle,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {ADMIN_KEY}"}, timeout=60) as client:
            added = client.post("/v1/messages", json={"user_id": "pg-user", "messages": [
                {"content": "Please always ship with SF Express"}]})
            assert added.status_code == 200, added.text
    finally:
        process.terminate()
        process.wait(timeout=20)
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and p != log]
    assert not leftovers, f"serve wrote a local database instead: {leftovers}"
    with Memory(url, embedder=None, user_id="pg-user") as memory:
        episodes = memory.list(kind="episode")
    assert [e.content for e in episodes if isinstance(e, Episode)] == ["Please always ship with SF Express"]
