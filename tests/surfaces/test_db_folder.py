"""A database path whose directory does not exist is an error naming the path and the missing directory, on every
door that opens one (``Memory(path)``, ``MEMSTRATA_DB``, the CLI's ``--db``, ``memstrata serve``, ``memstrata
mcp``), and nothing is created: a typo in a path (``/tmp/memroy/x.db``) had silently created the folders and a
new, empty memory there. The default location (``~/.memstrata/memory.db``) is the one folder memstrata
creates, so a first ``memstrata remember`` works on a new machine; a new file in an existing directory is
created. A path that names a directory is bad input the same way (``invalid_input``, CLI exit 2), not a
``store_error`` with exit 1; so is a reading command's path in a missing directory (``list``, ``recall``,
``history`` ... answered "no database", exit 1, while ``remember`` with the same path exited 2): only a file
missing from a directory that exists is "no database" (exit 1). Real SQLite files; the CLI in process, and
once as a real process."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from serverproc import clean_env, console_script, free_port

from clirun import cli
from memstrata import HashingEmbedder, Memory
from memstrata.config import Settings
from memstrata.errors import InvalidInput


def test_the_sdk_refuses_a_path_in_a_missing_directory(tmp_path: Path) -> None:
    missing = tmp_path / "memroy" / "sub" / "x.db"
    for make in (lambda: Memory(missing, embedder=HashingEmbedder(dim=64)),
                 lambda: Memory(settings=Settings.from_env({"MEMSTRATA_DB": str(missing)}),
                                embedder=HashingEmbedder(dim=64))):
        with pytest.raises(InvalidInput) as refused:
            make()
        assert str(refused.value).startswith(f"database path {missing}: the directory {missing.parent} does not "
                                             "exist; create it first"), refused.value
    assert list(tmp_path.iterdir()) == []
    with Memory(tmp_path / "new.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS")  # a new file in an existing directory is still made
    assert (tmp_path / "new.db").is_file()


def test_the_default_location_is_created_on_first_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with Memory(embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS")
    assert (tmp_path / ".memstrata" / "memory.db").is_file()
    monkeypatch.setenv("HOME", str(tmp_path / "fresh"))
    (tmp_path / "fresh").mkdir()
    made = cli("remember", "I prefer UPS", "--user", "u", env={"HOME": str(tmp_path / "fresh"),
                                                                "MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert made.code == 0, made.err
    assert (tmp_path / "fresh" / ".memstrata" / "memory.db").is_file()


@pytest.mark.parametrize("command", [["remember", "hi"], ["import", "x.jsonl"], ["serve"], ["ui"], ["mcp"],
                                     ["mcp", "--http"], ["recall", "hi"], ["list"], ["history", "--key", "a"],
                                     ["context", "hi"], ["export"], ["users"], ["doctor"], ["status"],
                                     ["forget", "--user", "u", "--yes"], ["reembed"], ["keys", "list"]])
def test_every_command_refuses_a_db_in_a_missing_directory(tmp_path: Path, command: list[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # serve sets MEMSTRATA_DB for its workers in this process: the runner restores a variable that
    # was set before the command, and monkeypatch removes it after the test
    monkeypatch.setenv("MEMSTRATA_DB", str(tmp_path / "unused.db"))
    (tmp_path / "x.jsonl").write_text('{"content": "hi"}\n', encoding="utf-8")
    missing = tmp_path / "memroy" / "x.db"
    args = [tmp_path / a if a == "x.jsonl" else a for a in command]
    run = cli(*args, "--db", missing, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    said = " ".join(run.err.split())
    assert run.code == 2, (command, run.out, run.err)
    assert f"error[invalid_input]: database path {missing}: the directory {missing.parent} does not exist" in said
    assert not missing.parent.exists(), command
    assert "inspector is at" not in said  # ui names no address for a database it refused


def test_the_sdk_refuses_a_directory_as_the_database(tmp_path: Path) -> None:
    """``Memory(path)`` and ``MEMSTRATA_DB`` naming a directory is bad input naming the path, not a
    ``store_error`` (the database is not broken: the path is wrong); nothing is written into it."""
    folder = tmp_path / "notes"
    folder.mkdir()
    for make in (lambda: Memory(folder, embedder=HashingEmbedder(dim=64)),
                 lambda: Memory(settings=Settings.from_env({"MEMSTRATA_DB": str(folder)}),
                                embedder=HashingEmbedder(dim=64))):
        with pytest.raises(InvalidInput) as refused:
            make()
        assert (refused.value.code, str(refused.value)) == (
            "invalid_input", f"database path {folder} is a directory; give the path of a database file inside it, "
                             f"such as {folder / 'memory.db'}")
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("blank", ["", "   "])
def test_the_sdk_refuses_an_empty_path_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blank: str) -> None:
    """``Memory("")`` is ``Path("")``, the working directory: it was refused as "database path . is a
    directory", which names neither the call nor the blank; nothing is created where it runs."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidInput) as refused:
        Memory(blank, embedder=HashingEmbedder(dim=64))
    assert str(refused.value) == ("Memory(path) got an empty path; give a database file path such as 'memory.db', "
                                  "a postgresql:// URL, or no path for the configured one")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["remember", "hi"], ["recall", "hi"], ["list"], ["forget", "--user", "u", "--yes"],
                                     ["import", "x.jsonl"], ["export"], ["doctor"], ["reembed"], ["keys", "list"],
                                     ["serve"], ["ui"], ["mcp"], ["mcp", "--http"]])
def test_every_command_refuses_a_directory_as_db_with_the_bad_input_status(tmp_path: Path, command: list[str],
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSTRATA_DB", str(tmp_path / "unused.db"))  # serve sets it for its workers
    (tmp_path / "x.jsonl").write_text('{"content": "hi"}\n', encoding="utf-8")
    folder = tmp_path / "notes"
    folder.mkdir()
    args = [tmp_path / a if a == "x.jsonl" else a for a in command]
    run = cli(*args, "--db", folder, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert run.code == 2, (command, run.out, run.err)
    assert " ".join(run.err.split()) == (f"error[invalid_input]: database path {folder} is a directory; give the "
                                         f"path of a database file inside it, such as {folder / 'memory.db'}"), command
    assert list(folder.iterdir()) == [], command
    assert "inspector is at" not in run.err  # ui names no address for a database it refused


def test_memstrata_serve_refuses_a_directory_before_listening(tmp_path: Path) -> None:
    """The real console script: ``memstrata serve --db DIR`` exits with the bad-input status and
    the one-line error, with no traceback and no server started."""
    folder = tmp_path / "notes"
    folder.mkdir()
    done = subprocess.run([*console_script(), "serve", "--db", str(folder), "--port", str(free_port())],
                          env=clean_env(MEMSTRATA_EMBEDDING_MODEL="hashing-64"), capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert " ".join(done.stderr.split()) == (f"error[invalid_input]: database path {folder} is a directory; give the "
                                             f"path of a database file inside it, such as {folder / 'memory.db'}")


@pytest.mark.parametrize("command", [["remember", "hi"], ["recall", "hi"], ["list"], ["forget", "--user", "u", "--yes"],
                                     ["import", "x.jsonl"], ["export"], ["keys", "list"], ["serve"], ["mcp"]])
def test_every_command_refuses_an_empty_db_by_the_options_name(tmp_path: Path, command: list[str]) -> None:
    # `--db "$DB"` with DB unset: a reading command said "no database at ~/.memstrata/memory.db" (the default
    # taken as meant), serve served the configured database, and remember named the SDK's Memory(path)
    (tmp_path / "x.jsonl").write_text('{"content": "hi"}\n', encoding="utf-8")
    args = [tmp_path / a if a == "x.jsonl" else a for a in command]
    run = cli(*args, "--db", "", env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64",
                                      "MEMSTRATA_DB": str(tmp_path / "configured.db")})
    assert run.code == 2, (command, run.out, run.err)
    assert " ".join(run.err.split()).startswith("error[invalid_input]: --db is empty, got ''; give a database"), run
    assert not (tmp_path / "configured.db").exists(), command
