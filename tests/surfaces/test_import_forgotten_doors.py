"""The doors' imports of an export taken before a forget bring nothing forgotten back (before,
``forget --fact N --sources`` then ``import`` of the older export restored the peanut
message and fact, active, under their old ids). ``POST /v1/import`` re-adds episode records as
new messages, so it skips those whose id this database forgot (and says which); ``memstrata
import`` skips them and lists each with the reason. Real SQLite files and a real PostgreSQL
server; the REST app in process (``TestClient``), the CLI as the console script."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from clirun import Run, cli
from memstrata import HashingEmbedder, Memory
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig

pytestmark = pytest.mark.usefixtures("embedder")  # CLI commands use the run's loaded model (clirun)


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        pg_url: Callable[[], str] = request.getfixturevalue("pg_url")
        return pg_url()
    return str(tmp_path / "memory.db")


@pytest.fixture
def client(location: str) -> Iterator[TestClient]:
    memory = Memory(location, embedder=HashingEmbedder(dim=64))
    with TestClient(create_app(ServerConfig(), memory=memory)) as c:
        yield c
    memory.close()


def test_rest_import_skips_the_messages_a_forget_took(client: TestClient) -> None:
    added = client.post("/v1/messages", json={"user_id": "rest", "messages": [
        {"content": "I'm allergic to peanuts"}, {"content": "I prefer UPS for delivery"}]})
    assert added.status_code == 200, added.text
    exported = [json.loads(line) for line in client.get("/v1/export", params={"user_id": "rest"}).text.splitlines()]
    [fact] = [r for r in exported if r["type"] == "fact" and r["key"] == "health.allergy"]
    [said] = [r["id"] for r in exported if r["type"] == "episode" and "peanut" in r["content"]]
    gone = client.delete(f"/v1/facts/{fact['id']}", params={"user_id": "rest", "sources": "true"})
    assert gone.status_code == 200, gone.text

    answer = client.post("/v1/import", json={"records": exported})
    assert answer.status_code == 200, answer.text
    episodes = client.get("/v1/episodes", params={"user_id": "rest"}).json()["items"]
    facts = client.get("/v1/facts", params={"user_id": "rest", "status": "all"}).json()["items"]
    assert [e["content"] for e in episodes] == ["I prefer UPS for delivery"]
    assert [f["key"] for f in facts] == ["shipping.carrier"]
    body = answer.json()
    assert body["forgotten"] == [said] and body["added"] == 0 and f"#{said}" in body["note"]


def _cli(*args: str | Path) -> Run:
    done = cli(*args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def test_cli_import_skips_and_names_what_was_forgotten(location: str, tmp_path: Path) -> None:
    dump = tmp_path / "before.jsonl"
    _cli("remember", "I'm allergic to peanuts", "--db", location, "--user", "cli")
    _cli("export", "--db", location, "--user", "cli", "-o", dump)
    [fact] = json.loads(_cli("list", "--json", "--db", location, "--user", "cli").stdout)
    _cli("forget", "--fact", str(fact["id"]), "--sources", "--user", "cli", "--yes", "--db", location)

    # every record skipped: it exited 0, and a script could not tell that nothing was imported
    restored = cli("import", dump, "--db", location)
    assert restored.code == 1 and "restored 0 episodes, 0 facts" in restored.stdout
    assert f"fact #{fact['id']}: forgotten here on" in restored.stderr
    assert "episode #" in restored.stderr
    assert f"error[conflict]: nothing was imported from {dump}: what it holds (" in restored.stderr, restored.stderr
    listed = cli("import", dump, "--db", location, "--json")
    assert listed.code == 1 and '"code": "conflict"' in listed.stderr, listed.stderr
    as_json = json.loads(listed.stdout)
    assert {(s["type"], s["id"]) for s in as_json["skipped"]} >= {("fact", fact["id"])}
    assert json.loads(_cli("list", "--json", "--status", "all", "--db", location, "--user", "cli").stdout) == []
    assert "peanut" not in _cli("recall", "allergic to peanuts", "--db", location, "--user", "cli").stdout


def test_cli_forget_sources_after_a_plain_forget(location: str) -> None:
    _cli("remember", "I'm allergic to peanuts", "--db", location, "--user", "again")
    [fact] = json.loads(_cli("list", "--json", "--db", location, "--user", "again").stdout)
    _cli("forget", "--fact", str(fact["id"]), "--user", "again", "--yes", "--db", location)
    done = _cli("forget", "--fact", str(fact["id"]), "--sources", "--user", "again", "--yes", "--db", location)
    assert "1 episode," in done.stdout or done.stdout.rstrip().endswith("1 episode"), done.stdout
    assert json.loads(_cli("list", "--episodes", "--json", "--db", location, "--user", "again").stdout) == []
