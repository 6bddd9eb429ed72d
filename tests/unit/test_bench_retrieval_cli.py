"""``memstrata bench retrieval`` as a user runs it: what it prints beside the tables."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tests.clirun import cli


def _tiny_locomo(path: Path) -> Path:
    """One LoCoMo-shaped conversation of four turns and one question whose evidence is turn D1:2."""
    turns = ["Hi Bob, how was the weekend?", "I adopted a dog named Rex.", "Nice! What breed?", "A beagle."]
    conv = {"speaker_a": "Ann", "speaker_b": "Bob", "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [{"speaker": "Ann" if n % 2 == 0 else "Bob", "dia_id": f"D1:{n + 1}", "text": t}
                          for n, t in enumerate(turns)]}
    qa = [{"question": "What is the name of Bob's dog?", "answer": "Rex", "evidence": ["D1:2"], "category": 1}]
    path.write_text(json.dumps([{"sample_id": "tiny-1", "conversation": conv, "qa": qa}]), encoding="utf-8")
    return path


def test_without_matplotlib_the_no_plot_hint_names_the_bench_extra(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # rich read "[bench]" in the hint as a markup tag and dropped it: the hint said "pip install -e '.'",
    # a command that installs no matplotlib
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # no matplotlib, as in a plain or test install
    data = _tiny_locomo(tmp_path / "locomo-tiny.json")
    run = cli("bench", "retrieval", "--dataset", "locomo", "--data", data, "--retriever", "bm25",
              "--variant", "normal", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    assert "pip install -e '.[bench]'" in run.err
    assert (tmp_path / "out" / "retrieval-locomo.json").is_file()
