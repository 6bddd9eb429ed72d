"""CLI safety, in-process through typer's ``CliRunner`` on real SQLite files: an export replaces
its file only when complete and never empties an existing one, refuses a directory clearly; a
project is deleted with a receipt and only that project."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memstrata import HashingEmbedder, Memory
from memstrata.cli import app


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), org_id="o", project_id="p", user_id="alice") as memory:
        memory.add("I live in Norway.")
        memory.add("I'm allergic to peanuts")
        memory.add("I like tea", project_id="kept")
    return db


def _words(text: str) -> str:
    return " ".join(text.split())


def test_an_export_of_nothing_leaves_an_existing_backup_as_it_was(tmp_path: Path) -> None:
    db, backup = _db(tmp_path), tmp_path / "b.jsonl"
    env = {"MEMSTRATA_DB": str(db), "MEMSTRATA_ORG": "o", "MEMSTRATA_PROJECT": "p"}
    runner = CliRunner()
    first = runner.invoke(app, ["export", "--user", "alice", "-o", str(backup)], env=env)
    assert first.exit_code == 0, first.output
    saved = backup.read_bytes()
    assert sum(json.loads(line)["type"] == "episode" for line in saved.decode().splitlines()) == 2

    typo = runner.invoke(app, ["export", "--user", "alcie", "-o", str(backup)], env=env)

    assert typo.exit_code == 1, typo.output  # not_found: nothing is stored for that user
    assert "nothing is stored for o/p user=alcie, so nothing was exported or written" in _words(typo.output)
    assert backup.read_bytes() == saved
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".b.jsonl")) == []  # no temporary left


def test_an_export_to_a_directory_is_refused_clearly(tmp_path: Path) -> None:
    db = _db(tmp_path)
    result = CliRunner().invoke(app, ["export", "--user", "alice", "-o", str(tmp_path)],
                                env={"MEMSTRATA_DB": str(db), "MEMSTRATA_ORG": "o", "MEMSTRATA_PROJECT": "p"})
    assert result.exit_code == 2, result.output
    assert "error[invalid_input]" in result.output and "is a directory" in _words(result.output)
    assert "IsADirectoryError" not in result.output and "internal" not in result.output


def test_delete_project_deletes_that_project_only_with_a_receipt(tmp_path: Path) -> None:
    db = _db(tmp_path)
    env = {"MEMSTRATA_DB": str(db), "MEMSTRATA_ORG": "o", "MEMSTRATA_PROJECT": "kept"}
    result = CliRunner().invoke(app, ["delete-project", "p", "--org", "o", "--yes", "--json"], env=env)
    assert result.exit_code == 0, result.output
    receipt = json.loads(result.output)
    assert receipt["deleted_project"] == "p" and receipt["counts"]["episodes"] == 2
    assert receipt["status"] == "done" and len(receipt["ids_sha256"]) == 64
    with Memory(db, embedder=None, org_id="o", user_id="alice") as memory:
        assert memory.list(kind="episode", project_id="p") == []
        assert [e.content for e in memory.list(kind="episode", project_id="kept")] == ["I like tea"]  # type: ignore[union-attr]
