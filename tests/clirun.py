"""The ``memstrata`` command line run in-process through typer's ``CliRunner``.

A command here costs what the command does, not a Python start, an import of the package and
a load of the embedding model (~2 s each as a subprocess): the run's one loaded model is
registered in ``memstrata.embed.models.loaded_models`` (``share_model``), and a command (or a
hook on the cold path) whose settings name that model uses it. The environment is the test's without any ``MEMSTRATA_*``
setting, as ``serverproc.clean_env`` gives a subprocess. The few true end-to-end tests of the
console script (a process start, stdin, exit codes) stay subprocesses.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer.main
import typer.testing
from typer.testing import CliRunner

from memstrata.cli import commands, session
from memstrata.embed.base import Embedder
from memstrata.embed.models import loaded_models

# rich fixes a console's width when it is made (80 off a terminal, however COLUMNS changes later):
# every in-process command of the run prints 300 columns wide, as the subprocesses did with COLUMNS=300.
for _out in (session.console, session.err):
    _out.width = 300


@dataclass(frozen=True)
class Run:
    """What a ``memstrata`` process would have given: exit status, stdout, stderr."""

    code: int
    out: str
    err: str

    @property
    def returncode(self) -> int:
        """The exit status under ``subprocess.CompletedProcess``'s name."""
        return self.code

    @property
    def stdout(self) -> str:
        """Standard output under ``subprocess.CompletedProcess``'s name."""
        return self.out

    @property
    def stderr(self) -> str:
        """Standard error under ``subprocess.CompletedProcess``'s name."""
        return self.err

    def json(self) -> Any:
        """Standard output parsed as JSON; the command must have succeeded."""
        assert self.code == 0, self.err
        return json.loads(self.out)


def share_model(embedder: Embedder) -> None:
    """Make ``embedder`` the model every in-process command uses when its settings name it."""
    loaded_models[embedder.name] = embedder


def cli_env(**extra: str) -> dict[str, str | None]:
    """``CliRunner`` environment changes: every ``MEMSTRATA_*``/``PROMETHEUS_*`` variable removed,
    a 300-column terminal (rich wraps at 80 when stdout is not a terminal), plus ``extra``."""
    env: dict[str, str | None] = {k: None for k in os.environ if k.startswith(("MEMSTRATA_", "PROMETHEUS_"))}
    env["COLUMNS"] = "300"
    env.update(extra)
    return env


@functools.cache
def _command() -> Any:
    """``commands.app`` as the click command typer runs, built once for the test process."""
    return typer.main.get_command(commands.app)


def _built(app: Any) -> Any:
    """``typer.testing``'s ``get_command`` for ``CliRunner.invoke``: ``commands.app``'s command built
    once. ``invoke`` built the whole application's command again for every command it ran (~20-40 ms
    of CPU each here, more than most commands take); what it builds depends on the application
    alone, which no test changes."""
    return _command() if app is commands.app else typer.main.get_command(app)


def cli(*args: str | Path, stdin: str | None = None, env: dict[str, str] | None = None) -> Run:
    """Run ``memstrata ARGS`` in this process; ``stdin`` is fed as standard input. ``sys.argv`` is
    the process's would-be command line meanwhile (the error printer reads ``--json`` from it)."""
    argv = [str(a) for a in args]
    saved, sys.argv = sys.argv, ["memstrata", *argv]
    build, typer.testing._get_command = typer.testing._get_command, _built
    try:
        result = CliRunner().invoke(commands.app, argv, input=stdin, env=cli_env(**(env or {})),
                                    catch_exceptions=False)
    finally:
        sys.argv, typer.testing._get_command = saved, build
    return Run(result.exit_code, result.stdout, result.stderr)


def console_script() -> list[str]:
    """The installed ``memstrata`` console script beside the running interpreter (or on ``PATH``), else
    ``python -m memstrata.cli``: what a subprocess test of the real command line starts."""
    beside = Path(sys.executable).with_name("memstrata")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("memstrata")
    return [found] if found else [sys.executable, "-m", "memstrata.cli"]
