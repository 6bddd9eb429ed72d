"""The shell session shown in the README, on docs/cli.md, docs/getting-started.md and docs/privacy.md runs as
written and prints what those pages show: each ``$ memstrata ...`` line is run in-process on a fresh
database, a ``remember``'s output must be exactly the documented lines (the facts, values and
confidences), and every other documented line must come out, in order, with only what differs
from run to run masked (dates and times, a recall score, the receipt's hash and nonce). The pages
had shown ``京东（置信度 0.92）`` where the rule extractor says 0.90."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from clirun import cli

pytestmark = pytest.mark.usefixtures("embedder")  # in-process CLI uses the run's loaded model

REPO = Path(__file__).resolve().parents[2]
PAGES = ["README.md", "docs/cli.md", "docs/getting-started.md", "docs/privacy.md"]
CONSOLE = re.compile(r"```console\n(.+?)\n```", re.DOTALL)
#: What may differ between runs, each replaced by a fixed mark before lines are compared.
MASKS = [(re.compile(r"\d{4}-\d\d-\d\d"), "DATE"), (re.compile(r"\d\d:\d\d:\d\d"), "TIME"),
         (re.compile(r"^\[[01]\.\d\d\]"), "[SCORE]"), (re.compile(r"sha256 of deleted ids .*$"), "sha256 …")]


def _masked(line: str) -> str:
    line = line.strip()
    for pattern, mark in MASKS:
        line = pattern.sub(mark, line)
    return line


def _session(page: str) -> list[tuple[list[str], list[str]]]:
    """The page's console block that runs ``memstrata remember``: each command's arguments (without
    the leading ``memstrata``; a trailing ``# comment`` dropped) and the output lines shown under it."""
    blocks = [b for b in CONSOLE.findall((REPO / page).read_text(encoding="utf-8")) if "$ memstrata remember" in b]
    assert len(blocks) == 1, page
    steps: list[tuple[list[str], list[str]]] = []
    for line in blocks[0].splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:], comments=True)[1:], []))
        else:
            steps[-1][1].append(line)
    return steps


def _in_order(shown: list[str], printed: list[str]) -> bool:
    rest = iter(printed)
    return all(any(line == out for out in rest) for line in shown)


@pytest.mark.parametrize("page", PAGES)
def test_the_documented_shell_session_prints_what_the_page_shows(page: str, tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    for args, shown in _session(page):
        done = cli(*args, "--db", db)
        assert done.code == 0, (args, done.err)
        printed = [_masked(line) for line in done.out.splitlines() if line.strip()]
        wanted = [_masked(line) for line in shown]
        if args[0] == "remember":
            assert printed == wanted, (page, args)
        else:
            assert _in_order(wanted, printed), (page, args, printed)
