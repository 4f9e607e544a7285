"""Drawing new regions point by point, and the sketching that drawing and splitting share.

A sketch is only tool feedback: nothing reaches the document until the designer finishes,
and then the whole result is one undo step.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.document import ScenarioDocument
from editor.studio.map.geometry_actions import apply_outlines, sentence
from editor.studio.map.items import Z
from editor.studio.map.snapping import SNAP_PIXELS, SnapCache, SnapIndicator, snap_for
from editor.studio.map.tools.base import Tool
from editor.studio.naming import numbered_id
from schemas.geometry import GeometryEditError
from schemas.geometry.drawing import fit_drawn_region
from schemas.geometry.outlines import XY
from schemas.map import Region

if TYPE_CHECKING:
    from editor.studio.map.view import MapView

SKETCH = QColor("#1f5fd0")


class SketchItem(QGraphicsItem):
    """The points placed so far, the line to the pointer, and (for outlines) the closing
    line back to the first point; dots keep their size on screen at any zoom."""

    def __init__(self, closed: bool) -> None:
        super().__init__()
        self.closed = closed
        self.points: list[XY] = []
        self.pointer: XY | None = None
        self.closing = False
        """The pointer is on the first point: a click closes the outline."""
        self.margin = 10.0
        self.setZValue(Z["tool"])
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_state(self, points: list[XY], pointer: XY | None, closing: bool, margin: float) -> None:
        self.prepareGeometryChange()
        self.points, self.pointer, self.closing, self.margin = (
            list(points),
            pointer,
            closing,
            margin,
        )
        self.update()

    def boundingRect(self) -> QRectF:
        shown = [*self.points, *([self.pointer] if self.pointer else [])]
        if not shown:
            return QRectF()
        xs, ys = [p[0] for p in shown], [p[1] for p in shown]
        m = self.margin
        return QRectF(
            min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.points:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        placed = [QPointF(*p) for p in self.points]
        pointer = QPointF(*self.pointer) if self.pointer and not self.closing else None
        if self.closed and len(placed) + (pointer is not None) >= 3:
            fill = QColor(SKETCH)
            fill.setAlpha(45)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawPolygon(QPolygonF(placed + ([pointer] if pointer else [])))
        solid = QPen(SKETCH, 2.0)
        solid.setCosmetic(True)
        painter.setPen(solid)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if len(placed) > 1:
            painter.drawPolyline(QPolygonF(placed))
        band = QPen(SKETCH, 1.5, Qt.PenStyle.DashLine)
        band.setCosmetic(True)
        painter.setPen(band)
        path = QPainterPath(placed[-1])
        if pointer is not None:
            path.lineTo(pointer)
        if self.closed and len(placed) > 1:
            path.lineTo(placed[0])
        painter.drawPath(path)
        scale = painter.transform().m11() or 1.0
        for number, point in enumerate(placed):
            first = number == 0 and self.closed
            radius = (6.0 if first and self.closing else 3.5) / scale
            painter.setPen(QPen(SKETCH, 1.5 / scale))
            painter.setBrush(QColor("#ffffff") if not (first and self.closing) else SKETCH)
            painter.drawEllipse(point, radius, radius)


class SketchTool(Tool):
    """Click points with snapping; Backspace takes the last one back, Escape drops the
    sketch, Enter or a double-click finishes (so does clicking the first point of an
    outline). Subclasses say what finishing does in :meth:`commit`."""

    closed = False
    """An outline (closed) rather than a line."""
    minimum = 2
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.message: Callable[[str], None] = lambda text: None
        self.points: list[XY] = []
        self._sketch: SketchItem | None = None
        self._indicator: SnapIndicator | None = None
        self._pointer: XY | None = None
        self._closing = False

    def commit(self, points: list[XY]) -> None:
        """Turn the finished sketch into one document edit; raise ``GeometryEditError``."""
        raise NotImplementedError

    # -- feedback items ----------------------------------------------------------------------

    def _items(self) -> tuple[SketchItem, SnapIndicator]:
        # A scene rebuild (a whole section replaced) deletes every item, ours included.
        if self._sketch is None or not shiboken6.isValid(self._sketch):
            self._sketch = SketchItem(self.closed)
            self.scene.addItem(self._sketch)
        if self._indicator is None or not shiboken6.isValid(self._indicator):
            self._indicator = SnapIndicator()
            self.scene.addItem(self._indicator)
        return self._sketch, self._indicator

    def _refresh(self) -> None:
        sketch, _ = self._items()
        sketch.set_state(self.points, self._pointer, self._closing, self.pixels(SNAP_PIXELS))

    def activate(self, view: MapView) -> None:
        super().activate(view)
        SnapCache.of(self.document).index  # noqa: B018 - build it now, not on the first hover
        self._items()

    def deactivate(self) -> None:
        self.cancel()
        for item in (self._sketch, self._indicator):
            if item is not None and shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._sketch = self._indicator = None

    # -- events ------------------------------------------------------------------------------

    def _can_close(self, point: QPointF) -> bool:
        if not self.closed or len(self.points) < 3:
            return False
        first = self.points[0]
        return math.hypot(point.x() - first[0], point.y() - first[1]) <= self.pixels(SNAP_PIXELS)

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self.scene.locked("regions"):
            self.message("The regions layer is hidden or locked.")
            return
        if self._can_close(point):
            self.finish()
            return
        snap = snap_for(self, event, point)
        if not self.points or snap.point != self.points[-1]:
            self.points.append(snap.point)
        self._pointer = snap.point
        self._refresh()

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        if self.scene.locked("regions"):
            return
        _, indicator = self._items()
        self._closing = self._can_close(point)
        snap = snap_for(self, event, point)
        if self._closing:
            indicator.setVisible(False)
        elif snap.snapped:
            indicator.show_snap(snap)
        else:
            indicator.setVisible(False)
        self._pointer = snap.point
        if self.points:
            self._refresh()

    def double_click(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.points:
            self.finish()

    def key_press(self, event: QKeyEvent) -> bool:
        if not self.points:
            return False
        key = event.key()
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.points.pop()
            self._refresh()
        elif key == Qt.Key.Key_Escape:
            self.cancel()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
        else:
            return False
        return True

    def finish(self) -> None:
        if len(self.points) < self.minimum:
            self.message(f"Place at least {self.minimum} points first.")
            return
        try:
            self.commit(list(self.points))
        except GeometryEditError as exc:
            # The sketch stays, so the designer can take points back and try again.
            self.message(sentence(exc))
            return
        self.cancel()

    def cancel(self) -> None:
        self.points.clear()
        self._closing = False
        if self.view is not None:
            self._refresh()


class DrawRegionTool(SketchTool):
    name = "draw"
    label = "Draw region"
    hint = (
        "Click the corners of a new region (they snap to borders; Shift places freely); "
        "Enter, a double-click or the first point closes it; Backspace undoes a point."
    )
    shortcut = "D"
    closed = True
    minimum = 3

    def commit(self, points: list[XY]) -> None:
        add_drawn_region(self.document, points, self.message)


def add_drawn_region(
    document: ScenarioDocument,
    points: list[XY],
    message: Callable[[str], None] = lambda text: None,
) -> str:
    """Add the region drawn through ``points`` on free ground (one undo step); its id.

    Neighbours whose edges the outline meets receive the shared vertices in the same step.
    The new region is named after its id, takes its neighbours' most common terrain, and
    becomes the selection.
    """
    terrains = document.items("terrain")
    if not terrains:
        raise GeometryEditError("add a terrain type before drawing regions")
    cache = SnapCache.of(document)
    fitted = fit_drawn_region(cache.outlines, points, index=cache.index)
    region_id = numbered_id(document, "regions", "region")
    neighbours = [document.get("regions", cache.region_id(p)) for p in fitted.neighbours]
    common = Counter(r.terrain for r in neighbours).most_common(1)
    region = Region(
        id=region_id,
        name=_name_for(region_id),
        terrain=common[0][0] if common else terrains[0].id,
        polygon=fitted.outline,
    )
    changed = {cache.region_id(p): outline for p, outline in fitted.changes.items()}
    with document.macro(f"Draw {region.name}"):
        apply_outlines(document, changed, "Share the new borders")
        document.add("regions", region)
    document.select("regions", [region_id])
    if fitted.enclosed > 0:
        message(
            f"{region.name} and its neighbours enclose free ground; draw a region there "
            "to close the gap."
        )
    return region_id


def _name_for(region_id: str) -> str:
    match = re.search(r"(\d+)$", region_id)
    return f"Region {match.group(1) if match else 1}"
