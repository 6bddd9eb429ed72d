"""Usage errors (an unknown option, a missing argument, an unknown command, a bad value click
refuses) in the CLI's one error shape: ``error[usage]: message`` on stderr, exit status 2.

typer shows a usage error as a rich box of several lines (``Usage: ...``, ``Try ...``, a frame
around ``No such option: --bogus``), which a script reading stderr, or ``--json``'s caller
expecting the REST error body, cannot take. ``OneLineUsageErrors`` is mixed into the root group
(``cli.launcher``, and ``cli.commands.app`` for in-process runs) and its groups: every usage error
of any command below it passes through a group's ``make_context`` or ``invoke`` and is printed here as
one line naming the message, the usage line and the help to read. ``memstrata`` and ``memstrata
bench`` alone still print their help (click's ``NoArgsIsHelpError``, also a usage error).

click's hint for an unknown option compared the whole option strings ``--bogus`` and ``--org``,
whose common ``--`` made any short option look close: ``memstrata list --bogus`` and ``memstrata
recall --bogus`` both offered ``--org, --user``, options every command shares, sorted by name.
``option_hint`` compares the names without their dashes and names the command's own options:
the close ones, closest first (``--state``: did you mean ``--status``?), else all of them, closest
first, before the options every command shares. An option missing its value (``memstrata list
--limit``) is raised by click's parser with no command context; the group that ran the command
gives it one (``command_context``), so its line ends with the same usage and help as the others.

Standard library, typer and (on an error only) rich: ``cli.launcher`` loads this module for
``--help``, which must not import the engine.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import typing
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
#: The options of ``cli.options`` that (nearly) every command takes: named after a command's own.
SHARED = ("--db", "--user", "--agent", "--session", "--org", "--project", "--json")
#: ``difflib.get_close_matches``'s default cutoff (click's too), over names without dashes.
CLOSE = 0.6
#: At most this many close options are offered.
MOST = 3


def _name(option: str) -> str:
    return option.lstrip("-").replace("_", "-").lower()


def closeness(typed: str, option: str) -> float:
    """How close the unknown ``typed`` option is to ``option``, in [0, 1]: ``difflib``'s ratio of
    their names without leading dashes (with and without inner ones: ``--asof`` is ``--as-of``),
    1.0 when one name starts the other (``--lim`` / ``--limit``, ``--user-id`` / ``--user``)."""
    a, b = _name(typed), _name(option)
    if a and b and (a.startswith(b) or b.startswith(a)):
        return 1.0
    return max(difflib.SequenceMatcher(None, a, b).ratio(),
               difflib.SequenceMatcher(None, a.replace("-", ""), b.replace("-", "")).ratio())


def negative_number_hint(typed: str, ctx: Any) -> str:
    """The hint for a negative number the command line read as an option (``memstrata restore -1``: click
    takes any word starting with ``-`` for one): it was meant as the command's argument, which ``--`` passes
    as such; an id is never below 1 anyway. ``""`` when ``typed`` is no number or the command takes no
    argument (the option list is the hint then).

    >>> negative_number_hint("--limit", None)
    ''
    """
    if not re.fullmatch(r"-\d+(?:\.\d+)?", typed):
        return ""
    arguments = [p for p in ctx.command.params if getattr(p, "param_type_name", "") == "argument"]
    if not arguments:
        return ""
    name = str(arguments[0].metavar or arguments[0].name).upper()
    annotation = getattr(getattr(arguments[0], "type_descriptor", None), "annotation", None)
    whole = annotation is int or int in typing.get_args(annotation)  # an id: FACT, EVENT, FACT_ID
    return (f"a negative number reads as an option; to give it as {name}, put it last, after --: "
            f"{ctx.command_path} [OPTIONS] -- {typed}" + ("; ids start at 1" if whole else ""))


def option_hint(typed: str, ctx: Any) -> str:
    """The hint after ``No such option: TYPED`` for the command of ``ctx``: ``did you mean --status?``
    (its options at least ``CLOSE``, closest first, at most ``MOST``), else ``memstrata list takes
    --key, --kind, ...; and --db, --user, ...`` (its own options closest first, then the shared
    ones it takes); ``""`` for a command without options."""
    negative = negative_number_hint(typed, ctx)
    if negative:
        return negative
    options = [o for p in ctx.command.params if not getattr(p, "hidden", False)
               for o in getattr(p, "opts", ()) if o.startswith("--")]
    ranked = sorted(options, key=lambda o: -closeness(typed, o))  # stable: declaration order on ties
    close = [o for o in ranked if closeness(typed, o) >= CLOSE][:MOST]
    if close:
        return "did you mean " + (f"{', '.join(close[:-1])} or {close[-1]}" if len(close) > 1 else close[0]) + "?"
    own, shared = [o for o in ranked if o not in SHARED], [o for o in options if o in SHARED]
    listed = "; and ".join(", ".join(group) for group in (own, shared) if group)
    return f"{ctx.command_path} takes {listed}" if listed else ""


def command_context(group: Any, ctx: Any) -> Any:
    """A context of the command the group of ``ctx`` was running (``ctx.invoked_subcommand``), for
    a usage error raised without one (click's parser: ``Option '--limit' requires an argument``):
    enough for its usage line and path. ``None`` before a command was chosen."""
    name = ctx.invoked_subcommand
    command = group.get_command(ctx, name) if name else None
    return None if command is None else command.context_class(command, info_name=name, parent=ctx)


def usage_message(exc: UsageError) -> str:
    """``exc`` as one line: click's message, then the command's usage line and where its help is,
    e.g. ``No such option: --limt (did you mean --limit?); usage: memstrata recall [OPTIONS] QUERY;
    see memstrata recall --help`` (an unknown option's hint: ``option_hint``). Newlines in the
    message become spaces."""
    if isinstance(exc, NoSuchOption) and exc.ctx is not None:
        hint = option_hint(exc.option_name, exc.ctx)
        message = " ".join(f"{exc.message} ({hint})".split()) if hint else " ".join(exc.message.split())
    else:
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
def one_line_usage_errors(group: Any = None, ctx: Any = None) -> Iterator[None]:
    """Turn a usage error raised inside into the one line of ``show_usage_error`` and exit 2;
    ``NoArgsIsHelpError`` (a group run with no command prints its help) passes through. One
    raised without a context, while ``group`` ran a command in ``ctx``, gets that command's
    (``command_context``)."""
    try:
        yield
    except NoArgsIsHelpError:
        raise
    except UsageError as exc:
        if exc.ctx is None and ctx is not None:
            exc.ctx = command_context(group, ctx)
        raise typer.Exit(show_usage_error(exc)) from None


class OneLineUsageErrors:
    """Mixin for the root group and its groups (before ``TyperGroup`` in the bases): its own
    parsing and every command it runs show usage errors as one line (``one_line_usage_errors``)."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        with one_line_usage_errors():
            return super().make_context(info_name, args, parent=parent, **extra)  # type: ignore[misc]

    def invoke(self, ctx: Any) -> Any:
        with one_line_usage_errors(self, ctx):
            return super().invoke(ctx)  # type: ignore[misc]
