"""A scope variable set blank is refused, never read as unset: ``MEMSTRATA_USER="$NAME"`` with
``NAME`` unset gave ``MEMSTRATA_USER=''``, which the CLI read as unset, so ``forget --session s1``
forgot the session of the user ``default`` ("Forgot user=default") and ``list`` listed that user's
facts. The hooks already refused a blank user; every command now does, through ``Settings.from_env``,
naming the variable, exit 2, nothing stored or deleted. Real SQLite files through typer's runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memstrata import HashingEmbedder, Memory
from memstrata.cli import app


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="default") as memory:
        memory.add("I live in Norway.", session_id="s1")
    return db


@pytest.mark.parametrize("value", ["", "  "])
@pytest.mark.parametrize("var", ["MEMSTRATA_USER", "MEMSTRATA_ORG", "MEMSTRATA_PROJECT"])
def test_a_blank_scope_variable_is_refused_and_forgets_nothing(tmp_path: Path, var: str, value: str) -> None:
    db = _db(tmp_path)
    env = {"MEMSTRATA_DB": str(db), "MEMSTRATA_EMBEDDING_MODEL": "hashing-64", var: value}
    forget = CliRunner().invoke(app, ["forget", "--session", "s1", "--yes"], env=env)
    listed = CliRunner().invoke(app, ["list"], env=env)
    for result in (forget, listed):
        assert result.exit_code == 2, result.output
        assert f"{var} is blank ({value!r}); give a name or leave it unset" in result.output
        assert "Traceback" not in result.output
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="default") as memory:
        assert [e.content for e in memory.list(kind="episode")] == ["I live in Norway."]  # the session kept


def test_a_blank_user_stores_nothing_and_creates_no_file(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    result = CliRunner().invoke(app, ["remember", "I like tea", "--db", str(db)],
                                env={"MEMSTRATA_USER": "", "MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert result.exit_code == 2, result.output
    assert not db.exists()
