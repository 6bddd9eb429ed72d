"""``memstrata ui``: the inspector on a local database, without a key, on 127.0.0.1 only."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from serverproc import TLS, clean_env, console_script, free_port
from tests.clirun import cli

from memstrata import Memory


def _outside_address() -> str | None:
    """An address of this machine that is not loopback, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent for a UDP connect
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") else address


def test_memory_ui_serves_the_pages_without_a_key_on_loopback_only(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "ui.log"
    Memory(tmp_path / "m.db", embedder=None).close()  # an empty database: `ui` opens, never creates
    with log.open("wb") as handle:
        process = subprocess.Popen([*console_script(), "ui", "--no-open", "--port", str(port), "--db",
                                    str(tmp_path / "m.db")], env=clean_env(), stdout=handle,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline, page = time.monotonic() + 90, None
        while page is None and time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/ui/users", timeout=2, verify=TLS)
            except httpx.HTTPError:
                time.sleep(0.2)
        assert page is not None and page.status_code == 200, log.read_text()
        assert "open server" in page.text and 'id="users"' not in page.text  # no key, no users yet
        # a page of another site reached it through its own name pointed at 127.0.0.1 (DNS rebinding): was 200
        rebound = httpx.get(f"http://127.0.0.1:{port}/ui/users", headers={"Host": f"evil.example:{port}"}, timeout=2,
                            verify=TLS)
        assert rebound.status_code == 421 and rebound.json()["error"]["code"] == "invalid_host", rebound.text
        assert httpx.get(f"http://localhost:{port}/ui/users", timeout=2, verify=TLS).status_code == 200
        outside = _outside_address()
        if outside is not None:
            with socket.socket() as sock:
                sock.settimeout(2)
                assert sock.connect_ex((outside, port)) != 0  # nothing listens beyond loopback
        assert f"http://127.0.0.1:{port}/ui/" in log.read_text()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_memory_ui_refuses_a_database_file_that_is_not_there(tmp_path: Path) -> None:
    typo = tmp_path / "memroy.db"
    run = cli("ui", "--no-open", "--db", typo)
    assert run.returncode == 1 and run.stderr.startswith(f"error[store_error]: no database at {typo}"), run.stderr
    assert not typo.exists()  # it made an empty database and showed "no users"


def test_memory_ui_names_a_missing_database_before_a_missing_server_extra(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the server extra, ``ui --db typo.db`` said to install it first, and only once installed that the
    database was not there; the database is checked first. ``serve``, which creates its database, still names
    the extra before making a file."""
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # the extra not installed: importing it fails
    typo = tmp_path / "memroy.db"
    run = cli("ui", "--no-open", "--db", typo)
    assert run.returncode == 1 and run.stderr.startswith(f"error[store_error]: no database at {typo}"), run.stderr
    Memory(tmp_path / "m.db", embedder=None).close()
    run = cli("ui", "--no-open", "--db", tmp_path / "m.db")
    assert run.returncode == 1 and run.stderr.startswith("error[missing_extra]: this command needs uvicorn"), run.stderr
    run = cli("serve", "--db", tmp_path / "new.db")
    assert run.returncode == 1 and "error[missing_extra]" in run.stderr and not (tmp_path / "new.db").exists()
