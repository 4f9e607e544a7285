"""The issue-report benchmark keeps running (``benchmarks/issues.py``): it breaks a
generated map everywhere and times the report of every issue (never asserted here)."""

from __future__ import annotations

from pathlib import Path

from schemas.generator import generate_scenario
from schemas.io import save
from tests.benchmark_scripts import load_script


def test_the_issue_report_measure_runs_on_a_small_map(tmp_path: Path) -> None:
    issues_bench = load_script("issues")
    source = tmp_path / "small.json"
    save(generate_scenario(150, 2), source)
    found = issues_bench.bench(source, repeats=1)
    # Every region id, area, connection end and unit type broken: several issues a region.
    assert found["issues"] > 3 * 150
    assert {"validation_s", "locate_s", "report_s", "json_report_s"} <= found.keys()
