"""The docs pages name modules, files and constants that exist, so a move in the package shows here.

A page names code in backticks: a file (`text/visible.py`, `tests/golden/redaction.jsonl`), a
dotted name under the package (`memstrata.recall.outdated`, `memstrata.config.MAX_TTL_SECONDS`).
The changelog is left out: it records what the code was called when a figure was measured.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "memstrata"
PAGES = sorted(p for p in (REPO / "docs").glob("*.md") if p.name != "changelog.md")

FILE = re.compile(r"`((?:[a-z_0-9]+/)+[a-z_0-9]+\.(?:py|jsonl|json|md))`")
DOTTED = re.compile(r"`(memstrata(?:\.[A-Za-z_][A-Za-z_0-9]*)+)")


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module of the package, or an attribute reached from one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


def test_files_named_by_the_docs_exist() -> None:
    named = {(page.name, path) for page in PAGES for path in FILE.findall(page.read_text(encoding="utf-8"))}
    assert len(named) >= 15, sorted(named)
    missing = sorted(f"{page}: {path}" for page, path in named
                     if not any((root / path).exists() for root in (PACKAGE, REPO, REPO / "src")))
    assert not missing, f"docs name files that do not exist: {missing}"


def test_dotted_names_in_the_docs_resolve() -> None:
    named = {(page.name, name.rstrip(".")) for page in PAGES
             for name in DOTTED.findall(page.read_text(encoding="utf-8"))}
    assert len(named) >= 10, sorted(named)
    broken = sorted(f"{page}: {name}" for page, name in named if not resolves(name))
    assert not broken, f"docs name modules or attributes that do not exist: {broken}"
