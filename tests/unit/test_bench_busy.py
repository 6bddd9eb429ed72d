"""The busy cores of ``bench perf --busy-cores`` and the yardstick printed beside their ratio."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from memstrata.bench.busy import busy_cores, yardstick_ms
from memstrata.errors import InvalidInput


def test_busy_cores_spin_for_the_body_and_stop_after_it() -> None:
    with busy_cores(2, max_s=60) as procs:
        assert len(procs) == 2
        assert all(p.poll() is None for p in procs)  # still spinning
    assert all(p.poll() is not None for p in procs)
    with busy_cores(0) as none:
        assert none == []
    with pytest.raises(InvalidInput, match="--busy-cores"), busy_cores(-1):
        pass


def test_more_busy_cores_than_the_machine_has_are_refused_before_any_starts() -> None:
    cores = os.cpu_count() or 1
    with pytest.raises(InvalidInput, match=f"--busy-cores must be 0 to {cores} .* got {cores + 1}"), \
            busy_cores(cores + 1):
        pass


def test_the_yardstick_is_a_median_of_milliseconds() -> None:
    one = yardstick_ms(reps=5)
    assert math.isfinite(one) and 0 < one < 1_000


def test_the_locomo_rows_say_how_many_conversations_were_timed(tmp_path: Path) -> None:
    # The shipped file holds one conversation (conv-30): asked for two, the row said "2
    # conversations" over conv-30's 369 turns and 105 questions. A file of one short conversation
    # asked for two is the same case, without timing conv-30's 210 searches and 369-turn import.
    from memstrata.bench.busy import locomo_latency
    turns = [{"speaker": s, "dia_id": f"D1:{n + 1}", "text": t} for n, (s, t) in enumerate(
        [("Ann", "I adopted a dog named Rex."), ("Bob", "I moved to Lyon last spring."),
         ("Ann", "Rex loves the beach.")])]
    one = [{"sample_id": "c1", "conversation": {"speaker_a": "Ann", "speaker_b": "Bob", "session_1": turns,
                                                "session_1_date_time": "1:56 pm on 8 May, 2023"},
            "qa": [{"question": "What is the dog called?", "answer": "Rex", "evidence": ["D1:1"], "category": 4},
                   {"question": "Where did Bob move?", "answer": "Lyon", "evidence": ["D1:2"], "category": 4}]}]
    data = tmp_path / "locomo10.json"
    data.write_text(json.dumps(one), encoding="utf-8")
    row = locomo_latency(data, conversations=2)
    assert (row["conversations"], row["questions"], row["turns"]) == (1, 2, 3)
