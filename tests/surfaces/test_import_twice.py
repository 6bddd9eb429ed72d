"""Importing the same file twice stores nothing the second time, on every import door: JSONL
messages with or without their own time or id (``memstrata import``, ``POST /v1/import``), a
``memstrata export`` file (``Memory.import_records``). A log where someone says the same thing
twice keeps both. Real SQLite files, the CLI in process, a real ``memstrata serve`` over HTTP (the test process's
open server with the hashing model, shared with other modules)."""

from __future__ import annotations

from pathlib import Path

from serverproc import Server

from clirun import cli
from logfiles import stored_contents, write_jsonl
from memstrata import HashingEmbedder, Memory

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def test_a_jsonl_line_without_a_time_is_stored_once(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    one = write_jsonl(tmp_path / "one.jsonl", {"content": "I live in Lisbon"})
    first = cli("import", one, "--db", db, "--user", "bob", env=MODEL)
    assert first.code == 0 and first.out.startswith("imported 1 message;"), first.err
    again = cli("import", one, "--db", db, "--user", "bob", env=MODEL)
    assert again.code == 0 and again.out.startswith("imported 0 of 1 message (1 already stored, skipped)"), again.out
    assert stored_contents(db, "bob") == ["I live in Lisbon"]


def test_identical_lines_of_one_log_are_each_kept_once(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    log = write_jsonl(tmp_path / "chat.jsonl", {"content": "ok"}, {"content": "我住在上海"}, {"content": "ok"},
                 {"content": "Ship with DHL", "source_id": "m-7"})
    assert cli("import", log, "--db", db, "--user", "ann", "--json", env=MODEL).json()["added"] == 4
    again = cli("import", log, "--db", db, "--user", "ann", "--json", env=MODEL).json()
    assert (again["added"], again["duplicates"]) == (0, 4)
    # the message with its id keeps it when its line moves; a line added at the end is new
    moved = write_jsonl(tmp_path / "chat.jsonl", {"content": "Ship with DHL", "source_id": "m-7"}, {"content": "ok"},
                   {"content": "我住在上海"}, {"content": "ok"}, {"content": "ok"})
    third = cli("import", moved, "--db", db, "--user", "ann", "--json", env=MODEL).json()
    assert (third["added"], third["duplicates"]) == (1, 4)
    assert stored_contents(db, "ann") == ["Ship with DHL", "ok", "ok", "ok", "我住在上海"]


def test_rest_import_of_the_same_messages_twice_adds_nothing(hashing_server: Server) -> None:
    body = {"user_id": "twice-cy", "records": [{"content": "I'm allergic to peanuts"}, {"content": "ok"},
                                               {"content": "ok"}]}
    with hashing_server.client() as client:
        first = client.post("/v1/import", json=body)
        assert first.status_code == 200, first.text
        assert (first.json()["added"], first.json()["duplicates"]) == (3, 0)
        again = client.post("/v1/import", json=body).json()
        assert (again["added"], again["duplicates"]) == (0, 3)
    assert stored_contents(hashing_server.db, "twice-cy") == ["I'm allergic to peanuts", "ok", "ok"]


def test_an_export_file_restored_twice_restores_nothing_the_second_time(tmp_path: Path) -> None:
    source, target = tmp_path / "a.db", tmp_path / "b.db"
    with Memory(source, embedder=HashingEmbedder(dim=64), user_id="dee") as memory:
        memory.add("From now on ship with FedEx")
        memory.add("My sister lives in Berlin")
    dump = tmp_path / "dee.jsonl"
    assert cli("export", "--db", source, "--user", "dee", "--output", dump, env=MODEL).code == 0
    first = cli("import", dump, "--db", target, "--json", env=MODEL).json()
    again = cli("import", dump, "--db", target, "--json", env=MODEL).json()
    assert first["episodes"] == 2 and first["facts"] >= 1
    assert (again["episodes"], again["facts"], again["events"]) == (0, 0, 0)
    assert stored_contents(target, "dee") == stored_contents(source, "dee")
