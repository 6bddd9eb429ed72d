"""A plain ``pip install memstrata`` has none of the extras: ``import memstrata`` and the CLI must
still load, and the server commands must say which extra to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
#: Top-level packages of the server and llm extras, absent on a plain install (pydantic is not
#: among them: typer 0.29, a core dependency, requires it).
EXTRAS = ("fastapi", "mcp", "uvicorn", "prometheus_client", "starlette", "httpx")

_BLOCKER = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {EXTRAS!r}:
            raise ImportError("not installed: " + name, name=name)
        return None
sys.meta_path.insert(0, Block())
sys.path.insert(0, {str(SRC)!r})
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _BLOCKER + code], capture_output=True, text=True, timeout=120)


def test_memstrata_and_its_cli_import_without_the_extras() -> None:
    run = _run("import memstrata, memstrata.cli; print(sorted(memstrata.__all__)[:2])")
    assert run.returncode == 0, run.stderr
    assert "AddResult" in run.stdout


def test_serve_without_the_server_extra_names_the_extra() -> None:
    run = _run("import sys; sys.argv = ['memstrata', 'serve']; from memstrata.cli import main; main()")
    assert run.returncode == 1
    assert "pip install -e '.[server]' in the memstrata source checkout" in run.stderr
    assert "pip install 'memstrata[server]'" not in run.stderr  # that name on PyPI is another project
