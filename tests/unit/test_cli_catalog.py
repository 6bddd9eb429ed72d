"""``memstrata --help`` lists every command from ``cli.catalog`` without loading the engine, and
the catalog says exactly what the commands say."""

from __future__ import annotations

import inspect
import subprocess
import sys

import typer.main

from memstrata.cli import app
from memstrata.cli.catalog import COMMANDS, HELP


def test_the_catalog_is_every_command_with_the_help_it_lists() -> None:
    group = typer.main.get_command(app)
    listed = {name: inspect.cleandoc(command.help or "").split("\n\n")[0]
              for name, command in group.commands.items()}  # type: ignore[attr-defined]
    assert listed == COMMANDS, "cli/catalog.py COMMANDS should read:\n" + "\n".join(
        f"    {name!r}: {text!r}," for name, text in listed.items())
    assert list(COMMANDS) == list(listed)  # the order --help shows
    assert group.help == HELP


def test_help_lists_the_commands_without_importing_the_engine() -> None:
    probe = ("import sys\nsys.argv = ['memstrata', '--help']\nfrom memstrata.cli import main\n"
             "try:\n    main()\nexcept SystemExit as exit:\n    code = exit.code\n"
             "loaded = [m for m in ('memstrata.cli.commands', 'memstrata.memory', 'numpy') if m in sys.modules]\n"
             "print('LOADED', loaded, code)\n")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    for name in ("remember", "recall", "forget", "export", "import", "doctor", "bench", "hooks"):
        assert name in run.stdout
    assert run.stdout.strip().splitlines()[-1] == "LOADED [] 0"


def test_a_command_runs_through_the_launcher() -> None:
    run = subprocess.run([sys.executable, "-m", "memstrata.cli", "remember", "--help"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Store a message" in run.stdout and "--user" in run.stdout
