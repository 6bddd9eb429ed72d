"""A message forgotten here is never stored again by importing its log again.

``memstrata import one.jsonl``, ``memstrata forget --episode 1 --yes``, then the same import: the
forgotten message was back (the import found no stored episode holding its import key, so it was
new). A forget now keeps a content-free digest of each message's identity (its import key, else its
role, speaker, time and text) with its owner, and the log importers skip and count those. A message
said again through ``remember`` is the user's new statement and is stored. Real SQLite files, the
CLI in process, the SDK, and a real ``memstrata serve`` over HTTP."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from serverproc import Server

from clirun import cli
from logfiles import stored_contents, write_jsonl
from memstrata import HashingEmbedder, Memory
from memstrata.types import Episode

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}
SAID = {"zh": "我对花生过敏", "en": "I'm allergic to peanuts"}


def _episode_id(db: Path, user: str, text: str) -> int:
    with Memory(db, embedder=HashingEmbedder(dim=64)) as memory:
        [ep] = [e for e in memory.list(kind="episode", user_id=user, limit=100)
                if isinstance(e, Episode) and e.content == text]
        return ep.id


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("timed", [False, True])
def test_cli_reimport_of_a_log_does_not_bring_a_forgotten_message_back(tmp_path: Path, lang: str,
                                                                        timed: bool) -> None:
    db = tmp_path / "m.db"
    line = {"content": SAID[lang], **({"created_at": "2026-03-01T10:00:00+00:00"} if timed else {})}
    one = write_jsonl(tmp_path / "one.jsonl", line, {"content": "ok"})
    assert cli("import", one, "--db", db, "--user", "bob", env=MODEL).code == 0
    gone = _episode_id(db, "bob", SAID[lang])
    done = cli("forget", "--episode", str(gone), "--user", "bob", "--yes", "--db", db, env=MODEL)
    assert done.code == 0, done.err
    again = cli("import", one, "--db", db, "--user", "bob", env=MODEL)
    assert again.code == 0, again.err
    assert "1 message forgotten here was not imported again" in again.out, again.out
    assert stored_contents(db, "bob") == ["ok"]
    with sqlite3.connect(db) as conn:  # content-free: the text is nowhere in the kept digests
        kept = [r[0] for r in conn.execute("SELECT digest FROM suppressed_facts WHERE user_id = 'bob'")]
    # the message's identity, and the note keys of the lines a Markdown projection shows for it and for the fact it
    # gave (store.suppressed.keep_fact_lines): three digests
    assert len(kept) == 3 and all(SAID[lang] not in d for d in kept)
    assert cli("import", one, "--db", db, "--user", "bob", "--json", env=MODEL).json()["forgotten"] == 1
    # saying it again is the user's new statement: stored
    assert cli("remember", SAID[lang], "--db", db, "--user", "bob", env=MODEL).code == 0
    assert stored_contents(db, "bob") == sorted(["ok", SAID[lang]])


def test_a_user_forget_keeps_their_log_out_of_a_reimport_but_not_another_users(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    one = write_jsonl(tmp_path / "one.jsonl", {"content": SAID["en"]}, {"content": "我住在上海", "source_id": "m-2"})
    for user in ("ann", "cy"):
        assert cli("import", one, "--db", db, "--user", user, env=MODEL).code == 0
    assert cli("forget", "--user", "ann", "--yes", "--db", db, env=MODEL).code == 0
    for user, status in (("ann", 1), ("cy", 0)):  # ann's: all forgotten, nothing imported (exit 1)
        assert cli("import", one, "--db", db, "--user", user, env=MODEL).code == status
    assert stored_contents(db, "ann") == []
    assert stored_contents(db, "cy") == sorted([SAID["en"], "我住在上海"])


def test_rest_forget_then_rest_reimport_keeps_it_forgotten(hashing_server: Server) -> None:
    user = "reimport-dee"  # the shared server's other users are other modules'
    body = {"user_id": user, "records": [{"content": SAID["zh"]}, {"content": "ok"}]}
    with hashing_server.client() as client:
        first = client.post("/v1/import", json=body)
        assert first.status_code == 200 and first.json()["added"] == 2, first.text
        [hit] = [e for e in client.get("/v1/episodes", params={"user_id": user}).json()["items"]
                 if e["content"] == SAID["zh"]]
        forgot = client.post("/v1/forget", json={"user_id": user, "episode_id": hit["id"]})
        assert forgot.status_code == 200 and forgot.json()["counts"]["episodes"] == 1, forgot.text
        again = client.post("/v1/import", json=body)
        assert again.status_code == 200, again.text
        answer = again.json()
        assert (answer["added"], answer["duplicates"], answer["forgotten_messages"]) == (0, 1, 1), answer
        assert "1 message forgotten here was not imported again" in answer["note"]
    assert stored_contents(hashing_server.db, user) == ["ok"]


def test_a_database_made_before_the_suppression_table_keeps_a_forget_out_of_a_reimport(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    one = write_jsonl(tmp_path / "one.jsonl", {"content": SAID["zh"]}, {"content": "ok"})
    assert cli("import", one, "--db", db, "--user", "eve", env=MODEL).code == 0
    with sqlite3.connect(db) as conn:  # as a database was before migration 20 (later ones run again too)
        conn.execute("DROP TABLE suppressed_facts")
        conn.execute("DELETE FROM schema_migrations WHERE version >= 20")
    gone = _episode_id(db, "eve", SAID["zh"])  # opening it runs the migration
    assert cli("forget", "--episode", str(gone), "--user", "eve", "--yes", "--db", db, env=MODEL).code == 0
    again = cli("import", one, "--db", db, "--user", "eve", "--json", env=MODEL).json()
    assert (again["added"], again["duplicates"], again["forgotten"]) == (0, 1, 1)
    assert stored_contents(db, "eve") == ["ok"]
