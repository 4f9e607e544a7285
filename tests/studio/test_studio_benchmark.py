"""The studio's benchmark keeps running: its live-validation measure drives the incremental
validator the way the budget is measured (``benchmarks/studio.py``)."""

from __future__ import annotations

from schemas.generator import generate_scenario
from tests.benchmark_scripts import load_script


def test_the_live_validation_measure_runs_every_typical_edit() -> None:
    studio_bench = load_script("studio")
    found = studio_bench.bench_validation(generate_scenario(120, 3), 1)
    assert "delete a region" in found["edits_ms"] and len(found["edits_ms"]) >= 8
    assert found["table_issues"] > 0  # the terrain-domain edit floods the map with issues
