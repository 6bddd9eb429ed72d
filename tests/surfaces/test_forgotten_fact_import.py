"""A fact forgotten from a message that stays is never extracted from it again, by any import.

Forgetting the ``shipping.carrier`` fact of "我以後都希望用順豐" keeps the message; its export,
imported over ``POST /v1/import`` with another tenant's key, re-added the message and the rule
extractor made ('shipping.carrier', '顺丰', active) again, while the import answered
``"forgotten": []``. The export now carries a ``suppressed`` record (digests of the message's
identity and the fact's key, no value) that every import keeps before it extracts anything.
Real SQLite files, the CLI in process, the SDK, and a real keyed server over HTTP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from serverproc import ADMIN_KEY, Server

from clirun import Run, cli
from memstrata import Memory

pytestmark = pytest.mark.usefixtures("embedder")  # CLI commands use the run's loaded model (clirun)

SAID = {"zh": ("我以後都希望用順豐", 'value = "順豐"', "順豐", "顺丰"),
        "en": ("I prefer DHL for delivery", 'key = "shipping.carrier"', "DHL", "DHL")}


def _cli(*args: str | Path) -> Run:
    done = cli(*args)
    assert done.code == 0, (args, done.out, done.err)
    return done


def _forgotten_export(tmp_path: Path, lang: str) -> Path:
    """An export of user ``a`` whose one fact was forgotten (by filter) while its message stays."""
    db, dump = tmp_path / "source.db", tmp_path / "c4.jsonl"
    text, expr, _, _ = SAID[lang]
    _cli("remember", text, "--db", db, "--user", "a")
    assert [f["key"] for f in json.loads(_cli("list", "--json", "--db", db, "--user", "a").out)] == ["shipping.carrier"]
    _cli("forget", "--filter", expr, "--user", "a", "--yes", "--db", db)
    _cli("export", "--user", "a", "-o", dump, "--db", db)
    records = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert [r["content"] for r in records if r["type"] == "episode"] == [text]  # the message was kept
    [kept] = [r for r in records if r["type"] == "suppressed"]
    assert SAID[lang][2] not in json.dumps(kept, ensure_ascii=False) and SAID[lang][3] not in json.dumps(
        kept, ensure_ascii=False)  # the suppression names no value
    return dump


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cli_and_sdk_imports_into_a_fresh_database_keep_the_fact_forgotten(tmp_path: Path, lang: str,
                                                                             embedder: Any) -> None:
    dump = _forgotten_export(tmp_path, lang)
    fresh = tmp_path / "fresh.db"
    _cli("import", dump, "--db", fresh)
    assert json.loads(_cli("list", "--json", "--status", "all", "--db", fresh, "--user", "a").out) == []
    with Memory(tmp_path / "sdk.db", embedder=embedder) as memory:
        memory.import_records(json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines())
        assert memory.list(user_id="a", status="all") == []
        # the message stays, and saying it again (another message) is a new statement: it is stored
        memory.add(SAID[lang][0] + ("。" if lang == "zh" else "."), user_id="a")
        assert [f.value for f in memory.list(user_id="a")] == [SAID[lang][3]]


def test_rest_import_into_another_tenant_extracts_nothing_forgotten(tmp_path: Path, keyed_server: Server) -> None:
    dump = _forgotten_export(tmp_path, "zh")
    with keyed_server.client(ADMIN_KEY) as admin:
        created = admin.post("/v1/keys", json={"org_id": "elsewhere", "project_id": "moved", "name": "other"})
        assert created.status_code in (200, 201), created.text
        key = created.json()["secret"]
    with keyed_server.client(key) as other:
        answer = other.post("/v1/import", params={"user_id": "a"}, content=dump.read_bytes(),
                            headers={"Content-Type": "application/x-ndjson"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["added"] == 1  # the kept message came along
        facts = other.get("/v1/facts", params={"user_id": "a", "status": "all"}).json()["items"]
        assert facts == []
        found = other.post("/v1/search", json={"user_id": "a", "query": "我用哪家快递？"}).json()
        assert found["hits"] and [h for h in found["hits"] if h["kind"] != "episode"] == [], found
        block = other.post("/v1/context", json={"user_id": "a", "query": "快递"}).json()
        assert "shipping.carrier" not in json.dumps(block, ensure_ascii=False)
        again = other.post("/v1/import", params={"user_id": "a"}, content=dump.read_bytes(),
                           headers={"Content-Type": "application/x-ndjson"})
        assert again.status_code == 200 and other.get("/v1/facts", params={"user_id": "a"}).json()["items"] == []
