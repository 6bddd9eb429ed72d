"""Every environment variable memstrata reads is documented on one page, docs/configuration.md.

The page lists each variable in the first cell of a table row (one variable per row). The code's
side is every string constant that is a whole variable name (``MEMSTRATA_*``, and the Prometheus
client's ``PROMETHEUS_MULTIPROC_DIR``): adding a variable to ``Settings.from_env`` (or to any other
module, such as the coding-agent hooks, whose process does not load the engine) without the page
fails here, and so does a row for a variable nothing reads.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "memstrata"
DOC = REPO / "docs" / "configuration.md"

#: Where the engine's, the REST server's and the coding-agent hooks' settings read the environment.
CONFIG_MODULES = (PACKAGE / "config.py", PACKAGE / "server" / "config.py",
                  PACKAGE / "integrations" / "hooks" / "protocol.py")

VARIABLE = re.compile(r"^(?:MEMSTRATA|PROMETHEUS)_[A-Z0-9_]+$")
ROW = re.compile(r"^\| `([A-Z][A-Z0-9_]*)` \|", re.MULTILINE)


@functools.cache
def names_in(path: Path) -> frozenset[str]:
    """String constants of ``path`` that are exactly an environment variable's name (each file parsed
    once per test process: two tests here read every module of the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return frozenset(node.value for node in ast.walk(tree)
                     if isinstance(node, ast.Constant) and isinstance(node.value, str) and VARIABLE.match(node.value))


def documented() -> list[str]:
    """The variables of the page's table rows, in page order (repeats kept, to be caught)."""
    return ROW.findall(DOC.read_text(encoding="utf-8"))


def test_every_variable_the_config_modules_read_is_on_the_page() -> None:
    read = set().union(*(names_in(path) for path in CONFIG_MODULES))
    # the engine reads 30 and the server 8 today: a floor keeps this check from passing on nothing
    assert len(read) >= 38, sorted(read)
    missing = sorted(read - set(documented()))
    assert not missing, f"read by config.py but not listed in docs/configuration.md: {missing}"


def test_every_variable_on_the_page_is_read_by_the_code() -> None:
    read = set().union(*(names_in(path) for path in PACKAGE.rglob("*.py")))
    listed = documented()
    assert len(listed) >= 42, listed
    stale = sorted(set(listed) - read)
    assert not stale, f"docs/configuration.md lists variables no module reads: {stale}"


def test_each_variable_has_one_row() -> None:
    listed = documented()
    repeated = sorted({name for name in listed if listed.count(name) > 1})
    assert not repeated, f"listed in more than one row of docs/configuration.md: {repeated}"


def test_no_module_names_a_variable_the_page_does_not_list() -> None:
    """A variable read (or set for a child process) anywhere in the package is on the page too."""
    listed = set(documented())
    elsewhere = {f"{path.relative_to(PACKAGE)}: {name}" for path in sorted(PACKAGE.rglob("*.py"))
                 for name in names_in(path) - listed}
    assert not elsewhere, f"not listed in docs/configuration.md: {sorted(elsewhere)}"
