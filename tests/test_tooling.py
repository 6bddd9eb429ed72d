"""Strict tooling is part of the test run: ruff on code and tests, mypy --strict on the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests"], cwd=REPO,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_finds_nothing() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
