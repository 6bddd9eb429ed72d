"""The one wording of a number argument or option that holds no number, for every command.

typer checks an ``int`` or ``float`` parameter before the command runs and answers a bad value
in its own words inside a usage box (``Invalid value for 'event': Input should be a valid
integer, unable to parse string as an integer``), where every other error of the CLI is one line
``error[invalid_input]: ...`` with exit status 2. ``refused_number`` words it the CLI's way:
what was expected, where (the option as typed, ``--limit``; the argument as the usage line names
it, ``EVENT``) and what was given. ``cli.usage.PlainUsageCommand`` calls it for every command, so
a new number parameter is covered without a line of its own. A number in range is then checked
by the SDK (``limit`` by ``arguments.check_limit``), in the SDK's words.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from typer.core import TyperArgument

from memstrata.arguments import refused
from memstrata.errors import InvalidInput

#: What each number type takes, in words (``limit`` errors say "a whole number" too).
NUMBER_WORDS: dict[type, str] = {int: "a whole number", float: "a number"}


def number_type(param: Any) -> type | None:
    """``int`` or ``float`` when typer reads ``param`` (a typer parameter) as that number, alone or
    optional (``int | None``); ``None`` for any other parameter."""
    annotation = param.type_descriptor.annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        numbers = [a for a in typing.get_args(annotation) if a in NUMBER_WORDS]
        return numbers[0] if len(numbers) == 1 else None
    return annotation if annotation in NUMBER_WORDS else None


def cli_name(param: Any) -> str:
    """How the command line names ``param``: an option by its long flag (``--limit``), an argument
    in capitals as the usage line shows it (``EVENT``, ``FACT_ID``)."""
    if isinstance(param, TyperArgument):
        return str(param.metavar or param.name).upper()
    return str(max(param.opts, key=len))


def wanted(kind: type, low: float | None, high: float | None) -> str:
    """What a number parameter takes, in words: ``"a whole number from 1 to 65535"``.

    >>> wanted(int, 1, 65535), wanted(float, None, None), wanted(int, 1, None)
    ('a whole number from 1 to 65535', 'a number', 'a whole number from 1 up')
    """
    words = NUMBER_WORDS[kind]
    if low is not None and high is not None:
        return f"{words} from {low} to {high}"
    if low is not None:
        return f"{words} from {low} up"
    return words if high is None else f"{words} up to {high}"


def given_words(raw: object) -> str:
    """The value a parameter was given, for the message: a number as written, an empty string
    named as such, anything else quoted (``'abc'``)."""
    if raw == "":
        return "an empty string"
    if isinstance(raw, str):
        try:
            float(raw)
        except ValueError:
            return repr(raw)
        return raw
    return repr(raw)


def refused_number(param: Any, raw: object) -> InvalidInput | None:
    """The error for number parameter ``param`` given ``raw`` (the text on the command line), or
    ``None`` when ``param`` is no number (its error stays typer's). ``field`` is the parameter's
    Python name (``limit``, ``event``), as ``details.field`` of ``--json`` gives it."""
    kind = number_type(param)
    if kind is None:
        return None
    info = param.type_descriptor.parameter_info
    return refused(str(param.name), f"{cli_name(param)} must be {wanted(kind, info.min, info.max)}, "
                                          f"got {given_words(raw)}")
