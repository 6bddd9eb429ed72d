"""A database path whose directory does not exist is an error naming the path and the missing
directory, on every door that opens one (``Memory(path)``, ``MEMSTRATA_DB``, the CLI's ``--db``,
``memstrata serve``, ``memstrata mcp``), and nothing is created: a typo in a path
(``/tmp/memroy/x.db``) had silently created the folders and a new, empty memory there. The
default location (``~/.memstrata/memory.db``) is the one folder memstrata creates, so a first
``memstrata remember`` works on a new machine; a new file in an existing directory is created.
Real SQLite files; the CLI in process."""

from __future__ import annotations

from pathlib import Path

import pytest

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
                                     ["mcp", "--http"]])
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
