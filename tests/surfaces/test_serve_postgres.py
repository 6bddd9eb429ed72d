"""``memstrata serve --db postgresql://...`` serves the PostgreSQL database it was given (a real
server process over real HTTP, the session's real PostgreSQL), not a SQLite file beside it, and
API keys made by ``memstrata keys`` in that database authenticate, scope and revoke.

The servers embed with the 64-dimension hashing model (``hashing-64``): what is checked is where
they write and whom they let in, and loading the real model cost each start ~1 s of CPU."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from serverproc import ADMIN_KEY, TLS, clean_env, console_script, free_port

from clirun import Run, cli
from memstrata import Memory
from memstrata.types import Episode


@contextmanager
def serving(url: str, tmp_path: Path, **env: str) -> Iterator[str]:
    """Run ``memstrata serve --db url`` (cwd ``tmp_path``, holding no database) until ``/readyz``
    answers; yields its base URL and stops it on exit."""
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as handle:
        process = subprocess.Popen([*console_script(), "serve", "--db", url, "--port", str(port),
                                    "--log-level", "warning"],
                                   env=clean_env(HOME=str(tmp_path), MEMSTRATA_EMBEDDING_MODEL="hashing-64", **env),
                                   cwd=tmp_path, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if httpx.get(f"{base}/readyz", timeout=2, verify=TLS).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)  # readiness is seen within 50 ms
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)


def keys(*args: str, url: str) -> Run:
    """``memstrata keys <args> --db url``, in-process (``clirun``)."""
    return cli("keys", *args, "--db", url)


def test_serve_on_a_postgres_url_writes_there(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    url = pg_url()
    log = tmp_path / "server.log"
    with serving(url, tmp_path, MEMSTRATA_ADMIN_KEY=ADMIN_KEY) as base, \
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {ADMIN_KEY}"}, timeout=60) as client:
        added = client.post("/v1/messages", json={"user_id": "pg-user", "messages": [
            {"content": "Please always ship with SF Express"}]})
        assert added.status_code == 200, added.text
    # The working directory holds no database: a fallback to a SQLite file would have created one here.
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and p != log]
    assert not leftovers, f"serve wrote a local database instead: {leftovers}"
    with Memory(url, embedder=None, user_id="pg-user") as memory:
        episodes = memory.list(kind="episode")
    assert [e.content for e in episodes if isinstance(e, Episode)] == ["Please always ship with SF Express"]


def test_keys_made_by_the_cli_in_postgres_scope_the_server(tmp_path: Path, pg_url: Callable[[], str]) -> None:
    url = pg_url()
    made = keys("create", "--org", "org1", "--project", "projA", "--name", "agent A", "--json", url=url)
    assert made.returncode == 0, made.stderr
    key_a = json.loads(made.stdout)
    other = json.loads(keys("create", "--org", "org1", "--project", "projB", "--user", "bob", "--json",
                            url=url).stdout)
    listed = json.loads(keys("list", "--json", url=url).stdout)
    assert [(k["key_id"], k["project_id"], k["user_id"], k["revoked_at"]) for k in listed] == [
        (key_a["key"]["key_id"], "projA", None, None), (other["key"]["key_id"], "projB", "bob", None)]
    assert key_a["secret"] not in json.dumps(listed)  # only hashes are stored

    # Stored keys make the server require keys: no admin key is configured here.
    with serving(url, tmp_path) as base, httpx.Client(base_url=base, timeout=60) as client:
        auth = {"Authorization": f"Bearer {key_a['secret']}"}
        scope = {"org_id": "org1", "project_id": "projA", "user_id": "alice"}
        added = client.post("/v1/messages", headers=auth, json={**scope, "messages": [
            {"content": "From now on ship with FedEx"}]})
        assert added.status_code == 200, added.text
        assert client.get("/v1/facts", params=scope).json()["error"]["code"] == "missing_api_key"
        elsewhere = client.post("/v1/search", headers=auth, json={**scope, "project_id": "projB", "query": "FedEx"})
        assert elsewhere.status_code == 403 and elsewhere.json()["error"]["code"] == "scope_forbidden"
        hits = client.post("/v1/search", headers=auth, json={**scope, "query": "FedEx"}).json()["hits"]
        assert hits and all(h["scope"]["project_id"] == "projA" for h in hits)
        assert client.get("/v1/keys", headers=auth).status_code == 403  # managing keys takes the admin key

        revoked = keys("revoke", key_a["key"]["key_id"], url=url)
        assert revoked.returncode == 0, revoked.stderr
        after = client.post("/v1/search", headers=auth, json={**scope, "query": "FedEx"})
        assert after.status_code == 401 and after.json()["error"]["code"] == "invalid_api_key"
    listed = json.loads(keys("list", "--json", url=url).stdout)
    assert [k["revoked_at"] is not None for k in listed] == [True, False]
    assert keys("revoke", "0123456789abcdef", url=url).returncode != 0  # an unknown key id is an error
