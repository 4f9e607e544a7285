"""Studio budgets: opening a 10,000-region scenario, repainting the map, live validation and
memory (issue 4).

Run from the repository root (``benchmarks/run.py`` runs it with every other budget):

    .venv/bin/python benchmarks/studio.py          # the numbers, as JSON

Repaints are measured as Qt does them on screen: the map view's viewport renders itself (a
paint event, as ``QWidget.grab`` sends) into a 1600 x 1000 image. Opening and memory are
measured in a fresh process: the studio window when ``editor.studio.window`` can be imported, else
the map scene and view alone.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_ms, in_fresh_process  # noqa: E402

VIEW = (1600, 1000)


# -- repainting ---------------------------------------------------------------------------------


def bench_paint(scenario: Any, repeats: int) -> dict[str, Any]:
    """Repaints of the whole map zoomed to fit, in a 1600 x 1000 view."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from editor.studio.document import ScenarioDocument
    from editor.studio.map.scene import MapScene
    from editor.studio.map.view import MapView

    app = QApplication.instance() or QApplication([])
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    view = MapView(scene)
    view.resize(*VIEW)
    view.show()
    app.processEvents()
    view.zoom_to_fit()
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)

    def paint() -> None:
        view.viewport().render(image, QPoint())

    first = best_ms(1, paint)
    app.processEvents()
    warm = best_ms(repeats, paint)
    picture = scene.picture
    assert picture is not None
    zoomed = best_ms(repeats, paint, picture.redraw)
    some = list(scene.region_looks)[: max(3, len(scene.region_looks) // 500)]
    edited = best_ms(repeats, paint, lambda: picture.regions_changed(some))
    out = {
        "regions": len(scenario.regions),
        "first_ms": first,
        "repaint_ms": warm,
        "after_zoom_ms": zoomed,
        "after_edit_ms": edited,
        "detail": str(scene.detail),
    }
    document.undo_stack.clear()
    view.close()
    return out


def bench_rename(repeats: int) -> float:
    """What renaming a region costs the map scene on the UI thread, in milliseconds: a
    generated 2,000-region map zoomed in (names, lines and symbols all in the scene), a
    region holding a stack renamed (budget 20 ms)."""
    from PySide6.QtWidgets import QApplication

    from editor.studio.document import ScenarioDocument
    from editor.studio.map.scene import MapScene
    from schemas.generator import generate_scenario

    QApplication.instance() or QApplication([])
    document = ScenarioDocument(generate_scenario(2000, 3))
    scene = MapScene(document)
    scene.zoomed(200 / scene.regions.typical)
    spent: list[float] = []
    document.changed.disconnect(scene.on_change)

    def timed(change: Any) -> None:
        start = time.perf_counter()
        scene.on_change(change)
        spent.append(time.perf_counter() - start)

    document.changed.connect(timed)
    held = {u.location.region for u in document.scenario.units if u.location}
    region = next(r for r in document.scenario.regions if r.id in held)
    times = []
    for number in range(max(5, repeats)):
        spent.clear()
        document.set_field("regions", region.id, ["name"], f"Renamed {number}")
        times.append(sum(spent))
    # Qt holds the closure, and the closure the scene: a cycle the collector cannot see.
    document.changed.disconnect(timed)
    document.undo_stack.clear()
    return min(times) * 1000


# -- live validation -----------------------------------------------------------------------------


def _edits(scenario: Any) -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Typical single edits, each a function from the current scenario to the changed
    sections (what the studio's validation runner hands over)."""
    from schemas.units import Location

    def vertex(s: Any) -> dict[str, Any]:
        regions = list(s.regions)
        old = regions[len(regions) // 2].polygon.exterior[0]
        new = (old[0] + 0.25, old[1] + 0.25)
        for i, region in enumerate(regions):
            ring = region.polygon.exterior
            if old in ring:  # a shared vertex moves in every region that has it
                moved = [new if p == old else p for p in ring]
                outline = region.polygon.model_copy(update={"exterior": moved})
                regions[i] = region.model_copy(update={"polygon": outline})
        return {"regions": regions}

    def terrain(s: Any) -> dict[str, Any]:
        regions = list(s.regions)
        region = regions[7000 % len(regions)]
        other = next(t.id for t in s.terrain if t.id != region.terrain and t.domain == "land")
        regions[7000 % len(regions)] = region.model_copy(update={"terrain": other})
        return {"regions": regions}

    def rename(s: Any) -> dict[str, Any]:
        regions = list(s.regions)
        region = regions[3000 % len(regions)]
        regions[3000 % len(regions)] = region.model_copy(update={"id": region.id + "-x"})
        return {"regions": regions}

    def unit(s: Any) -> dict[str, Any]:
        units = list(s.units)
        target = s.regions[1234 % len(s.regions)].id
        units[10] = units[10].model_copy(update={"location": Location(region=target)})
        return {"units": units}

    def drop_connection(s: Any) -> dict[str, Any]:
        connections = list(s.connections)
        del connections[len(connections) // 3]
        return {"connections": connections}

    def drop_region(s: Any) -> dict[str, Any]:
        regions = list(s.regions)
        del regions[len(regions) // 4]
        return {"regions": regions}

    def terrain_row(s: Any) -> dict[str, Any]:
        rows = list(s.terrain)
        rows[0] = rows[0].model_copy(update={"movement_cost": rows[0].movement_cost + 1})
        return {"terrain": rows}

    def connection_row(s: Any) -> dict[str, Any]:
        rows = list(s.connection_types)
        rows[0] = rows[0].model_copy(update={"movement_cost": rows[0].movement_cost + 1})
        return {"connection_types": rows}

    return {
        "move a shared vertex": vertex,
        "change a region's terrain": terrain,
        "rename a region (its references dangle)": rename,
        "move a unit": unit,
        "delete a connection": drop_connection,
        "delete a region": drop_region,
        "change a cost in the terrain table": terrain_row,
        "change a cost in the connection table": connection_row,
    }


def bench_validation(scenario: Any, repeats: int) -> dict[str, Any]:
    """Each typical edit, and its undo, followed by the incremental validator."""
    from schemas.validation.incremental import IncrementalValidator

    start = time.perf_counter()
    validator = IncrementalValidator(scenario)
    built = (time.perf_counter() - start) * 1000
    edits: dict[str, float] = {}
    for name, edit in _edits(scenario).items():
        changes = edit(scenario)
        undo = {section: getattr(scenario, section) for section in changes}
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            validator.update(changes)
            times.append(time.perf_counter() - start)
            validator.update(undo)
        edits[name] = min(times) * 1000
    terrain = list(scenario.terrain)
    first = terrain[0]
    terrain[0] = first.model_copy(update={"domain": "lake" if first.domain != "lake" else "land"})
    start = time.perf_counter()
    validator.update({"terrain": terrain})
    table = (time.perf_counter() - start) * 1000
    flooded = len(validator.issues)
    validator.update({"terrain": scenario.terrain})
    return {"build_ms": built, "edits_ms": edits, "table_ms": table, "table_issues": flooded}


def bench_handover(scenario: Any, repeats: int) -> float:
    """What an edit costs the UI thread before the worker takes over (copying the lists of
    the touched sections), in milliseconds."""
    from editor.studio.validation_runner import section_copy

    return best_ms(repeats, lambda: section_copy(scenario, "connections"))


# -- opening and memory (in a fresh process) -----------------------------------------------------


def measure_open(path: Path) -> dict[str, Any]:
    """Open ``path`` as the studio does and show it; run in a fresh process by
    :func:`bench_open`. Times in seconds, memory in MiB."""
    start, cpu = time.perf_counter(), time.thread_time()
    # What `salient FILE` imports before the studio's window (its commands, the format,
    # pydantic, numpy, shapely), in the same order: PySide6 reads the source of every module
    # imported after it (its import hook looks for a `from __feature__` switch), 35 to 40 ms
    # of CPU for those 300-odd modules when PySide6 came first, which a real start never pays.
    importlib.import_module("editor.cli")
    from PySide6.QtWidgets import QApplication

    from editor.studio.window import StudioWindow

    app = QApplication.instance() or QApplication([])
    imported, imported_cpu = time.perf_counter(), time.thread_time()
    window = StudioWindow()
    window.resize(*VIEW)
    window.files.open_path(path, ask=False)
    window.show()
    app.processEvents()
    window.grab()
    shown, shown_cpu = time.perf_counter(), time.thread_time()
    runner = window.validation
    if runner is not None:
        runner.wait()
    validated = time.perf_counter()
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec.
    status = Path("/proc/self/status").read_text().splitlines()
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    return {
        "import_s": imported - start,
        "open_s": shown - imported,
        "import_cpu_s": imported_cpu - cpu,
        "open_cpu_s": shown_cpu - imported_cpu,
        "validated_s": validated - imported,
        "peak_mib": peak / 1024,
    }


def bench_open(path: Path) -> dict[str, Any]:
    return in_fresh_process(__file__, ["--open", str(path)], "opening in the studio")


def bench(large: Path, repeats: int = 3) -> dict[str, Any]:
    """Every studio measurement; ``large`` is the generated 10,000-region file."""
    from schemas.generator import generate_scenario
    from schemas.io import load_file

    scenario = load_file(large).scenario
    assert scenario is not None
    return {
        "paint_1000": bench_paint(generate_scenario(1000, 1), repeats + 2),
        "paint_large": bench_paint(scenario, repeats + 2),
        "validation": bench_validation(scenario, repeats),
        "handover_ms": bench_handover(scenario, repeats),
        "rename_ms": bench_rename(repeats),
        "open": bench_open(large),
    }


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--open":
        print(json.dumps(measure_open(Path(sys.argv[2]))))
    else:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from run import generated

        print(json.dumps(bench(generated(10_000)), indent=2))
