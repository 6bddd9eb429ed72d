"""``bench perf --backend postgres`` shows the first search of each question apart from the rest."""

from __future__ import annotations

from rich.console import Console

from memstrata.bench.perf_postgres import _print_first_searches


def test_first_searches_are_shown_apart_from_the_later_ones() -> None:
    console = Console(record=True, width=200)
    lat = {"all": [120.0, 30.0, 90.0, 20.0, 25.0], "filtered": [40.0, 41.0, 39.0, 42.0, 38.0]}
    _print_first_searches(lat, {"all": [0, 2], "filtered": [0]}, console)
    text = console.export_text()
    assert "unfiltered: first search of each question (ms) 120, 90; the 3 later searches p50 25.0 / p95 29.5" in text
    assert "1% filter: first search of each question (ms) 40; the 4 later searches p50 40.0 / p95 41.9" in text
