"""Helpers that start real ``memstrata`` processes (``serve``) on free ports for the surface tests.

The servers run the real embedding model (USE multilingual v3): it loads lazily on the
first embedding, ~1.5 s, so no test swaps in a lighter model.
"""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

SRC = Path(__file__).resolve().parents[2] / "src"
ADMIN_KEY = "test-admin-key-0123456789abcdef"
#: One TLS context for every HTTP client of the test process. The servers speak plain HTTP, but httpx
#: builds a context for each new client, loading the CA bundle: ~70 ms of CPU a client here, 0.4 ms
#: with this one passed as ``verify``.
TLS = ssl.create_default_context()


def console_script() -> list[str]:
    """The installed ``memstrata`` script beside this interpreter, or ``python -m memstrata.cli``."""
    beside = Path(sys.executable).with_name("memstrata")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("memstrata")
    return [found] if found else [sys.executable, "-m", "memstrata.cli"]


def clean_env(**extra: str) -> dict[str, str]:
    """The test environment without any ``MEMSTRATA_*`` setting, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMSTRATA_", "PROMETHEUS_"))}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    env["COLUMNS"] = "300"
    env.update(extra)
    return env


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running ``memstrata serve`` process."""

    url: str
    db: Path
    process: subprocess.Popen[bytes]
    log: Path
    env: dict[str, str] = field(default_factory=dict)

    def client(self, key: str | None = None) -> httpx.Client:
        """An httpx client for this server, sending ``key`` as a bearer token."""
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60.0, verify=TLS)

    def stop(self) -> None:
        """Terminate the process (and its workers) and wait for it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start_server(tmp: Path, *, workers: int = 1, database_url: str | None = None, log_level: str = "warning",
                 **env: str) -> Server:
    """Start ``memstrata serve`` on a free port with a fresh database (a SQLite file in ``tmp``, or
    ``database_url``); wait until ``/readyz`` answers. ``log_level="info"`` keeps the access log."""
    db = tmp / "memory.db"
    port = free_port()
    log = tmp / "server.log"
    full_env = clean_env(MEMSTRATA_DB=database_url or str(db), **env)
    with log.open("wb") as handle:
        process = subprocess.Popen([*console_script(), "serve", "--port", str(port), "--workers", str(workers),
                                    "--log-level", log_level], env=full_env, stdout=handle, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    server = Server(f"http://127.0.0.1:{port}", db, process, log, full_env)
    deadline = time.monotonic() + 90
    # One client for every probe, and a short pause between probes: the wait ends within 50 ms of
    # readiness.
    with httpx.Client(timeout=2, verify=TLS) as probe:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"memstrata serve exited with {process.returncode}:\n{log.read_text()}")
            try:
                if probe.get(f"{server.url}/readyz").status_code == 200:
                    return server
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
    server.stop()
    raise RuntimeError(f"memstrata serve did not become ready:\n{log.read_text()}")
