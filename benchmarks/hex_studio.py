"""Studio budgets of hex maps (issue 14): opening a 10,000-hex scenario, a brush stroke,
repainting the map.

Run from the repository root (``benchmarks/run.py --only hex-studio`` runs it with verdicts):

    .venv/bin/python benchmarks/hex_studio.py        # the numbers, as JSON

The scenario is the generator's 100 x 100 hex map (seed 1, the one ``hexes.py`` measures),
with its forces and places drawn as symbols. Everything is measured in a 1600 x 1000 view, as
``studio.py`` measures maps of regions:

- **opening**: in a fresh process, Python and Qt imported, then the file loaded, validated
  for the issues list and the window shown with the map painted once (``studio.measure_open``);
- **a brush stroke**: the brush (radius 0) dragged through 100 hexes one mouse move per hex,
  each move timed from the event to the end of the repaint Qt does for it (the viewport
  rendered, as on screen); at fit zoom and at a working zoom (hexes 40 pixels across). The
  release, when the document swaps the hex map and the map redraws the tiles it touched, is
  reported beside it (once per stroke, not per move);
- **repaint at fit zoom**: the whole viewport rendered, warm, then right after a stroke.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from benchmarks.timing import best_ms  # noqa: E402

VIEW = (1600, 1000)
OPEN_BUDGET_S = 2.0
MOVE_BUDGET_MS = 16.0
REPAINT_BUDGET_MS = 60.0
STROKE_HEXES = 100


def _window(path: Path) -> Any:
    from PySide6.QtWidgets import QApplication

    from editor.studio.window import StudioWindow

    app = QApplication.instance() or QApplication([])
    window = StudioWindow(autosave_ms=3_600_000)
    window.resize(*VIEW)
    window.files.open_path(path, ask=False)
    window.show()
    app.processEvents()
    if window.validation is not None:
        window.validation.wait()
    app.processEvents()
    return window


def _stroke(window: Any, hex_pixels: float | None) -> dict[str, float]:
    """One stroke of the brush through ``STROKE_HEXES`` hexes; per-move times in ms."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    view = window.view
    hexes = window.scene.hexes
    grid = hexes.grid
    if hex_pixels is None:
        view.zoom_to_fit()
    else:
        middle = grid.centres()[grid.count // 2 + grid.columns // 2]
        # zoom_to fits a square of ``span`` (and a 3% margin) into the view's height.
        span = grid.size * 2 * view.viewport().height() / hex_pixels / 1.06
        view.zoom_to(QPointF(*middle.tolist()), span)
    app.processEvents()
    window.set_tool("hexbrush")
    brush = view.tool
    brush.layer, brush.shape = "terrain", "hex"
    brush.value = "forest" if brush.value != "forest" else "hills"
    # A row of hexes through the middle of what is shown, one mouse move per hex.
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    row = grid.rows // 2
    columns = [
        c
        for c in range(grid.columns)
        if shown.contains(QPointF(*grid.centres([row * grid.columns + c])[0].tolist()))
    ]
    path = [row * grid.columns + c for c in columns]
    while len(path) < STROKE_HEXES and row + 1 < grid.rows:  # on along the next rows
        row += 1
        path += [row * grid.columns + c for c in (columns if row % 2 else columns[::-1])]
    points = [QPointF(*p) for p in grid.centres(path[:STROKE_HEXES]).tolist()]

    def event(kind: QEvent.Type, point: QPointF) -> QMouseEvent:
        at = QPointF(view.mapFromScene(point))
        held = (
            Qt.MouseButton.NoButton
            if kind == QEvent.Type.MouseButtonRelease
            else Qt.MouseButton.LeftButton
        )
        return QMouseEvent(
            kind, at, at, Qt.MouseButton.LeftButton, held, Qt.KeyboardModifier.NoModifier
        )

    def repaint() -> None:
        # Qt repaints what the move made dirty (the brush's outline, the hexes it painted)
        # when it next handles events: on the offscreen platform as on screen, into the
        # window's backing store.
        app.processEvents()

    view.mousePressEvent(event(QEvent.Type.MouseButtonPress, points[0]))
    repaint()
    moves, cpu = [], []
    for point in points[1:]:
        start, start_cpu = time.perf_counter(), time.thread_time()
        view.mouseMoveEvent(event(QEvent.Type.MouseMove, point))
        repaint()
        moves.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    start, start_cpu = time.perf_counter(), time.thread_time()
    view.mouseReleaseEvent(event(QEvent.Type.MouseButtonRelease, points[-1]))
    app.processEvents()
    released = (time.perf_counter() - start) * 1000
    released_cpu = (time.thread_time() - start_cpu) * 1000
    painted = len(points)
    moves.sort()
    cpu.sort()
    return {
        "hexes": float(painted),
        "move_median_ms": moves[len(moves) // 2],
        "move_worst_ms": moves[-1],
        "move_cpu_median_ms": cpu[len(cpu) // 2],
        "move_cpu_worst_ms": cpu[-1],
        "release_ms": released,
        "release_cpu_ms": released_cpu,
        "hex_pixels": grid.size * 2 * view.transform().m11(),
    }


def bench_repaint(window: Any, repeats: int) -> dict[str, float]:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    view = window.view
    view.zoom_to_fit()
    app.processEvents()
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)

    def paint() -> None:
        view.viewport().render(image, QPoint())

    first = best_ms(1, paint)
    warm = best_ms(repeats, paint)
    cpu = []
    for _ in range(repeats):
        start = time.thread_time()
        paint()
        cpu.append((time.thread_time() - start) * 1000)
    return {"first_ms": first, "repaint_ms": warm, "repaint_cpu_ms": min(cpu)}


def bench(path: Path, repeats: int = 3) -> dict[str, Any]:
    import studio

    window = _window(path)
    scenario = window.document.scenario
    out: dict[str, Any] = {
        "hexes": scenario.hex_map.columns * scenario.hex_map.rows,
        "units": len(scenario.units),
        "repaint": bench_repaint(window, repeats + 2),
        "stroke_fit": _stroke(window, None),
        "stroke_zoomed": _stroke(window, 40.0),
    }
    out["repaint_after_stroke"] = bench_repaint(window, repeats + 2)
    window.document.undo_stack.clear()
    window.files.discard_session()
    window.close()
    out["open"] = studio.bench_open(path)
    return out


if __name__ == "__main__":
    from hexes import generated

    print(json.dumps(bench(generated()), indent=2))
