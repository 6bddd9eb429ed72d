"""Every number argument and option of every ``memstrata`` command, given a blank or something
that is not a number, is refused in the CLI's one error shape: ``error[invalid_input]: --limit
must be a whole number, got 'abc'`` on stderr (naming the option as typed, or the argument as the
usage line names it), exit status 2, the REST body with ``--json``. Before, typer answered in its
own words inside a usage box (``Invalid value for 'event': Input should be a valid integer, unable
to parse string as an integer``), unlike every other error of the CLI. The CLI in process
(``clirun``), on the real command set."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import typer.main
from typer.core import TyperArgument, TyperGroup

from clirun import cli
from memstrata.cli import commands


def _number_params(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """``(command path, param)`` for every int or float parameter of every command, at any depth."""
    for name, command in sorted(group.commands.items()):
        if isinstance(command, TyperGroup):
            yield from _number_params(command, (*path, name))
            continue
        for param in command.params:
            annotation = param.type_descriptor.annotation
            if annotation in (int, float) or set(getattr(annotation, "__args__", ())) & {int, float}:
                yield (*path, name), param


NUMBERS = list(_number_params(typer.main.get_command(commands.app)))


def _refusal(args: list[str]) -> str:
    run = cli(*args)
    assert run.code == 2, (args, run.out, run.err)
    return " ".join(run.err.split())


@pytest.mark.parametrize(("args", "said"), [
    (["rollback", ""], "EVENT must be a whole number from 1 up, got an empty string"),
    (["list", "--limit", "abc"], "--limit must be a whole number, got 'abc'"),
    (["recall", "carrier", "-k", "1.5"], "--limit must be a whole number, got 1.5"),
    (["history", "x1"], "FACT_ID must be a whole number from 1 up, got 'x1'"),
    (["forget", "--fact", " "], "--fact must be a whole number from 1 up, got ' '"),
    (["update", "3", "--importance", "high"], "--importance must be a number, got 'high'"),
    (["remember", "hi", "--ttl", "soon"], "--ttl must be a number, got 'soon'"),
    (["serve", "--port", "70000"], "--port must be a whole number from 1 to 65535, got 70000"),
    (["ui", "--port", "0"], "--port must be a whole number from 1 to 65535, got 0"),
])
def test_a_number_argument_or_option_is_refused_in_the_clis_words(args: list[str], said: str) -> None:
    assert _refusal(args) == f"error[invalid_input]: {said}"


def test_json_gives_the_rest_body_naming_the_field() -> None:
    run = cli("list", "--limit", "abc", "--json")
    assert run.code == 2 and run.out == ""
    assert json.loads(run.err) == {"error": {"code": "invalid_input", "message": "--limit must be a whole number, "
                                             "got 'abc'", "details": {"field": "limit"}}}


@pytest.mark.parametrize(("path", "param"), NUMBERS, ids=[f"{' '.join(p)} {q.name}" for p, q in NUMBERS])
def test_every_number_parameter_of_every_command_is_refused_alike(path: tuple[str, ...], param: Any) -> None:
    if isinstance(param, TyperArgument):
        named, args = param.name.upper(), [*path, "not-a-number"]
    else:
        named = max(param.opts, key=len)
        args = [*path, named, "not-a-number"]
    said = _refusal(args)
    assert said.startswith(f"error[invalid_input]: {named} must be "), said
    assert said.endswith("number, got 'not-a-number'") or "from" in said, said


def test_the_walk_reaches_the_commands_numbers() -> None:
    found = {(" ".join(path), param.name) for path, param in NUMBERS}
    assert {("rollback", "event"), ("list", "limit"), ("recall", "limit"), ("history", "fact_id"),
            ("update", "importance"), ("serve", "port"), ("bench perf", "queries")} <= found
    assert len(found) >= 30, sorted(found)
