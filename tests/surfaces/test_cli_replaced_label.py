"""The ``[replaces ...]`` label of ``memstrata remember`` names what the new fact replaced so that
the line reads right: a value under another key (a like turned into a dislike of the same thing) is
named with its key, since "preference.dislike = coffee [replaces coffee]" read as if nothing had
changed. A value under the same key is named alone, as before. Real SQLite files, the CLI in
process (clirun)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import cli

pytestmark = pytest.mark.usefixtures("embedder")  # CLI commands use the run's loaded model (clirun)


def _remember(db: Path, text: str) -> list[str]:
    done = cli("remember", text, "--db", db, "--user", "u")
    assert done.code == 0, done.err
    return [line for line in done.out.splitlines() if line.startswith("- ")]


def test_a_fact_replacing_one_under_another_key_names_that_key(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _remember(db, "I love coffee")
    [line] = _remember(db, "I hate coffee now")
    assert line.startswith("- preference.dislike = coffee (") and line.endswith(" [replaces drink.like = coffee]")
    _remember(db, "我喜欢猫")
    [line] = _remember(db, "I hate cats")
    assert line.endswith(" [replaces preference.like = 猫]"), line


def test_a_value_replaced_under_the_same_key_is_named_alone(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _remember(db, "We use MySQL for the project database")
    [line] = _remember(db, "We moved from MySQL to PostgreSQL")
    assert line.startswith("- user.project_database = PostgreSQL (") and line.endswith(" [replaces MySQL]"), line
