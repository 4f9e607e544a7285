"""Edits as a person makes them in the studio on a large map (issue 10): a vertex dragged
with the Edit points tool, and a cost typed into the terrain table.

Both are measured in a studio window holding the whole map (every panel listening, live
validation running), through the same entry points a person's input takes: mouse events
sent to the map's viewport, a cell written through the terrain table's model. What is
timed is the UI thread: the event handler and everything it sets off on that thread, and
the repaint that shows it. Each figure comes as wall time and as the UI thread's CPU time
(``time.thread_time``), which the work of other engineers on a shared machine does not
inflate as much.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

VIEW = (1600, 1000)
WORKING_PIXELS = 120.0
"""How wide a typical region is on screen while points are dragged (a working zoom, where
symbols and the lines between regions show)."""
MOVES = 24
"""Mouse moves in one drag."""


def _clocked(work: Callable[[], Any]) -> tuple[float, float]:
    """Wall and UI-thread CPU time of ``work``, in milliseconds."""
    wall, cpu = time.perf_counter(), time.thread_time()
    work()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def open_window(path: Path) -> Any:
    """A studio window showing ``path``, validated."""
    from PySide6.QtWidgets import QApplication

    from editor.studio.window import StudioWindow

    app = QApplication.instance() or QApplication([])
    window = StudioWindow()
    window.resize(*VIEW)
    window.files.open_path(path, ask=False)
    window.show()
    app.processEvents()
    window.validation.wait()
    return window


def close_window(window: Any) -> None:
    from PySide6.QtWidgets import QApplication

    window.files.discard_session()
    window.close()
    QApplication.processEvents()


def _settle() -> None:
    """Deliver what an edit posted, and let a pending validation finish off the clock."""
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()


# -- dragging a vertex -----------------------------------------------------------------------


def shared_vertex(window: Any) -> tuple[float, float]:
    """A vertex near the middle of the map that at least three regions share."""
    from editor.studio.map.snapping import SnapCache

    document = window.document
    cache = SnapCache.of(document)
    regions = document.scenario.regions
    middle = len(regions) // 2
    for region in regions[middle:] + regions[:middle]:
        for point in region.polygon.exterior:
            if len({ref.region for ref in cache.vertex_owners(point)}) >= 3:
                return point
    raise SystemExit("no vertex shared by three regions on this map")


def bench_drag(window: Any, repeats: int) -> dict[str, Any]:
    """Drags of one shared vertex: press, :data:`MOVES` moves, release; undone between
    repeats. Per drag: each move (the tool's handler, then the repaint it asks for), and the
    release (the edit through the document and every listener, the repaint, and the next
    hover, which brings the snapping index up to date)."""
    from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    view, document = window.view, window.document
    window.set_tool("vertex")
    vertex = shared_vertex(window)
    scene = view.map_scene
    viewport = view.viewport()
    span = scene.regions.typical * min(viewport.width(), viewport.height()) / WORKING_PIXELS
    view.zoom_to(QPointF(*vertex), span)
    _settle()
    viewport.repaint()
    left = Qt.MouseButton.LeftButton

    def send(kind: QEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
        button = left if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
        event = QMouseEvent(
            kind,
            QPointF(at),
            view.mapToGlobal(QPointF(at)),
            button,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)

    def paint() -> None:
        # What Qt repaints of the viewport: the parts the items changed marked dirty.
        QApplication.processEvents()

    start = view.mapFromScene(QPointF(*vertex))
    moves_wall: list[list[float]] = []
    moves_cpu: list[list[float]] = []
    paints: list[float] = []
    releases: list[tuple[float, float, float, float]] = []
    for _ in range(repeats):
        send(QEvent.Type.MouseMove, start, Qt.MouseButton.NoButton)  # the hover before
        paint()
        send(QEvent.Type.MouseButtonPress, start, left)
        walls, cpus = [], []
        for step in range(1, MOVES + 1):
            at = start + QPoint(step, step // 2)
            wall, cpu = _clocked(partial(send, QEvent.Type.MouseMove, at, left))
            painted = _clocked(paint)
            walls.append(wall + painted[0])
            cpus.append(cpu + painted[1])
            paints.append(painted[1])
        moves_wall.append(walls)
        moves_cpu.append(cpus)
        end = start + QPoint(MOVES, MOVES // 2)
        none = Qt.MouseButton.NoButton
        released = _clocked(partial(send, QEvent.Type.MouseButtonRelease, end, none))
        painted = _clocked(paint)
        hover = _clocked(partial(send, QEvent.Type.MouseMove, end + QPoint(3, 0), none))
        releases.append(
            (
                released[0] + painted[0] + hover[0],
                released[1] + painted[1] + hover[1],
                released[1],
                hover[1],
            )
        )
        if document.undo_stack.index() == 0:
            raise SystemExit("the drag changed nothing: the benchmark missed the vertex")
        document.undo_stack.undo()
        window.validation.wait()
        _settle()
    worst = min(range(repeats), key=lambda i: max(moves_cpu[i]))
    best_release = min(releases, key=lambda r: r[1])
    return {
        "vertex": list(vertex),
        "moves": MOVES,
        "move_ms": max(moves_wall[worst]),
        "move_cpu_ms": max(moves_cpu[worst]),
        "move_median_cpu_ms": statistics.median(c for drag in moves_cpu for c in drag),
        "move_paint_cpu_ms": statistics.median(paints),
        "release_ms": min(r[0] for r in releases),
        "release_cpu_ms": best_release[1],
        "release_edit_cpu_ms": best_release[2],
        "release_hover_cpu_ms": best_release[3],
    }


# -- a cost in the terrain table -----------------------------------------------------------------


def bench_table(window: Any, repeats: int) -> dict[str, Any]:
    """A terrain type's movement cost, then its colour, typed into the terrain table (the
    most common terrain of the map, so every restyle the edit sets off is paid in full)."""
    from collections import Counter

    document = window.document
    page = window.open_section("terrain")
    model = page.widget().model
    _settle()
    common = Counter(r.terrain for r in document.scenario.regions).most_common(1)[0][0]
    row = next(i for i, t in enumerate(document.scenario.terrain) if t.id == common)
    columns = {column.key: n for n, column in enumerate(model.columns)}
    terrain = document.scenario.terrain[row]

    def edit(column: str, value: Any) -> tuple[float, float]:
        best = (float("inf"), float("inf"))
        for _ in range(repeats):
            took = _clocked(lambda: (model.apply([(row, columns[column], value)]), _settle()))
            best = min(best, took, key=lambda t: t[1])
            document.undo_stack.undo()
            window.validation.wait()
            _settle()
        return best

    cost = edit("movement_cost", terrain.movement_cost + 1)
    colour = edit("color", "#123456" if terrain.color != "#123456" else "#654321")
    window.tabs.show_map()
    _settle()
    return {
        "terrain": common,
        "regions_of_it": sum(r.terrain == common for r in document.scenario.regions),
        "cost_ms": cost[0],
        "cost_cpu_ms": cost[1],
        "colour_ms": colour[0],
        "colour_cpu_ms": colour[1],
    }


def bench(path: Path, repeats: int) -> dict[str, Any]:
    window = open_window(path)
    try:
        return {"table": bench_table(window, repeats), "drag": bench_drag(window, repeats)}
    finally:
        close_window(window)
