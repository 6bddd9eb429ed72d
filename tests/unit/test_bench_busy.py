"""The busy cores of ``bench perf --busy-cores`` and the yardstick printed beside their ratio."""

from __future__ import annotations

import math
import os

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


def test_the_locomo_rows_say_how_many_conversations_were_timed() -> None:
    # The shipped file holds one conversation (conv-30): asked for two, the row said "2
    # conversations" over conv-30's 369 turns and 105 questions.
    from memstrata.bench.busy import locomo_latency
    from memstrata.bench.perf import _locomo_file
    shipped = _locomo_file(None)
    if shipped.name != "locomo-conv-30.json":
        pytest.skip("the team's LoCoMo file is beside this checkout")
    row = locomo_latency(shipped, conversations=2)
    assert (row["conversations"], row["questions"], row["turns"]) == (1, 105, 369)
