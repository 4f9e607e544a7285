"""Snapping for the map tools: an index of region outlines that follows the document, and
the marker showing where a click will land.

One :class:`SnapCache` serves every tool of a document. It keeps its own numbering of the
regions (positions never shift: a removed region leaves an empty slot), so an edit only
replaces the outlines it touched, and it applies the pending changes when a tool next asks,
so a macro of many replacements costs one update.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.document import Change, ScenarioDocument
from editor.studio.map.items import Z
from schemas.geometry import Snap, SnapIndex
from schemas.geometry.outlines import TOLERANCE, XY, VertexRef, close_to, segment_distance
from schemas.map import Polygon

if TYPE_CHECKING:
    from editor.studio.map.tools.base import Tool

SNAP_PIXELS = 10.0
"""How close, in screen pixels, the pointer must come to a vertex or an edge to snap."""


class SnapCache(QObject):
    """The regions' outlines and a :class:`SnapIndex` of them, kept up to date."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.document = document
        self._pending: set[str] = set()
        self._rebuild()
        document.changed.connect(self._on_change)

    @classmethod
    def of(cls, document: ScenarioDocument) -> SnapCache:
        """The document's cache, created on first use and shared by every tool."""
        found = document.findChild(SnapCache)
        return found if found is not None else cls(document)

    # -- following the document --------------------------------------------------------------

    def _rebuild(self) -> None:
        regions = self.document.items("regions")
        self._ids: list[str | None] = [r.id for r in regions]
        self._outlines: list[Polygon | None] = [r.polygon for r in regions]
        self._position = {region_id: i for i, region_id in enumerate(self._ids)}
        self._index = SnapIndex(self._outlines)
        self._pending.clear()

    def _on_change(self, change: Change) -> None:
        if change.section != "regions" and change.kind != "reset":
            return
        if change.kind == "reset" and change.section in ("regions", "scenario", ""):
            self._pending.add("*")
        elif change.section == "regions":
            self._pending.update(change.ids)

    def _flush(self) -> None:
        if not self._pending:
            return
        if "*" in self._pending:
            self._rebuild()
            return
        changes: dict[int, Polygon | None] = {}
        for region_id in self._pending:
            region = self.document.get("regions", region_id)
            position = self._position.get(region_id)
            if region is None:
                if position is not None:
                    del self._position[region_id]
                    self._ids[position] = None
                    self._outlines[position] = None
                    changes[position] = None
                continue
            if position is None:
                position = len(self._ids)
                self._position[region_id] = position
                self._ids.append(region_id)
                self._outlines.append(None)
            self._outlines[position] = region.polygon
            changes[position] = region.polygon
        self._pending.clear()
        if len(self._position) * 2 < len(self._ids):
            self._rebuild()  # mostly empty slots after many deletions: start afresh
        elif changes:
            self._index = self._index.updated(changes)

    # -- reading -------------------------------------------------------------------------------

    @property
    def index(self) -> SnapIndex:
        self._flush()
        return self._index

    @property
    def outlines(self) -> list[Polygon | None]:
        """Outlines by position (``None`` in empty slots), matching :attr:`index`."""
        self._flush()
        return self._outlines

    def position(self, region_id: str) -> int | None:
        self._flush()
        return self._position.get(region_id)

    def region_id(self, position: int) -> str:
        self._flush()
        region_id = self._ids[position]
        assert region_id is not None, "an empty slot owns no vertex"
        return region_id

    def snap(
        self,
        point: XY,
        radius: float,
        *,
        exclude: Collection[str] = (),
        ignore: XY | None = None,
    ) -> Snap:
        """Snap to the nearest vertex within ``radius``, else the nearest edge.

        ``exclude`` names regions to ignore; ``ignore`` is a vertex being dragged: neither it
        nor the edges ending at it can catch the point.
        """
        index = self.index
        skip = [p for p in (self._position.get(i) for i in exclude) if p is not None]
        if ignore is None:
            return index.snap(point, radius, exclude=skip)
        return self._snap_ignoring(point, radius, skip, ignore)

    def _snap_ignoring(self, point: XY, radius: float, skip: Sequence[int], ignore: XY) -> Snap:
        index, outlines = self._index, self._outlines
        best: tuple[float, XY] | None = None
        for ref in index.vertices_at(point, radius):
            if ref.region in skip:
                continue
            vertex = _ring(outlines[ref.region], ref.ring)[ref.index]
            if close_to(vertex, ignore, TOLERANCE):
                continue
            distance = _distance(point, vertex)
            if best is None or distance < best[0]:
                best = (distance, vertex)
        if best is not None:
            owners = tuple(index.vertices_at(best[1]))
            return Snap(best[1], "vertex", best[0], vertices=owners)
        for ref in index.edges_at(point, radius):
            if ref.region in skip:
                continue
            ring = _ring(outlines[ref.region], ref.ring)
            a, b = ring[ref.index], ring[(ref.index + 1) % len(ring)]
            if close_to(a, ignore, TOLERANCE) or close_to(b, ignore, TOLERANCE):
                continue
            distance = segment_distance(point, a, b)
            if best is None or distance < best[0]:
                best = (distance, _project(point, a, b))
        if best is not None:
            return Snap(best[1], "edge", best[0], edges=tuple(index.edges_at(best[1])))
        return Snap(point, "none")

    def vertex_owners(self, point: XY) -> list[VertexRef]:
        return self.index.vertices_at(point)


def snap_for(
    tool: Tool,
    event: QMouseEvent,
    point: QPointF,
    *,
    exclude: Collection[str] = (),
    ignore: XY | None = None,
    picking: bool = False,
) -> Snap:
    """Where a tool's pointer lands: snapped within :data:`SNAP_PIXELS` on screen, unless
    the designer holds Shift to place a point freely. ``picking`` is for choosing an
    existing vertex or edge, which Shift does not prevent."""
    xy = (point.x(), point.y())
    if not picking and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
        return Snap(xy, "none")
    cache = SnapCache.of(tool.document)
    return cache.snap(xy, tool.pixels(SNAP_PIXELS), exclude=exclude, ignore=ignore)


def _ring(outline: Polygon | None, number: int) -> list[XY]:
    assert outline is not None
    return list(outline.exterior if number == 0 else outline.holes[number - 1])


def _distance(p: XY, q: XY) -> float:
    return float(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5)


def _project(p: XY, a: XY, b: XY) -> XY:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = min(1.0, max(0.0, t))
    return (a[0] + t * dx, a[1] + t * dy)


class SnapIndicator(QGraphicsItem):
    """Where the next click lands: a square on a vertex, a diamond on an edge, a small cross
    on free ground. Drawn at a fixed screen size above everything else."""

    SIZE = 12.0

    def __init__(self) -> None:
        super().__init__()
        self.kind = "none"
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z["tool"] + 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def show_snap(self, snap: Snap) -> None:
        self.prepareGeometryChange()
        self.kind = snap.kind
        self.setPos(QPointF(*snap.point))
        self.setVisible(True)
        self.update()

    def boundingRect(self) -> QRectF:
        s = self.SIZE
        return QRectF(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.SIZE / 2
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        halo = QPen(QColor(255, 255, 255, 220), 4.5)
        color = {"vertex": "#e0218a", "edge": "#f08c00"}.get(self.kind, "#303030")
        pen = QPen(QColor(color), 2.0)
        for current in (halo, pen):
            painter.setPen(current)
            painter.setBrush(QColor(0, 0, 0, 0))
            if self.kind == "vertex":
                painter.drawRect(QRectF(-s, -s, 2 * s, 2 * s))
            elif self.kind == "edge":
                painter.drawPolygon([QPointF(0, -s), QPointF(s, 0), QPointF(0, s), QPointF(-s, 0)])
            else:
                painter.drawLine(QPointF(-s / 2, 0), QPointF(s / 2, 0))
                painter.drawLine(QPointF(0, -s / 2), QPointF(0, s / 2))
