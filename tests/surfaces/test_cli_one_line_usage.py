"""The console script as a user's shell runs it (a process, stdout and stderr pipes): a usage
error (an unknown option, a missing argument, an unknown command) is one line on stderr,
``error[usage]: ...`` with exit status 2 (with ``--json`` the REST error body), where typer drew
a box of several lines; ``memstrata --version`` prints the version; and a table piped to another
program prints every cell whole, where rich cut keys and dates to fit 80 columns (or $COLUMNS).
The usage errors' wording and shapes are read from the console script's own typer application (the
launcher) run in this process (``_usage``: the same exit status, stdout and stderr, without a Python
start, ~0.6 s of CPU each); the process itself answers a usage error, the version, the bare group
and the piped tables (``_run``)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import memstrata
from clirun import Run, cli_env, console_script
from memstrata import Memory
from memstrata.cli import launcher

SRC = Path(__file__).resolve().parents[2] / "src"


@functools.cache
def _run(*args: str | Path, columns: str | None = None) -> subprocess.CompletedProcess[str]:
    """``memstrata ARGS`` (the console script) with stdout and stderr piped, not a terminal. Run once
    per command line in this module: a process start and the engine's import cost ~0.4 s of CPU."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_") and k != "COLUMNS"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    if columns is not None:
        env["COLUMNS"] = columns
    return subprocess.run([*console_script(), *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=env, stdin=subprocess.DEVNULL, timeout=120)


def _usage(*args: str) -> Run:
    """``memstrata ARGS`` through the console script's application (``cli.launcher``) in this process,
    ``sys.argv`` set as the process's would be (the error printer reads ``--json`` from it)."""
    saved, sys.argv = sys.argv, ["memstrata", *args]
    try:
        result = CliRunner().invoke(launcher.launcher, list(args), prog_name="memstrata", env=cli_env(),
                                    catch_exceptions=False)
    finally:
        sys.argv = saved
    return Run(result.exit_code, result.stdout, result.stderr)


@pytest.mark.parametrize(("args", "message"), [
    (["recall", "x", "--user", "a", "--bogus"], "No such option: --bogus"),
    (["recall"], "Missing argument 'query'"),
    (["nonsense"], "No such command 'nonsense'"),
    (["keys", "revoke"], "Missing argument 'key_id'"),
    (["list", "--limit"], "Option '--limit' requires an argument"),
])
def test_a_usage_error_is_one_line_on_stderr_with_exit_status_2(args: list[str], message: str) -> None:
    run = _usage(*args)
    assert run.returncode == 2, run
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error[usage]: {message}"), run.stderr
    assert "╭" not in run.stderr and "Usage:" not in run.stderr


def test_a_usage_error_names_the_usage_line_and_the_help() -> None:
    line = _run("recall").stderr.strip()
    assert line == ("error[usage]: Missing argument 'query'; usage: memstrata recall [OPTIONS] QUERY; "
                    "see memstrata recall --help"), line


def test_a_usage_error_with_json_is_the_rest_error_body() -> None:
    run = _usage("recall", "x", "--user", "a", "--json", "--bogus")
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    error = json.loads(lines[0])["error"]
    assert error["code"] == "usage"
    assert error["message"].startswith("No such option: --bogus (memstrata recall takes ")
    assert error["details"] == {"command": "memstrata recall", "option": "--bogus"}


@pytest.mark.parametrize(("args", "own", "other"), [
    (["list", "--frobnicate"], "memstrata list takes --filter, ", "--min-match"),
    (["recall", "x", "--frobnicate"], "memstrata recall takes --filter, ", "--cursor"),
])
def test_an_unknown_option_hint_names_the_command_s_own_options(args: list[str], own: str, other: str) -> None:
    line = _usage(*args).stderr.strip()
    hint = line[line.index("(") + 1:line.index(")")]
    assert hint.startswith(own), line  # the closest of its own options first
    assert other not in hint, line  # another command's option is not offered
    own_part, shared = hint.split("; and ")
    assert "--user" not in own_part and shared.startswith("--db, --user"), line  # the shared ones last


@pytest.mark.parametrize(("args", "hint"), [
    (["list", "--state", "active"], "did you mean --status?"),
    (["list", "--user_id", "u"], "did you mean --user?"),
    (["recall", "x", "--asof", "2026-01-01"], "did you mean --as-of?"),
    (["forget", "--episode-id", "3"], "did you mean --episode or --episodes?"),
])
def test_a_close_unknown_option_is_offered_closest_first(args: list[str], hint: str) -> None:
    line = _usage(*args).stderr.strip()
    assert f"No such option: {args[-2]} ({hint}); usage: memstrata {args[0]} [OPTIONS]" in line, line


@pytest.mark.parametrize(("args", "line"), [
    (["list", "--limit"], "error[usage]: Option '--limit' requires an argument; usage: memstrata list [OPTIONS]; "
                          "see memstrata list --help"),
    (["keys", "create", "--name"], "error[usage]: Option '--name' requires an argument; usage: memstrata keys create "
                                   "[OPTIONS]; see memstrata keys create --help"),
])
def test_an_option_without_its_value_names_the_usage_line(args: list[str], line: str) -> None:
    run = _usage(*args)
    assert run.returncode == 2 and run.stderr.strip() == line, run.stderr


def test_an_option_without_its_value_with_json_is_the_rest_error_body() -> None:
    run = _usage("list", "--json", "--limit")
    error = json.loads(run.stderr)["error"]
    assert error["message"] == ("Option '--limit' requires an argument; usage: memstrata list [OPTIONS]; "
                                "see memstrata list --help")
    assert error["details"] == {"command": "memstrata list"}


def test_a_group_without_a_command_still_prints_its_help() -> None:
    run = _run()
    assert "Usage: memstrata [OPTIONS] COMMAND" in run.stdout + run.stderr
    assert "error[usage]" not in run.stderr


def test_version_prints_the_installed_version() -> None:
    run = _run("--version")
    assert (run.returncode, run.stdout, run.stderr) == (0, f"memstrata {memstrata.__version__}\n", "")


@pytest.mark.parametrize("columns", [None, "40"])
def test_a_piped_table_prints_every_cell_whole(memory: Memory, db_path: Path, columns: str | None) -> None:
    memory.add("I always want shipping with SF Express from now on, and never leave the parcel at the door",
               user_id="someone-with-a-rather-long-user-id")
    memory.add("My favourite programming language is Rust", user_id="someone-with-a-rather-long-user-id")
    facts = memory.list(user_id="someone-with-a-rather-long-user-id")
    assert len(facts) >= 2
    run = _run("list", "--user", "someone-with-a-rather-long-user-id", "--db", db_path, columns=columns)
    assert run.returncode == 0, run.stderr
    assert "…" not in run.stdout
    rows = [line for line in run.stdout.splitlines() if line.startswith("│")]
    assert len(rows) == len(facts), run.stdout  # one line a fact: nothing folded onto a second line
    for fact in facts:
        row = next(r for r in rows if r.startswith(f"│ {fact.id} "))
        assert fact.key in row and fact.value in row and f"{fact.observed_at:%Y-%m-%d}" in row, run.stdout


@pytest.mark.parametrize(("args", "hint"), [
    (["restore", "-1"], "to give it as FACT, put it last, after --: memstrata restore [OPTIONS] -- -1; ids start at 1"),
    (["recall", "-5"], "to give it as QUERY, put it last, after --: memstrata recall [OPTIONS] -- -5)"),
])
def test_a_negative_number_read_as_an_option_says_how_to_give_it(tmp_path: Path, args: list[str], hint: str) -> None:
    """``memstrata restore -1`` listed the command's options, as if an option had been mistyped."""
    run = _usage(*args, "--db", str(tmp_path / "m.db"))
    assert run.returncode == 2 and run.stderr.startswith(
        f"error[usage]: No such option: {args[1]} (a negative number reads as an option; {hint}"), run.stderr
