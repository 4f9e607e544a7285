"""What the import dialog's preview shows, and the view that shows it.

The outlines become painter paths in the worker thread (:func:`picture_of`, a few hundred
thousand points for a large map), grouped by terrain so that the view has a handful of items
to draw, not thousands; the view only adds them to its scene.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from schemas.geometry import build_polygons
from schemas.gis import Imported, Layer
from schemas.gis.projection import Projector
from schemas.gis.regions import source_crs
from schemas.scenario import Scenario

NEW_BORDER = QColor(40, 40, 40)
OLD_FILL = QColor(200, 200, 200)
MARK = QColor(214, 39, 40)


@dataclass
class Picture:
    """Painter paths of a preview, in map units."""

    fills: list[tuple[str, QPainterPath]] = field(default_factory=list)
    """New and updated regions, one path per terrain colour."""
    old: QPainterPath = field(default_factory=QPainterPath)
    """The scenario's other regions."""
    lines: QPainterPath = field(default_factory=QPainterPath)
    """Imported lines (rivers, roads, railways)."""
    points: list[tuple[float, float]] = field(default_factory=list)
    """Imported towns and supply sources."""
    marks: list[tuple[float, float]] = field(default_factory=list)
    """Where something was changed or left out."""


def _add_shapes(path: QPainterPath, shapes: Iterable[shapely.Geometry | None]) -> None:
    """Every ring of the shapes into ``path`` (holes left empty by the odd-even rule)."""
    path.setFillRule(Qt.FillRule.OddEvenFill)
    present = np.asarray([s for s in shapes if s is not None], dtype=object)
    if len(present) == 0:
        return
    rings = shapely.get_rings(shapely.get_parts(present))
    coords, index = shapely.get_coordinates(rings, return_index=True)
    starts = np.searchsorted(index, np.arange(len(rings) + 1)).tolist()
    points = [QPointF(x, y) for x, y in coords.tolist()]
    for start, end in itertools.pairwise(starts):
        path.addPolygon(QPolygonF(points[start:end]))
        path.closeSubpath()


def picture_of(imported: Imported, target: Scenario, layer: Layer) -> Picture:
    """The paths of an import's result (built in the worker thread)."""
    picture = Picture()
    scenario = imported.scenario
    touched = set(imported.added) | set(imported.updated)
    colours = {t.id: t.color for t in scenario.terrain}
    if imported.kind == "regions":
        others = [r for r in scenario.regions if r.id not in touched]
        _add_shapes(picture.old, build_polygons([r.polygon for r in others]))
        fresh = [r for r in scenario.regions if r.id in touched]
        shapes = build_polygons([r.polygon for r in fresh])
        by_colour: dict[str, list[shapely.Geometry]] = {}
        for region, shape in zip(fresh, shapes, strict=True):
            by_colour.setdefault(colours.get(region.terrain, "#cccccc"), []).append(shape)
        for colour, group in by_colour.items():
            path = QPainterPath()
            _add_shapes(path, group)
            picture.fills.append((colour, path))
    else:
        _add_shapes(picture.old, build_polygons([r.polygon for r in scenario.regions]))
        if imported.kind == "points":
            anchors = [s.anchor for s in scenario.structures if s.id in touched and s.anchor]
            picture.points = [(float(x), float(y)) for x, y in anchors]
        elif target.map.projection is not None:
            projector = Projector.from_model(target.map.projection, source_crs(layer, None))
            lines = projector.to_map(layer.geometries)
            _add_lines(picture.lines, lines)
    picture.marks = [note.at for note in imported.notes if note.at is not None]
    return picture


def _add_lines(path: QPainterPath, lines: np.ndarray) -> None:
    for line in lines:
        if line is None:
            continue
        for part in shapely.get_parts(line):
            coords = shapely.get_coordinates(part).tolist()
            if len(coords) < 2:
                continue
            path.moveTo(QPointF(*coords[0]))
            for x, y in coords[1:]:
                path.lineTo(QPointF(x, y))


class PreviewView(QGraphicsView):
    """The projected, simplified map as it will be imported; the wheel zooms."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QColor("#f4f1ea"))
        self.setMinimumSize(360, 300)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.bounds = QRectF()
        self.room = QRectF()
        self.fitted = True
        """Whether the view shows the whole map (kept so as the dialog is resized)."""
        self.marks: list[QGraphicsItem] = []

    def clear(self) -> None:
        self.scene().clear()
        self.marks = []
        self.bounds = QRectF()

    def show_picture(self, picture: Picture) -> None:
        self.clear()
        scene = self.scene()
        border = QPen(NEW_BORDER, 0)  # cosmetic: one pixel at any zoom
        if not picture.old.isEmpty():
            scene.addPath(picture.old, QPen(QColor(150, 150, 150), 0), QBrush(OLD_FILL))
        for colour, path in picture.fills:
            scene.addPath(path, border, QBrush(QColor(colour)))
        if not picture.lines.isEmpty():
            pen = QPen(QColor(31, 119, 180), 2)
            pen.setCosmetic(True)
            scene.addPath(picture.lines, pen)
        for x, y in picture.points:
            self.marks.append(self._dot(x, y, QColor(20, 20, 20), 4))
        for x, y in picture.marks:
            self.marks.append(self._dot(x, y, MARK, 6, hollow=True))
        self.bounds = scene.itemsBoundingRect()
        if not self.bounds.isEmpty():
            margin = max(self.bounds.width(), self.bounds.height()) * 0.03
            self.room = self.bounds.adjusted(-margin, -margin, margin, margin)
            span = max(self.room.width(), self.room.height())
            scene.setSceneRect(self.room.adjusted(-span, -span, span, span))
            self.fit()

    def fit(self) -> None:
        """Show the whole map."""
        self.fitted = True
        if not self.room.isEmpty():
            self.fitInView(self.room, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    def _dot(
        self, x: float, y: float, colour: QColor, radius: float, hollow: bool = False
    ) -> QGraphicsItem:
        item = QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius)
        item.setPos(x, y)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        pen = QPen(colour, 2)
        item.setPen(pen)
        item.setBrush(Qt.BrushStyle.NoBrush if hollow else QBrush(colour))
        item.setZValue(10)
        self.scene().addItem(item)
        return item

    def centre_on(self, point: tuple[float, float]) -> None:
        """Zoom in on a place (a note's point)."""
        span = max(self.bounds.width(), self.bounds.height()) / 12 or 1.0
        self.fitted = False
        self.fitInView(
            QRectF(point[0] - span / 2, point[1] - span / 2, span, span),
            Qt.AspectRatioMode.KeepAspectRatio,
        )

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.25 ** (event.angleDelta().y() / 120)
        self.fitted = False
        self.scale(factor, factor)
