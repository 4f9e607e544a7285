"""Graphics items of the map, one class per kind of thing drawn.

Items only draw; they hold the id of what they show and never change the scenario. The
scene rebuilds or restyles them when the document says something changed.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from schemas.map import Region

# Z order of the layers, bottom to top.
Z = {
    "background": -10,
    "regions": 0,
    "problems": 5,
    "connections": 10,
    "supply": 20,
    "structures": 30,
    "stacks": 40,
    "labels": 50,
    "issues": 60,
    "tool": 100,
}

SELECTED = QColor("#ffcc00")


def outline_path(region: Region) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (region.polygon.exterior, *region.polygon.holes):
        if len(ring) >= 3:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
            path.closeSubpath()
    return path


def anchor_of(region: Region, name: str, path: QPainterPath) -> QPointF:
    """Where to draw something in a region: its anchor, else a point inside it."""
    point = getattr(region.anchors, name)
    if point is not None:
        return QPointF(*point)
    centre = path.boundingRect().center()
    if path.contains(centre):
        return centre
    xs = [x for x, _ in region.polygon.exterior] or [0.0]
    ys = [y for _, y in region.polygon.exterior] or [0.0]
    return QPointF(sum(xs) / len(xs), sum(ys) / len(ys))


class RegionItem(QGraphicsPathItem):
    """A region's outline, filled with its terrain or owner colour."""

    def __init__(self, region_id: str) -> None:
        super().__init__()
        self.region_id = region_id
        self.setZValue(Z["regions"])
        self.setAcceptHoverEvents(True)
        self._selected = False
        self._fill = QColor("#cccccc")
        self._hatched = False

    def set_look(self, fill: QColor, hatched: bool) -> None:
        self._fill, self._hatched = fill, hatched
        self._restyle()

    def set_selected_look(self, selected: bool) -> None:
        self._selected = selected
        self.setZValue(Z["regions"] + (1 if selected else 0))
        self._restyle()

    def _restyle(self) -> None:
        pen = QPen(SELECTED if self._selected else QColor(40, 40, 40, 170))
        pen.setCosmetic(True)
        pen.setWidthF(2.5 if self._selected else 0.8)
        self.setPen(pen)
        self.setBrush(QBrush(self._fill))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        if self._hatched:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(0, 0, 0, 45), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(self.path())


class LabelItem(QGraphicsItem):
    """A region's name, centred under its anchor, the same size on screen at any zoom."""

    def __init__(self, region_id: str, text: str) -> None:
        super().__init__()
        self.region_id = region_id
        self.text = text
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z["labels"])
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = QFont()
        self._font.setPointSizeF(8.5)
        width = QFontMetricsF(self._font).horizontalAdvance(text)
        height = QFontMetricsF(self._font).height()
        self._box = QRectF(-width / 2 - 2, 6, width + 4, height + 2)

    def boundingRect(self) -> QRectF:
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setFont(self._font)
        painter.setPen(QColor(255, 255, 255, 200))
        painter.drawText(self._box.translated(1, 1), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.setPen(QColor("#1a1a1a"))
        painter.drawText(self._box, Qt.AlignmentFlag.AlignCenter, self.text)


class ConnectionItem(QGraphicsPathItem):
    """A connection: along the shared border for crossings (rivers, crests), else a line
    between the regions' label anchors (straits, sea lanes, off-map links)."""

    def __init__(self, connection_id: str) -> None:
        super().__init__()
        self.connection_id = connection_id
        self.setZValue(Z["connections"])

    def set_look(
        self, color: QColor, along_border: bool, bridge: bool, road: bool, selected: bool
    ) -> None:
        pen = QPen(SELECTED if selected else color)
        pen.setCosmetic(True)
        pen.setWidthF(4.0 if along_border else 2.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if not along_border:
            pen.setStyle(Qt.PenStyle.DashLine)
        if road and not along_border:
            pen.setStyle(Qt.PenStyle.SolidLine)
        self.setPen(pen)
        self.setToolTip(("bridged " if bridge else "") + self.connection_id)


class MarkerItem(QGraphicsItem):
    """A small symbol of fixed screen size: structures, supply sources, stacks, issues."""

    SIZE = 14.0

    def __init__(self, kind: str, entity_id: str, z: str) -> None:
        super().__init__()
        self.kind, self.entity_id = kind, entity_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z[z])
        self.fill = QColor("#ffffff")
        self.text = ""
        self.shape_kind = "circle"
        self.selected = False
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:
        s = self.SIZE
        width = s * (2.2 if self.shape_kind == "counter" else 1)
        return QRectF(-width / 2 - 2, -s / 2 - 2, width + 4, s + 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.SIZE
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(SELECTED if self.selected else QColor("#202020"))
        pen.setWidthF(2.5 if self.selected else 1.2)
        painter.setPen(pen)
        painter.setBrush(self.fill)
        if self.shape_kind == "square":
            painter.drawRect(QRectF(-s / 2, -s / 2, s, s))
        elif self.shape_kind == "diamond":
            painter.drawPolygon(
                QPolygonF(
                    [QPointF(0, -s / 2), QPointF(s / 2, 0), QPointF(0, s / 2), QPointF(-s / 2, 0)]
                )
            )
        elif self.shape_kind == "counter":
            painter.drawRoundedRect(QRectF(-s * 1.1, -s / 2, s * 2.2, s), 3, 3)
        elif self.shape_kind == "cross":
            painter.setPen(QPen(QColor("#d01010"), 3))
            painter.drawLine(QPointF(-s / 2, -s / 2), QPointF(s / 2, s / 2))
            painter.drawLine(QPointF(-s / 2, s / 2), QPointF(s / 2, -s / 2))
        else:
            painter.drawEllipse(QRectF(-s / 2, -s / 2, s, s))
        if self.text:
            font = painter.font()
            font.setPointSizeF(7.5)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("#ffffff") if self.fill.lightness() < 140 else QColor("#000"))
            painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self.text)
