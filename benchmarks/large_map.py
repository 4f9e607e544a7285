"""The large-map budgets of issue 10, measured in one run:

    .venv/bin/python benchmarks/run.py --only large-map

Opening a generated 10,000-region map in the studio (2 s) and a 30,000-region one (5 s) from a
fresh process; a vertex dragged at 10,000 (each mouse move 5 ms, the release 40 ms); a cost
typed into the terrain table at 10,000 (20 ms on the UI thread); live validation after one edit
at 30,000 (100 ms); the studio's memory holding the 30,000-region map (800 MiB).

The issue's budgets are absolute, set on a quiet machine. On the shared machine where Salient
is built, several engineers' test runs make wall times swing threefold, so each time is also
compared with a floor measured in the same run: the validation baseline of
:mod:`benchmarks.run` (parse the 10,000-region file, build its polygons, one STRtree query),
which took :data:`QUIET_FLOOR_S` on the quiet machine. A budget of 2 s is then 2 / 0.2 = 10
floors, whatever the load. Times on the UI thread are its CPU time (``time.thread_time``)
when the machine is busy (:func:`benchmarks.timing.as_met`). Memory is compared as it is.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import busy, load_average  # noqa: E402

QUIET_FLOOR_S = 0.2
"""The floor (see the module's text) on the 2-core machine with nothing else running: 180 to
230 ms on 2026-11-21."""

BUDGETS = {
    "open_10000_s": 2.0,
    "open_30000_s": 5.0,
    "move_ms": 5.0,
    "release_ms": 40.0,
    "table_ms": 20.0,
    "validation_30000_ms": 100.0,
    "memory_30000_mib": 800.0,
}
"""The issue's budgets, as it states them."""


def floor(text: str, repeats: int) -> dict[str, float]:
    """The floor, in seconds of wall time and of CPU time, each the best of ``repeats``
    (see :func:`benchmarks.run.baseline`)."""
    from benchmarks.run import baseline

    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.thread_time()
        baseline(text)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.thread_time() - cpu)
    return {"wall": min(walls), "cpu": min(cpus)}


def measure_opening(path: Path, repeats: int) -> dict[str, Any]:
    """Opening ``path`` in a fresh studio process, best of ``repeats`` (the first run, which
    compiles the bytecode of a fresh checkout, is left out)."""
    from benchmarks.studio import bench_open

    bench_open(path)
    runs = [bench_open(path) for _ in range(repeats)]
    best = min(runs, key=lambda r: r["import_s"] + r["open_s"])
    best_cpu = min(runs, key=lambda r: r["import_cpu_s"] + r["open_cpu_s"])
    return {
        "wall_s": best["import_s"] + best["open_s"],
        "cpu_s": best_cpu["import_cpu_s"] + best_cpu["open_cpu_s"],
        "import_s": best["import_s"],
        "open_s": best["open_s"],
        "validated_s": best["import_s"] + best["validated_s"],
        "peak_mib": min(r["peak_mib"] for r in runs),
    }


def measure_validation(path: Path, repeats: int) -> dict[str, Any]:
    """Each typical edit of :func:`benchmarks.studio.bench_validation` at 30,000 regions."""
    from benchmarks.studio import bench_validation
    from schemas.io import load_file

    scenario = load_file(path).scenario
    assert scenario is not None
    return bench_validation(scenario, repeats)


def measure_edits(path: Path, repeats: int) -> dict[str, Any]:
    """A drag and a table edit in a studio window (:mod:`benchmarks.studio_edits`)."""
    import studio_edits

    return studio_edits.bench(path, repeats)


def bench(large: Path, huge: Path, repeats: int) -> dict[str, Any]:
    """Every measurement; ``large`` has 10,000 regions, ``huge`` 30,000."""
    text = large.read_text()
    before = floor(text, repeats)
    found = {
        "busy": busy(),
        "load_average": load_average(),
        "open_10000": measure_opening(large, repeats),
        "open_30000": measure_opening(huge, max(1, repeats - 1)),
        "validation_30000": measure_validation(huge, repeats),
        "edits": measure_edits(large, repeats),
    }
    # Measured again at the end, the lower kept: the load of a shared machine changes.
    after = floor(text, repeats)
    found["floor_s"] = {clock: min(before[clock], after[clock]) for clock in before}
    return found


def verdicts(found: dict[str, Any]) -> list[tuple[str, float, float, str, str]]:
    """(what, measured, budget, unit, detail) for each budget, measured as a multiple of the
    floor and compared with the issue's budget as a multiple of the quiet machine's floor."""
    # Both sides of each ratio on one clock: CPU time while the machine is busy.
    clock = "cpu" if found["busy"] else "wall"
    drag, table = found["edits"]["drag"], found["edits"]["table"]
    checks = found["validation_30000"]
    slowest = max(checks["edits_ms"], key=checks["edits_ms"].get)
    edits = ", ".join(f"{name} {ms:.0f}" for name, ms in checks["edits_ms"].items())
    rows: list[tuple[str, float, float, str, str]] = []

    def timed(
        what: str, times: tuple[float, float], budget_key: str, detail: str, unit_s: float
    ) -> None:
        """``times``: wall and CPU seconds; validation is timed by the wall clock alone."""
        on = clock if times[1] == times[1] else "wall"
        seconds = times[0] if on == "wall" else times[1]
        base = found["floor_s"][on]
        scale = base / QUIET_FLOOR_S
        budget = BUDGETS[budget_key] * unit_s
        rows.append(
            (
                what,
                seconds / base,
                budget / QUIET_FLOOR_S,
                "x floor",
                f"{seconds / unit_s:.3g} {'s' if unit_s == 1 else 'ms'} ({on}) against "
                f"{BUDGETS[budget_key]:g} on a quiet machine, {budget * scale / unit_s:.3g} "
                f"at this run's floor of {base * 1000:.0f} ms ({on}); {detail}",
            )
        )

    for regions in (10000, 30000):
        opened = found[f"open_{regions}"]
        timed(
            f"large map: open {regions:,} regions in the studio, fresh process",
            (opened["wall_s"], opened["cpu_s"]),
            f"open_{regions}_s",
            f"wall {opened['wall_s']:.2f} s (imports {opened['import_s']:.2f}), UI thread CPU "
            f"{opened['cpu_s']:.2f} s; validated in the background by "
            f"{opened['validated_s']:.2f} s",
            1.0,
        )
    timed(
        "large map: each mouse move while dragging a vertex, 10,000 regions",
        (drag["move_ms"] / 1000, drag["move_cpu_ms"] / 1000),
        "move_ms",
        f"slowest of {drag['moves']} moves (wall {drag['move_ms']:.1f}, CPU "
        f"{drag['move_cpu_ms']:.1f} ms; median CPU {drag['move_median_cpu_ms']:.1f}, of it "
        f"the repaint {drag['move_paint_cpu_ms']:.1f})",
        0.001,
    )
    timed(
        "large map: releasing a dragged vertex, 10,000 regions",
        (drag["release_ms"] / 1000, drag["release_cpu_ms"] / 1000),
        "release_ms",
        f"wall {drag['release_ms']:.1f}, CPU {drag['release_cpu_ms']:.1f} ms: the edit "
        f"{drag['release_edit_cpu_ms']:.1f}, the next hover {drag['release_hover_cpu_ms']:.1f}, "
        "the rest the repaint",
        0.001,
    )
    timed(
        "large map: a cost typed into the terrain table, 10,000 regions",
        (table["cost_ms"] / 1000, table["cost_cpu_ms"] / 1000),
        "table_ms",
        f"terrain '{table['terrain']}' of {table['regions_of_it']} regions: wall "
        f"{table['cost_ms']:.1f}, CPU {table['cost_cpu_ms']:.1f} ms; its colour (every region "
        f"of it repainted) wall {table['colour_ms']:.1f}, CPU {table['colour_cpu_ms']:.1f} ms",
        0.001,
    )
    timed(
        "large map: live validation after one edit, 30,000 regions",
        (checks["edits_ms"][slowest] / 1000, float("nan")),
        "validation_30000_ms",
        f"slowest: {slowest}; all (ms): {edits}; first full run {checks['build_ms']:.0f} ms",
        0.001,
    )
    peak = found["open_30000"]["peak_mib"]
    rows.append(
        (
            "large map: studio memory holding 30,000 regions, validated",
            peak,
            BUDGETS["memory_30000_mib"],
            "MiB",
            "peak resident memory of a fresh studio process",
        )
    )
    return rows
