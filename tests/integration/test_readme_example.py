"""The README's Python example runs as written and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_supersedes_ups_and_forgets_alice(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.+?)\n```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1, "the README has one Python example"
    monkeypatch.chdir(tmp_path)  # the example opens memory.db in the working directory
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], str(README), "exec"), {"__name__": "readme_example"})
    lines = out.getvalue().splitlines()
    assert "UPS superseded ['create', 'supersede']" in lines
    assert "FedEx active ['create']" in lines
    assert any(line.startswith("- is allergic to peanuts") for line in lines)  # the context block
    # The first message's hit for the carrier is outdated in its UPS sentence only: the allergy holds.
    assert any(line.endswith("outdated: ('I prefer UPS for delivery.',)") for line in lines), lines
    counts = next(line for line in lines if line.startswith("{'episodes'"))
    assert counts.startswith("{'episodes': 2, ")
    assert (tmp_path / "memory.db").exists()
