"""The ``memstrata`` command line: a thin door over ``Memory``.

This module builds the typer application (``app``) and registers every command in the order
``memstrata --help`` lists them (``cli.catalog``); the commands live by group: ``memories``
(remember, recall, context, list, users, history), ``lifecycle`` (forget, delete-project, rollback,
update, restore, maintain), ``transfer`` (export, import), ``admin`` (doctor, reembed, demo,
worker, status, consolidate), ``bench`` (``memstrata bench ...``), ``server`` (serve, mcp, ui,
keys) and the coding-agent ``hooks``. ``cli.launcher`` imports this module only to run a command.

Human output uses rich; ``--json`` prints machine-readable JSON instead. Errors
are printed as one line ``error[code]: message`` with exit status 2 (bad input)
or 1 (anything else); no traceback reaches the user.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperGroup

from memstrata.cli.admin import consolidate, demo, doctor, reembed, status, worker
from memstrata.cli.bench import bench_app
from memstrata.cli.lifecycle import delete_project, forget, maintain, restore, rollback, update
from memstrata.cli.memories import context_cmd, history, list_cmd, recall, remember, users_cmd
from memstrata.cli.server import keys_app, mcp_command, serve_command, ui_command
from memstrata.cli.transfer import export, import_cmd
from memstrata.cli.usage import use_plain_usage
from memstrata.cli.usage_errors import OneLineUsageErrors
from memstrata.integrations.hooks.commands import hooks_app


class CommandsGroup(OneLineUsageErrors, TyperGroup):
    """Every command, usage errors shown as one line (``cli.usage_errors``); its groups (``bench``,
    ``keys``, ``hooks``) too, so an error inside one of their commands names that command."""


app = typer.Typer(cls=CommandsGroup, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="memstrata: long-term memory for AI agents (embedded SQLite by default).")

#: Every command by name, in the order ``--help`` lists them (``cli.catalog.COMMANDS``).
COMMANDS: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("remember", remember), ("recall", recall), ("context", context_cmd), ("list", list_cmd),
    ("users", users_cmd), ("history", history), ("forget", forget), ("delete-project", delete_project),
    ("export", export), ("import", import_cmd), ("maintain", maintain), ("rollback", rollback), ("update", update),
    ("restore", restore), ("doctor", doctor), ("reembed", reembed), ("demo", demo), ("worker", worker),
    ("status", status), ("consolidate", consolidate), ("serve", serve_command), ("mcp", mcp_command),
    ("ui", ui_command),
)
for _name, _command in COMMANDS:
    app.command(_name)(_command)
# Groups list after the commands (typer adds them last, whatever the order here).
app.add_typer(bench_app, name="bench", cls=CommandsGroup)
app.add_typer(keys_app, name="keys", cls=CommandsGroup)
app.add_typer(hooks_app, name="hooks", cls=CommandsGroup)
use_plain_usage(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
