"""The operational LOC benchmark keeps running (on a small map; the real one is timed by
benchmarks/run.py), and its scenario is a valid order of battle whose trace reaches every
unit of the side."""

from __future__ import annotations

from tests.benchmark_scripts import load_script


def test_the_loc_benchmark_runs_on_a_small_map() -> None:
    found = load_script("operational_loc").bench(repeats=1, columns=30, rows=27, units=80)
    assert found["hexes"] == 810 and found["units"] == 80 and found["hqs"] == 26
    assert sum(found["states"].values()) == 40  # every red unit and HQ has a state
    assert found["states"]["supported"] > 0
