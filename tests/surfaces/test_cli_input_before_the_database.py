"""Bad input to recall, context and list is the exit-2 input error whether or not the database file
exists yet (docs/cli.md, exit codes). Against a file that did not exist, ``recall ""``, ``recall x
--limit 0``, ``context x -b 0`` and ``list --limit 0`` answered ``error[store_error]: no database
at ...`` with exit 1, and the input error only once the file existed: the arguments are now
checked before the store is opened. Real SQLite files; the commands run in this process (``clirun``:
the same typer application, exit status and stderr as the console script, without a Python start and
the engine's import, ~0.6 s of CPU each, twice a case), the file's first write and the no-database
error run as the console script in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from tests.clirun import cli, console_script

BAD = [
    (["recall", "", "--user", "u"], "QUERY is empty"),
    (["recall", "\u200b", "--user", "u"], "QUERY is empty"),  # a zero-width space alone: searched, with hits
    (["recall", "x", "--limit", "0", "--user", "u"], "--limit must be a whole number from 1 to 1000, got 0"),
    (["recall", "x", "--status", "bogus", "--user", "u"], "which is not a status"),
    (["recall", "x", "--mode", "bogus", "--user", "u"], "mode must be one of"),
    (["recall", "x", "--min-match", "2", "--user", "u"], "--min-match must be a number from 0 to 1"),
    (["context", "x", "-b", "0", "--user", "u"], "--budget-tokens must be a whole number from 40 up, got 0"),
    (["context", "x", "--kind", "bogus", "--user", "u"], "which is not a kind"),
    (["list", "--limit", "0", "--user", "u"], "--limit must be a whole number from 1 up, got 0"),
    (["list", "--status", "bogus", "--user", "u"], "which is not a status"),
    # A blank scope option ("$NAME" unset) is named as typed, not as the SDK's "scope user_id".
    (["recall", "x", "--user", ""], "--user is empty, got ''"),
    (["context", "x", "--user", "u", "--agent", " "], "--agent is empty, got ' '"),
    (["list", "--org", "", "--user", "u"], "--org is empty, got ''"),
]


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env.update(COLUMNS="300", MEMSTRATA_EMBEDDING_MODEL="hashing-64")
    return subprocess.run([*console_script(), *map(str, args)], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("db") / "m.db"
    assert _run("remember", "I live in Paris", "--user", "u", "--db", db).returncode == 0
    return db


@pytest.mark.parametrize(("args", "wanted"), BAD, ids=[" ".join(a[:3]) for a, _ in BAD])
def test_bad_input_is_the_input_error_with_or_without_the_file(tmp_path: Path, stored: Path, args: list[str],
                                                               wanted: str) -> None:
    missing = tmp_path / "none.db"
    without, with_file = (cli(*args, "--db", where, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
                          for where in (missing, stored))
    for run in (without, with_file):
        assert run.returncode == 2, run.stderr
        assert run.stderr.startswith("error[invalid_input]: ") and wanted in run.stderr, run.stderr
    assert without.stderr == with_file.stderr
    assert not missing.exists()  # a refused read creates no file


def test_good_input_against_no_file_still_says_there_is_no_database(tmp_path: Path) -> None:
    run = _run("recall", "x", "--user", "u", "--db", tmp_path / "none.db")
    assert run.returncode == 1 and "error[store_error]: no database at" in run.stderr, run.stderr
