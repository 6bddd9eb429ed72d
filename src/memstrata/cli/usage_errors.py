"""Usage errors (an unknown option, a missing argument, an unknown command, a bad value click
refuses) in the CLI's one error shape: ``error[usage]: message`` on stderr, exit status 2.

typer shows a usage error as a rich box of several lines (``Usage: ...``, ``Try ...``, a frame
around ``No such option: --bogus``), which a script reading stderr, or ``--json``'s caller
expecting the REST error body, cannot take. ``OneLineUsageErrors`` is mixed into the root group
(``cli.launcher``, and ``cli.commands.app`` for in-process runs): every usage error of any
command below it passes through the root's ``make_context`` or ``invoke`` and is printed here as
one line naming the message, the usage line and the help to read. ``memstrata`` and ``memstrata
bench`` alone still print their help (click's ``NoArgsIsHelpError``, also a usage error).

Standard library, typer and (on an error only) rich: ``cli.launcher`` loads this module for
``--help``, which must not import the engine.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

# typer carries its own copy of click; its exceptions are only public under this path.
from typer._click.exceptions import NoArgsIsHelpError, NoSuchOption, UsageError

#: The ``code`` of a usage error, in ``error[usage]`` and in the ``--json`` body's ``error.code``.
CODE = "usage"


def usage_message(exc: UsageError) -> str:
    """``exc`` as one line: click's message, then the command's usage line and where its help is,
    e.g. ``No such option: --bogus (Possible options: --org, --user); usage: memstrata recall
    [OPTIONS] QUERY; see memstrata recall --help``. Newlines in the message become spaces."""
    message = " ".join(exc.format_message().split())
    if exc.ctx is None:
        return message
    usage = " ".join(exc.ctx.get_usage().split())
    usage = usage[len("Usage: "):] if usage.startswith("Usage: ") else usage
    return f"{message.rstrip('.')}; usage: {usage}; see {exc.ctx.command_path} --help"


def usage_details(exc: UsageError) -> dict[str, Any]:
    """``details`` of the ``--json`` body: the command (``memstrata recall``), the option not
    known (``option``) or the parameter refused (``field``, its name), when click says which."""
    details: dict[str, Any] = {}
    if exc.ctx is not None:
        details["command"] = exc.ctx.command_path
    if isinstance(exc, NoSuchOption):
        details["option"] = exc.option_name
    param = getattr(exc, "param", None)
    if param is not None and param.name:
        details["field"] = param.name
    return details


def show_usage_error(exc: UsageError) -> int:
    """Print ``exc`` as ``error[usage]: message`` on stderr, one line (with ``--json`` on the
    command line: the REST body ``{"error": {"code": "usage", "message", "details"}}``), and
    return the exit status, 2."""
    message = usage_message(exc)
    if "--json" in sys.argv[1:]:
        body = {"error": {"code": CODE, "message": message, "details": usage_details(exc)}}
        sys.stderr.write(json.dumps(body, ensure_ascii=False) + "\n")
    else:
        Console(stderr=True, emoji=False, soft_wrap=True).print(
            f"[red]error\\[{CODE}][/]: {escape(message)}", highlight=False)
    return 2


@contextmanager
def one_line_usage_errors() -> Iterator[None]:
    """Turn a usage error raised inside into the one line of ``show_usage_error`` and exit 2;
    ``NoArgsIsHelpError`` (a group run with no command prints its help) passes through."""
    try:
        yield
    except NoArgsIsHelpError:
        raise
    except UsageError as exc:
        raise typer.Exit(show_usage_error(exc)) from None


class OneLineUsageErrors:
    """Mixin for the root group (before ``TyperGroup`` in the bases): its own parsing and every
    command it runs show usage errors as one line (``one_line_usage_errors``)."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        with one_line_usage_errors():
            return super().make_context(info_name, args, parent=parent, **extra)  # type: ignore[misc]

    def invoke(self, ctx: Any) -> Any:
        with one_line_usage_errors():
            return super().invoke(ctx)  # type: ignore[misc]
