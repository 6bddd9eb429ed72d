"""``memstrata import`` of something that holds nothing to import (an empty folder, a folder
without Markdown notes, an empty file, a file of blank lines) is an error naming the path, what it
holds and what an import expects, exit 2, and nothing is written: no database file is created, and
an existing one keeps every row. Before, each exited 0 with "read 0 files" or "imported 0
messages", which reads as success after a typo'd path. The CLI in process on real SQLite files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from clirun import Run, cli
from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.errors import InvalidInput
from memstrata.integrations.markdown import import_folder


def _import(*args: str | Path) -> Run:
    return cli("import", *args, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64", "MEMSTRATA_USER": "alice"})


def _rows(db: Path) -> dict[str, int]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}


@pytest.fixture
def sources(tmp_path: Path) -> dict[str, tuple[Path, tuple[str, ...], str]]:
    """Each case: the path, extra arguments, and what the error must say it holds."""
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "readme.txt").write_text("not a note", encoding="utf-8")
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "blank.jsonl").write_text("\n   \n\n", encoding="utf-8")
    return {
        "empty folder": (tmp_path / "empty", (), "it is empty"),
        "empty folder, markdown": (tmp_path / "empty", ("--format", "markdown"), "it is empty"),
        "folder without notes": (tmp_path / "notes", (), "it holds readme.txt, but no *.md file"),
        "empty file": (tmp_path / "empty.jsonl", (), "it is empty (0 bytes)"),
        "empty file as jsonl": (tmp_path / "empty.jsonl", ("--format", "jsonl"), "it is empty (0 bytes)"),
        "empty file as export": (tmp_path / "empty.jsonl", ("--format", "export"), "it is empty (0 bytes)"),
        "blank lines": (tmp_path / "blank.jsonl", (), "it holds only blank lines"),
    }


def test_importing_nothing_is_an_error_and_creates_no_database(tmp_path: Path, sources: dict[str, tuple[
        Path, tuple[str, ...], str]]) -> None:
    db = tmp_path / "new.db"
    for case, (path, extra, held) in sources.items():
        done = _import(path, *extra, "--db", db)
        said = " ".join(done.stderr.split())
        assert done.returncode == 2 and done.stdout == "", (case, done)
        assert said.startswith(f"error[invalid_input]: {path}: nothing to import: {held}; "), (case, said)
        assert "; expected " in said and said.endswith("; nothing was stored"), (case, said)
        assert not db.exists(), case


def test_importing_nothing_leaves_an_existing_database_as_it_was(tmp_path: Path, sources: dict[str, tuple[
        Path, tuple[str, ...], str]]) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="alice") as memory:
        memory.add("I'm allergic to peanuts")
    before = _rows(db)
    for case, (path, extra, _) in sources.items():
        assert _import(path, *extra, "--db", db).returncode == 2, case
        assert _rows(db) == before, case
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="alice") as memory, \
            pytest.raises(InvalidInput, match="nothing to import"):
        import_folder(memory, tmp_path / "empty")  # the Python call says the same as the command
    assert _rows(db) == before


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_path_is_refused_not_read_as_this_folder(tmp_path: Path, blank: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # `memstrata import "$DIR"` with DIR unset: '' was read as '.', so the notes of the shell's folder
    # were stored in the user's memory; the export wrote its projection there when it could
    monkeypatch.chdir(tmp_path)
    (tmp_path / "MEMORY.md").write_text("- I prefer UPS for delivery\n", encoding="utf-8")
    db = tmp_path / "new.db"
    done = _import(blank, "--db", db)
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr.strip() == (f"error[invalid_input]: PATH is blank ({blank!r}); give the file or folder to "
                                   "import (`.` for this folder)")
    assert not db.exists()
    with Memory(tmp_path / "m.db", user_id="alice", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I like window seats")
    (tmp_path / "MEMORY.md").unlink()
    written = cli("export", "--format", "markdown", blank, "--db", tmp_path / "m.db", "--user", "alice")
    assert written.returncode == 2 and "FOLDER is blank" in written.stderr, written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.db"]
