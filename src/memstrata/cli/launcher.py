"""The ``memstrata`` console script: lists the commands from ``cli.catalog`` and loads
``cli.commands`` (the engine, numpy, the benchmarks) only when a command runs.

``memstrata --help`` is what a new user types first, and a coding-agent hook may run
``memstrata`` on every prompt: neither should pay for importing the whole engine to print a
list. The root command is a typer group whose listing comes from the catalog; asked for a
command by name (to run it, or for ``memstrata remember --help``), it loads the real one from
``cli.commands``, whose typer application stays the one source of every command. Loading it by
name (``importlib``) is the lazy-loading pattern click documents for large command sets.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

from memstrata.cli.catalog import COMMANDS, HELP
from memstrata.cli.usage_errors import OneLineUsageErrors

#: The module whose typer application holds every command.
COMMANDS_MODULE = "memstrata.cli.commands"


def full_group() -> TyperGroup:
    """Every command, as click sees them (imports ``cli.commands``)."""
    group = typer.main.get_command(importlib.import_module(COMMANDS_MODULE).app)
    assert isinstance(group, TyperGroup)
    return group


class Launcher(OneLineUsageErrors, TyperGroup):
    """The root group: the catalog for its own help, the real commands for everything else;
    usage errors as one line (``cli.usage_errors``)."""

    listing = False

    # ``ctx`` and ``formatter`` are typer's own click types (``typer._click``, not public).
    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if self.listing and cmd_name in COMMANDS:
            return TyperCommand(cmd_name, help=COMMANDS[cmd_name])
        return full_group().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


launcher = typer.Typer(cls=Launcher, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                       help=HELP)


def _print_version(asked: bool) -> None:
    """``memstrata --version``: print ``memstrata 0.1.0`` (the installed package's version) and
    exit 0, before any command is looked for."""
    if asked:  # the installed distribution's version (pyproject), read without importing the engine
        typer.echo(f"memstrata {importlib.metadata.version('memstrata')}")
        raise typer.Exit()


@launcher.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                                help="Print the version and exit.")] = False) -> None:
    """The root does nothing itself; its commands are in ``cli.commands``."""


def main(*args: Any, **kwargs: Any) -> Any:
    """Console-script entry point (``memstrata = memstrata.cli:main``)."""
    return launcher(*args, **kwargs)
