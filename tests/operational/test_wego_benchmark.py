"""The operational WEGO execution benchmark keeps running (on a small map; the budget itself,
300 units on 3,000 hexes in 0.5 s, is timed by benchmarks/run.py --only operational)."""

from __future__ import annotations

from tests.benchmark_scripts import load_script


def test_the_execution_benchmark_runs_a_busy_turn_on_a_small_map() -> None:
    found = load_script("operational_wego").bench(repeats=1, columns=16, rows=12, units=60)
    assert found["hexes"] == 192 and found["units"] == 60
    assert found["orders"] > 0 and found["steps"] > 0 and found["ticks"] > 0
    assert found["battles"] > 0  # the armies touch: the timed turn includes battles
