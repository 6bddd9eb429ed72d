"""An export of a user who has nothing stored (most often a mistyped user id) is refused on every
door that exports, naming the user, and writes nothing: the CLI's JSONL (a file or stdout) and
Markdown exports, ``export_folder``, ``GET /v1/export`` and the inspector's two downloads. Real
SQLite files, the CLI in process, a real ``memstrata serve`` over HTTP (the test process's open server
without a model, shared with other modules)."""

from __future__ import annotations

from pathlib import Path

import pytest
from serverproc import Server

from clirun import Run, cli
from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.errors import NotFound
from memstrata.integrations.markdown import export_folder


def _cli(*args: str | Path) -> Run:
    return cli(*args, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "m.db"
    with Memory(path, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        memory.add("I'm allergic to peanuts")
    return path


def test_the_cli_refuses_both_exports_of_a_user_with_nothing_stored(db: Path, tmp_path: Path) -> None:
    out, folder = tmp_path / "out.jsonl", tmp_path / "proj"
    for args in (("export", "--user", "alcie", "-o", out), ("export", "--user", "alcie"),
                 ("export", "--format", "markdown", folder, "--user", "alcie")):
        refused = _cli(*args, "--db", db)
        said = " ".join(refused.stderr.split())
        assert refused.returncode == 1 and refused.stdout == "", args
        assert "error[not_found]: nothing is stored for default/default user=alcie, so nothing was exported or " \
               "written; `memstrata users --org default --project default` lists the users with memories; " \
               "--user NAME exports another user" in said
        assert "alice" not in said, args  # the error names no other user
    assert not out.exists() and not folder.exists()
    # the implicit default user too (an export without --user wrote an empty file with a note)
    assert _cli("export", "-o", out, "--db", db).returncode == 1 and not out.exists()
    # the user who has memories exports as before, in both formats
    assert _cli("export", "--user", "alice", "-o", out, "--db", db).returncode == 0 and out.read_text()
    assert _cli("export", "--format", "markdown", folder, "--user", "alice", "--db", db).returncode == 0
    assert (folder / "MEMORY.md").is_file()


def test_export_folder_refuses_a_user_with_nothing_stored(db: Path, tmp_path: Path) -> None:
    with Memory(db, embedder=HashingEmbedder(dim=64)) as memory, \
            pytest.raises(NotFound, match="nothing is stored for default/default user=alcie"):
        export_folder(memory, tmp_path / "proj", user_id="alcie")
    assert not (tmp_path / "proj").exists()


@pytest.fixture(scope="module")
def server(modelless_server: Server) -> Server:
    """The test process's open server (no keys, SQLite, no model: an export needs none), shared with
    other modules; ``ex-alice`` (this module's own user) has said something there."""
    with modelless_server.client() as client:
        said = client.post("/v1/messages", json={"user_id": "ex-alice", "messages": [{"content": "I like tea"}]})
        said.raise_for_status()
    return modelless_server


@pytest.mark.parametrize(("path", "params"), [
    ("/v1/export", {"user_id": "ex-alcie"}), ("/ui/export.jsonl", {"user": "ex-alcie"}),
    ("/ui/export.zip", {"user": "ex-alcie"}),
])
def test_the_server_refuses_an_export_of_a_user_with_nothing_stored(server: Server, path: str,
                                                                     params: dict[str, str]) -> None:
    with server.client() as client:
        refused = client.get(path, params=params)
        assert refused.status_code == 404, refused.text
        assert "nothing is stored for default/default user=ex-alcie" in refused.text
        assert "alice" not in refused.text.replace("alcie", "")  # another user's id is not disclosed
        found = client.get(path, params={k: "ex-alice" for k in params})
    assert found.status_code == 200 and found.content
