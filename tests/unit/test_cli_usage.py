"""Every command's usage line names its arguments in capitals (``Usage: memstrata context [OPTIONS]
QUERY``), never typer's ``{query}``, which reads as a template left unfilled; the one-line error of a
refused command quotes the same usage line. The command line in process, through typer's ``CliRunner``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import typer.main

from clirun import cli
from memstrata.cli import commands


def _paths(group: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command's words (``("keys", "revoke")``), groups walked."""
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _paths(command, (*prefix, name))
        else:
            yield (*prefix, name)


def _usage(text: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith("Usage:"))


def test_every_usage_line_names_its_arguments_in_capitals() -> None:
    paths = list(_paths(typer.main.get_command(commands.app)))
    assert ("context",) in paths and ("keys", "revoke") in paths and ("hooks", "run") in paths
    usages = {}
    for words in paths:
        shown = cli(*words, "--help")
        assert shown.code == 0, (words, shown.err)
        usages[words] = _usage(shown.out)
    assert not [u for u in usages.values() if re.search(r"[{}]", u)], usages
    assert usages[("context",)].endswith(" context [OPTIONS] QUERY")
    assert usages[("keys", "revoke")].endswith(" keys revoke [OPTIONS] KEY_ID")
    assert usages[("export",)].endswith(" export [OPTIONS] [FOLDER]")


def test_a_refused_command_shows_the_same_usage_line() -> None:
    refused = cli("context")
    assert refused.code == 2 and len(refused.err.splitlines()) == 1, refused.err
    assert refused.err.startswith("error[usage]: ") and " context [OPTIONS] QUERY;" in refused.err, refused.err
