"""``memstrata bench hooks``: how long a coding agent waits for each memstrata hook, cold and warm.

Each run is what the agent does: a fresh ``memstrata hooks run EVENT`` process with the payload on
stdin, timed from start to exit (wall clock). On a database holding a synthetic Claude Code session
(``SESSION_TURNS`` turns, English and Chinese), for ``SessionStart``, ``UserPromptSubmit`` and
``Stop`` (two new turns appended before each run):

* **cold**: ``MEMSTRATA_HOOKS_URL=off``: the hook opens the database and loads the model itself;
* **warm**: a ``memstrata serve`` on a free port answers the hook over HTTP.

p50 and p95 are nearest-rank percentiles over ``runs``. Run it on a quiet machine: the figures
are a process start plus one memory call, so other load shows in them directly.
"""

from __future__ import annotations

import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from memstrata.errors import InvalidInput

SESSION_TURNS = 40
EVENTS = ("SessionStart", "UserPromptSubmit", "Stop")
SESSION_ID = "bench-session"
CWD = "/home/dev/projects/uploader"
#: What a developer says to a coding agent, and what it answers (alternating user / assistant).
SAYINGS = (
    "Add exponential backoff to the S3 upload client; keep answers short.",
    "Added upload_with_retry: 5 attempts, backoff from 0.5 s doubling to 8 s, only on throttling and 5xx.",
    "我对花生过敏。提交信息请一直用英文写。",
    "好的，提交信息我会用英文写。",
    "The integration tests hit the real bucket; run them only with --live.",
    "Marked the bucket tests with @pytest.mark.live and skipped them by default.",
    "I prefer pytest fixtures over setUp methods.",
    "Converted the upload tests to fixtures in tests/conftest.py.",
)


def console_script() -> list[str]:
    """The ``memstrata`` command of this installation (beside the interpreter, else ``python -m``)."""
    beside = Path(sys.executable).with_name("memstrata")
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "memstrata.cli"]


def transcript_line(number: int) -> str:
    """Line ``number`` of the synthetic session in Claude Code's transcript format."""
    role = "user" if number % 2 == 0 else "assistant"
    text = f"{SAYINGS[number % len(SAYINGS)]} (step {number})"
    content: Any = text if role == "user" else [{"type": "text", "text": text}]
    return json.dumps({"type": role, "uuid": f"00000000-0000-4000-8000-{number:012d}", "sessionId": SESSION_ID,
                       "isSidechain": False, "cwd": CWD, "timestamp": f"2026-11-20T09:{number // 60 % 60:02d}:"
                       f"{number % 60:02d}.000Z", "message": {"role": role, "content": content}}) + "\n"


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in (0, 1]) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _time_runs(event: str, env: dict[str, str], runs: int, transcript: Path, before: Callable[[], None]) -> list[float]:
    """Wall milliseconds of ``runs`` fresh hook processes for ``event``."""
    payload = {"session_id": SESSION_ID if event == "Stop" else "bench-next", "transcript_path": str(transcript),
               "cwd": CWD, "hook_event_name": event, "source": "startup",
               "prompt": "the upload retry backoff is too slow on throttling, tune it"}
    times = []
    for _ in range(runs):
        if event == "Stop":
            before()
        started = time.perf_counter()
        done = subprocess.run([*console_script(), "hooks", "run", event], input=json.dumps(payload), env=env,
                              capture_output=True, text=True, timeout=300)
        times.append(1000 * (time.perf_counter() - started))
        if done.returncode != 0:
            raise RuntimeError(f"hooks run {event} exited {done.returncode}: {done.stderr[-500:]}")
    return times


def _serve(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([*console_script(), "serve", "--port", str(port), "--log-level", "warning"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("memstrata serve did not become ready in 120 s")


def run_hooks_bench(*, console: Console, runs: int = 20) -> dict[str, Any]:
    """Time each event cold and warm (see the module docstring), print the table, return the figures
    (``{"cold": {event: {"p50_ms", "p95_ms", "max_ms", "runs"}}, "warm": {...}}``).

    Raises:
        InvalidInput: ``runs`` below 1.
        RuntimeError: a hook exited with an error, or the server did not start.
    """
    if runs < 1:
        raise InvalidInput(f"--runs must be at least 1, got {runs}")
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="memstrata-bench-hooks-") as tmp:
        transcript = Path(tmp) / "session.jsonl"
        transcript.write_text("".join(transcript_line(i) for i in range(SESSION_TURNS)), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
        env |= {"MEMSTRATA_DB": str(Path(tmp) / "memory.db"), "MEMSTRATA_USER": "bench",
                "MEMSTRATA_HOOKS_DIR": str(Path(tmp) / "hooks"), "MEMSTRATA_HOOKS_URL": "off"}
        turns = [SESSION_TURNS]

        def two_more() -> None:
            with transcript.open("a", encoding="utf-8") as handle:
                handle.write(transcript_line(turns[0]) + transcript_line(turns[0] + 1))
            turns[0] += 2
        _time_runs("Stop", env, 1, transcript, lambda: None)  # the session's first turns, stored once
        results["cold"] = {e: _summary(_time_runs(e, env, runs, transcript, two_more)) for e in EVENTS}
        port = _free_port()
        server = _serve(env, port)
        try:
            warm = env | {"MEMSTRATA_HOOKS_URL": f"http://127.0.0.1:{port}"}
            _time_runs("UserPromptSubmit", warm, 1, transcript, two_more)  # the server's model loads on first use
            results["warm"] = {e: _summary(_time_runs(e, warm, runs, transcript, two_more)) for e in EVENTS}
        finally:
            server.terminate()
            server.wait(timeout=30)
    console.print(_table(results, runs))
    return results


def _summary(times: list[float]) -> dict[str, float]:
    return {"p50_ms": round(percentile(times, 0.5), 1), "p95_ms": round(percentile(times, 0.95), 1),
            "max_ms": round(max(times), 1), "runs": len(times)}


def _table(results: dict[str, Any], runs: int) -> Table:
    table = Table(title=f"memstrata hooks run: wall time of a fresh process, {runs} runs each")
    for column in ("event", "path", "p50 ms", "p95 ms", "max ms"):
        table.add_column(column, justify="left" if column in ("event", "path") else "right")
    for path in ("cold", "warm"):
        for event, figures in results[path].items():
            table.add_row(event, path, f"{figures['p50_ms']:.0f}", f"{figures['p95_ms']:.0f}",
                          f"{figures['max_ms']:.0f}")
    return table
