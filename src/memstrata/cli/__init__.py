"""The ``memstrata`` command line: a thin door over ``Memory``.

``commands`` builds the typer application (``app``) from the command groups: ``memories``
(remember, recall, context, list, history), ``lifecycle`` (forget, delete-project, rollback,
update, restore, maintain), ``transfer`` (export, import), ``admin`` (doctor, reembed, demo,
worker, status, consolidate), ``bench``, and ``server`` for the network ones (``serve``, ``mcp``,
``ui``, ``keys``); ``session`` holds what every command shares (consoles, opening the database,
errors as one line), ``options`` the option types, and ``demo`` the LoCoMo demo. ``main`` is the
console script (``memstrata = memstrata.cli:main``; ``python -m memstrata.cli`` runs it too).

This package loads ``commands`` (the engine, numpy, the benchmarks) only when a command needs
it: ``memstrata hooks run EVENT``, which a coding agent starts on every prompt, goes straight to
the hook runner (``integrations.hooks.run``, standard library only), so its warm path costs a
Python start and one HTTP call; every other invocation goes through ``launcher``, which lists
the commands from ``catalog`` for ``--help`` and loads ``commands`` only to run one. ``app``
loads on first use (PEP 562), for the same reason.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from memstrata.integrations.hooks import run as hooks_run

if TYPE_CHECKING:
    from memstrata.cli.commands import app

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point: ``hooks run EVENT ...`` runs the hook directly (``--help``
    goes to typer, which documents it); every other command goes through ``cli.launcher``
    (loaded by name: the hook's path must not import typer)."""
    args = sys.argv[1:]
    if args[:2] == ["hooks", "run"] and not {"--help", "-h"} & set(args):
        raise SystemExit(hooks_run.main(args[2:]))
    importlib.import_module("memstrata.cli.launcher").main()


def __getattr__(name: str) -> Any:
    """``app``, the typer application, loaded on first use (``from memstrata.cli import app``)."""
    if name == "app":
        return importlib.import_module("memstrata.cli.commands").app
    raise AttributeError(f"module 'memstrata.cli' has no attribute {name!r}")
