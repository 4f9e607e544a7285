"""The GIS benchmark's script keeps running (on a small coverage; the real one is timed by
benchmarks/run.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmark_scripts import load_script


def test_gis_benchmark_runs_on_a_small_coverage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gis = load_script("gis")
    monkeypatch.setattr(gis, "CACHE", tmp_path)
    monkeypatch.setattr(gis, "POLYGONS", 40)
    monkeypatch.setattr(gis, "VERTICES", 60)
    found = gis.bench(repeats=1, budget=20, tolerance_km=2.0)
    assert found["polygons"] == 40 and found["regions"] == 40
    assert found["vertices_after"] < found["vertices_before"]
    assert found["connections"] > 40
