"""GIS import benchmark (issue 17): 5,000 real-sized polygons (about 500 vertices each) read
from a GeoPackage in longitude and latitude, projected, simplified as a coverage and turned
into regions with their connections.

Run alone: ``.venv/bin/python benchmarks/gis.py`` (prints JSON), or through ``run.py``.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyogrio.raw
import shapely

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / ".cache"
sys.path.insert(0, str(ROOT))

from schemas.gis import ImportOptions, Progress, import_layer, read_layer  # noqa: E402
from schemas.gis.regions import plan_regions, prepare  # noqa: E402
from schemas.starter import new_scenario  # noqa: E402

POLYGONS = 5000
VERTICES = 500


def coverage(count: int | None = None, per_region: int | None = None, seed: int = 1) -> np.ndarray:
    """A valid coverage of ``count`` Voronoi cells over 10 x 6 degrees of central Europe, their
    borders cut into short wavy steps so that each cell has about ``per_region`` vertices
    (neighbours share the very same points, as in survey data)."""
    count, per_region = count or POLYGONS, per_region or VERTICES
    rng = np.random.default_rng(seed)
    frame = shapely.box(2, 44, 12, 50)
    seeds = shapely.multipoints(rng.uniform([2, 44], [12, 50], (count, 2)))
    cells = shapely.get_parts(shapely.voronoi_polygons(seeds, extend_to=frame))
    cells = shapely.intersection(cells, frame)
    step = float(shapely.length(cells).mean()) / per_region
    dense = shapely.segmentize(cells, step)
    coords = np.round(shapely.get_coordinates(dense), 9)
    k = 2 * np.pi / (step * 6)
    wave = 0.5 / k * np.column_stack([np.sin(k * coords[:, 1]), np.sin(1.3 * k * coords[:, 0])])
    return shapely.set_coordinates(dense, coords + wave)


def source_file() -> Path:
    path = CACHE / f"gis-{POLYGONS}x{VERTICES}.gpkg"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        cells = coverage()
        names = np.asarray([f"Commune {i}" for i in range(len(cells))], dtype=object)
        pyogrio.raw.write(
            path,
            shapely.to_wkb(cells),
            [names],
            ["name"],
            driver="GPKG",
            geometry_type="Polygon",
            crs="EPSG:4326",
        )
    return path


def timed(work: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def bench(repeats: int = 3, budget: int = 50, tolerance_km: float = 0.1) -> dict[str, Any]:
    """Best-of timings of a whole import to a vertex budget (a game map's level of detail), of
    its stages, and of the geometry alone at a tolerance."""
    path = source_file()
    scenario = new_scenario("Benchmark")
    options = ImportOptions(simplify_vertices=budget)
    best: dict[str, float] = {}
    stages: dict[str, float] = {}
    result = None
    for _ in range(repeats):
        times, marks, result = _one_import(path, scenario, options)
        if times["whole"] < best.get("whole", float("inf")):
            best = times
            stages = _stages(marks, times["started"] + times["read"], times["ended"])
    assert result is not None and result.prepared is not None
    prepared = result.prepared
    layer = read_layer(path)
    by_tolerance = ImportOptions(simplify_km=tolerance_km)
    tolerance_s = min(
        timed(lambda: prepare(layer, by_tolerance))[0] for _ in range(max(1, repeats - 1))
    )
    geometry = prepare(layer, options)
    plan_s = timed(lambda: plan_regions(geometry, layer, scenario, options.fields))[0]
    return {
        "polygons": len(layer),
        "vertices_before": prepared.vertices_before,
        "vertices_after": prepared.vertices_after,
        "budget": budget,
        "tolerance_km": tolerance_km,
        "whole_s": best["whole"],
        "whole_cpu_s": best["cpu"],
        "load_average": os.getloadavg()[0],
        "read_s": best["read"],
        "import_s": best["import"],
        "stages_s": stages,
        "plan_regions_s": plan_s,
        "tolerance_prepare_s": tolerance_s,
        "regions": len(result.scenario.regions),
        "connections": len(result.scenario.connections),
    }


def _one_import(path: Path, scenario: Any, options: ImportOptions) -> tuple[Any, Any, Any]:
    """Timings of one whole import, the progress reports with their times, and the result."""
    marks: list[tuple[str, float]] = []
    progress = Progress(lambda text, _: marks.append((text, time.perf_counter())))
    started, cpu = time.perf_counter(), time.process_time()
    read_s, layer = timed(lambda: read_layer(path))
    import_s, result = timed(lambda: import_layer(layer, scenario, options, progress))
    times = {
        "whole": read_s + import_s,
        "read": read_s,
        "import": import_s,
        "cpu": time.process_time() - cpu,
        "started": started,
        "ended": time.perf_counter(),
    }
    return times, marks, result


def _stages(marks: list[tuple[str, float]], start: float, end: float) -> dict[str, float]:
    """Seconds between progress reports, named by the report that opened each stretch."""
    out: dict[str, float] = {}
    points = [("(reading)", start), *marks, ("(regions and connections)", end)]
    for (name, at), (_, until) in itertools.pairwise(points):
        key = name.split(" (")[0] if name.startswith("Simplifying") else name
        out[key] = out.get(key, 0.0) + until - at
    return {k: round(v, 3) for k, v in out.items()}


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))
