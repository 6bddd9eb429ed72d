"""The usage line of every command: arguments named as click and manual pages name them.

typer 0.29 writes a required argument as ``{query}`` in the usage line (``Usage: memstrata
context [OPTIONS] {query}``), which reads as a template left unfilled. Every command here gets
``PlainUsageCommand`` instead: ``Usage: memstrata context [OPTIONS] QUERY``, an optional argument
as ``[PATH]``, a repeated one with ``...``. The help's argument table is typer's own.

The same class answers a number parameter given no number (``memstrata rollback ""``,
``--limit abc``) in the CLI's one error shape (``cli.numbers``) instead of typer's usage box; the
other usage errors (a missing argument, an unknown option) are ``error[usage]: ...``
(``cli.usage_errors``). (typer carries its own
copy of click, so the classes come from ``typer.core``.)
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand

from memstrata.cli.numbers import refused_number
from memstrata.cli.session import show_error


def usage_name(name: str, *, required: bool, many: bool) -> str:
    """An argument in a usage line: its name in capitals, in ``[...]`` when optional, ``...``
    after it when it takes several values.

    >>> usage_name("query", required=True, many=False)
    'QUERY'
    >>> usage_name("paths", required=False, many=True)
    '[PATHS]...'
    """
    shown = name.upper() if required else f"[{name.upper()}]"
    return shown + ("..." if many else "")


class PlainUsageCommand(TyperCommand):
    """A typer command whose usage line names its arguments with ``usage_name`` and whose number
    parameters refuse a non-number in the CLI's error shape (``cli.numbers``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """typer's parsing; a number parameter given no number is ``error[invalid_input]: ...``
        on stderr and exit status 2 (``session.show_error``), naming it and the text given."""
        given = list(args)  # the parser consumes ``args``; the text given is read again from this copy
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as exc:
            if exc.param is None or exc.param.name is None:
                raise
            refused = refused_number(exc.param, self.make_parser(ctx).parse_args(args=given)[0].get(exc.param.name))
            if refused is None:
                raise
        raise typer.Exit(show_error(refused))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """``[OPTIONS]`` and each argument as ``usage_name`` gives it (``ctx``: the command's
        context, of the click that typer carries inside it)."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                pieces.append(usage_name(param.metavar or param.name or "argument", required=param.required,
                                         many=param.nargs != 1))
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


def use_plain_usage(app: typer.Typer) -> None:
    """Make every command of ``app`` and of its groups, at any depth, a ``PlainUsageCommand``
    (a command that names a class of its own keeps it). Call once every command is registered."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # typer fills in TyperCommand when none is named
            info.cls = PlainUsageCommand
    for group in app.registered_groups:
        if group.typer_instance is not None:
            use_plain_usage(group.typer_instance)
