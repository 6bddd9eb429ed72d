"""A re-import of a log never undoes a redaction, nor brings back a forgotten redacted message, on
the CLI and over REST (real SQLite files, the CLI in process, the REST app in process on a memory
configured from the same environment a ``memstrata serve`` reads: ``/v1/import`` is sent to real
servers by the other import tests).

``memstrata import log.jsonl`` stored "My email is [REDACTED:email] ..."; the same import with
``MEMSTRATA_PRIVACY=email=allow`` stored "My email is carol@example.com ..." beside it, and after
``forget --episode`` of the redacted message the import stored it again."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from clirun import cli
from logfiles import stored_contents
from memstrata import Memory, Settings
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}
LOOSE = {**MODEL, "MEMSTRATA_PRIVACY": "email=allow,phone=allow"}
LINE = {"content": "My email is carol@example.com and I prefer UPS", "created_at": "2026-11-01T10:00:00+00:00",
        "session_id": "s1"}
REDACTED = "My email is [REDACTED:email] and I prefer UPS"


def test_cli_reimport_under_a_looser_policy_keeps_the_redaction_and_the_forget(tmp_path: Path) -> None:
    db, log = tmp_path / "m.db", tmp_path / "log.jsonl"
    phone = {"content": "我的手机号是13812345678", "session_id": "s1"}  # no time: known by its import key
    log.write_text(json.dumps(LINE) + "\n" + json.dumps(phone) + "\n", encoding="utf-8")
    assert cli("import", log, "--db", db, "--user", "bob", env=MODEL).code == 0
    stored = stored_contents(db, "bob")
    assert stored == [REDACTED, "我的手机号是[REDACTED:phone]"]
    again = cli("import", log, "--db", db, "--user", "bob", "--json", env=LOOSE).json()
    assert (again["added"], again["duplicates"]) == (0, 2), again
    assert stored_contents(db, "bob") == stored
    for episode in json.loads(cli("list", "--episodes", "--json", "--db", db, "--user", "bob", env=MODEL).out):
        assert cli("forget", "--episode", str(episode["id"]), "--user", "bob", "--yes", "--db", db, env=MODEL).code == 0
    for env in (MODEL, LOOSE):
        done = cli("import", log, "--db", db, "--user", "bob", env=env)
        assert done.code == 1 and "2 messages forgotten here were not imported again" in done.out, done.out
        assert "error[conflict]: nothing was imported" in done.err, done.err  # a script sees it
    assert stored_contents(db, "bob") == []


def test_rest_reimport_under_a_looser_policy_keeps_the_redaction(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"  # the server's file: imported redacted first
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(LINE) + "\n", encoding="utf-8")
    assert cli("import", log, "--db", db, "--user", "dee", env=MODEL).code == 0
    # the server's engine as ``memstrata serve`` opens it from its environment (``create_app``)
    env = {"MEMSTRATA_DB": str(db), **LOOSE}
    with Memory(settings=Settings.from_env(env)) as memory, \
            TestClient(create_app(ServerConfig.from_env(env), memory=memory)) as client:
        assert memory.settings.privacy == Settings.from_env(LOOSE).privacy != Settings().privacy
        answer = client.post("/v1/import", json={"user_id": "dee", "records": [LINE]})
        assert answer.status_code == 200, answer.text
        assert (answer.json()["added"], answer.json()["duplicates"]) == (0, 1), answer.text
    assert stored_contents(db, "dee") == [REDACTED]
