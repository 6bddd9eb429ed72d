"""A message added through the SDK and forgotten stays out of every door that imports or re-adds it.

``Memory.add('I am allergic to penicillin.', session_id='chat')``, ``forget(user_id='alice')``, then
its line in the export's shape (content, role, created_at, session_id) imported with ``memstrata
import``: "imported 1 message" and the allergy was back. ``add`` stores no speaker, a JSONL line names
the role as its speaker, so the forgotten message's identity (role, speaker, time, text) differed.
``Memory.forgotten_messages``, which every importer asks, now knows both forms as one message; and
``POST /v1/messages`` refuses a forgotten message unless the caller asks for it with
``"skip_forgotten": false``. Real SQLite files, the CLI in process, a real ``memstrata serve``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from serverproc import Server

from clirun import cli
from logfiles import stored_contents, write_jsonl
from memstrata import HashingEmbedder, Memory

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}
SAID = "I am allergic to penicillin."
WHEN = datetime(2026, 12, 1, 10, 0, 0, 123456, tzinfo=UTC)


def _added_then_forgotten(db: Path, user: str) -> dict[str, str]:
    """Add ``SAID`` for ``user`` through the SDK, forget the user; the message as an export's line."""
    with Memory(db, user_id=user, embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(SAID, session_id="chat", created_at=WHEN)
        [episode] = [r for r in memory.export() if r["type"] == "episode"]
        memory.forget(user_id=user)
    return {k: episode[k] for k in ("content", "role", "created_at")} | {"session_id": "chat"}


def test_cli_import_of_an_exported_line_does_not_bring_an_added_then_forgotten_message_back(tmp_path: Path) -> None:
    db = tmp_path / "rep.db"
    line = write_jsonl(tmp_path / "rep.jsonl", _added_then_forgotten(db, "alice"))
    again = cli("import", line, "--user", "alice", "--db", db, env=MODEL)
    assert again.code == 1 and "error[conflict]: nothing was imported" in again.err, again.err
    assert "imported 0 messages" in again.out and "1 message forgotten here was not imported again" in again.out
    assert stored_contents(db, "alice") == []
    # another user's copy of the line is theirs: imported
    assert cli("import", line, "--user", "bob", "--db", db, env=MODEL).code == 0
    assert stored_contents(db, "bob") == [SAID]


def test_rest_import_and_messages_refuse_an_added_then_forgotten_message_unless_asked(
        hashing_server: Server) -> None:
    server, user = hashing_server, "refused-alice"  # the shared server's other users are other modules'
    line = _added_then_forgotten(server.db, user)
    with server.client() as client:
        imported = client.post("/v1/import", json={"user_id": user, "records": [line]})
        assert imported.status_code == 200, imported.text
        assert (imported.json()["added"], imported.json()["forgotten_messages"]) == (0, 1), imported.text
        message = {"content": SAID, "created_at": line["created_at"], "session_id": "chat"}
        refused = client.post("/v1/messages", json={"user_id": user, "messages": [message]})
        assert refused.status_code == 200, refused.text
        assert (refused.json()["results"], refused.json()["forgotten"]) == ([], [0]), refused.text
        assert stored_contents(server.db, user) == []
        # said anew (its own time) it is the user's new statement; a replay only when asked for
        anew = client.post("/v1/messages", json={"user_id": user, "messages": [{"content": SAID}]})
        assert anew.status_code == 200 and anew.json()["results"][0]["created"], anew.text
        asked = client.post("/v1/messages", json={"user_id": user, "messages": [message],
                                                  "skip_forgotten": False})
        assert asked.status_code == 200 and asked.json()["results"][0]["created"], asked.text
    assert stored_contents(server.db, user) == [SAID, SAID]


def test_cli_remember_at_the_old_time_leaves_a_forgotten_message_out_unless_asked(tmp_path: Path) -> None:
    # ``memstrata remember --at`` is a replay of a log line: it stored the forgotten message again
    db, at = tmp_path / "said.db", "2026-12-01T10:00:00.123456+00:00"
    assert cli("remember", SAID, "--at", at, "--user", "alice", "--db", db, env=MODEL).code == 0
    assert cli("forget", "--user", "alice", "--yes", "--db", db, env=MODEL).code == 0
    again = cli("remember", SAID, "--at", at, "--user", "alice", "--db", db, env=MODEL)
    assert again.code == 1 and "error[conflict]: not stored: this message" in again.err, again.err
    assert "--no-skip-forgotten" in again.err and stored_contents(db, "alice") == []
    on_purpose = cli("remember", SAID, "--at", at, "--no-skip-forgotten", "--user", "alice", "--db", db, env=MODEL)
    assert on_purpose.code == 0 and stored_contents(db, "alice") == [SAID], on_purpose.err
