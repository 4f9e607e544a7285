"""Graphics items of the map, one class per kind of thing drawn.

Items only draw; they hold the id of what they show and never change the scenario. The
scene rebuilds or restyles them when the document says something changed.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.shared.map.drawing import LABEL_Z, pixmap_of, text_colour

# Z order of the layers, bottom to top.
Z = {
    "background": -10,
    "regions": 0,
    "problems": 5,
    "connections": 10,
    "supply": 20,
    "structures": 30,
    "stacks": 40,
    "labels": LABEL_Z,
    "issues": 60,
    "fan": 70,
    "tool": 100,
}

SELECTED = QColor("#ffcc00")


BORDER = QColor(40, 40, 40, 170)
"""The colour of region borders (drawn opaque, blended with the region's fill: Qt strokes
semi-transparent lines three times slower)."""
_BORDERS: dict[int, QPen] = {}


def border_pen(fill: QColor) -> QPen:
    """The pen of a region's border: :data:`BORDER` over the region's fill, made opaque."""
    pen = _BORDERS.get(fill.rgba())
    if pen is None:
        share = BORDER.alphaF()
        mixed = QColor.fromRgbF(
            *(
                share * b + (1 - share) * f
                for b, f in zip(BORDER.getRgbF()[:3], fill.getRgbF()[:3], strict=True)
            )
        )
        pen = _BORDERS[fill.rgba()] = QPen(mixed)
        pen.setCosmetic(True)
        pen.setWidthF(0.8)
    return pen


class MarkerItem(QGraphicsRectItem):
    """A small symbol of fixed screen size: structures, supply sources, stacks, issues.

    ``offset`` moves the symbol by screen pixels from its map position, so symbols placed by
    the map (not by an anchor) keep clear of the region's name at any zoom. Its box is the
    rectangle of a ``QGraphicsRectItem`` (no pen), which Qt reads without calling Python:
    symbols of a fixed screen size are asked for their box at every repaint (see
    :class:`editor.shared.map.drawing.LabelItem`).
    """

    SIZE = 14.0

    def __init__(self, kind: str, entity_id: str, z: str) -> None:
        super().__init__()
        self.kind, self.entity_id = kind, entity_id
        self.setPen(Qt.PenStyle.NoPen)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z[z])
        self.fill = QColor("#ffffff")
        self.text = ""
        self._shape_kind = "circle"
        self.selected = False
        self.units: list[str] = []
        """The units and leaders of a stack."""
        self.offset = QPointF()
        self.in_row = False
        """Placed by the map over the region's name (see :mod:`.placement`)."""
        self.setAcceptHoverEvents(True)
        self._fit()

    @property
    def shape_kind(self) -> str:
        return self._shape_kind

    @shape_kind.setter
    def shape_kind(self, shape: str) -> None:
        if shape != self._shape_kind:
            self._shape_kind = shape
            self._fit()

    def set_offset(self, offset: QPointF) -> None:
        if offset != self.offset:
            self.offset = QPointF(offset)
            self._fit()

    def _fit(self) -> None:
        self.setRect(self._box().translated(self.offset))

    def width(self) -> float:
        return self.SIZE * (2.2 if self._shape_kind == "counter" else 1)

    def _box(self) -> QRectF:
        """The symbol's box around its own centre, before the offset."""
        s, width = self.SIZE, self.width()
        return QRectF(-width / 2 - 2, -s / 2 - 2, width + 4, s + 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # Markers of one look share one picture: drawing the shapes and text of hundreds of
        # stacks at every repaint took longer than the rest of the map.
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        key = (self.shape_kind, self.fill.rgba(), self.text, self.selected, ratio)
        picture = _MARKERS.get(key)
        if picture is None:
            picture = _MARKERS[key] = pixmap_of(self._box(), ratio, self._draw)
        painter.drawPixmap(self.rect().topLeft(), picture)

    def _draw(self, painter: QPainter) -> None:
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
        elif self.shape_kind == "warning":
            painter.setPen(QPen(QColor("#6b4a00"), 1.2))
            painter.setBrush(QColor("#f2b705"))
            painter.drawPolygon(
                QPolygonF([QPointF(0, -s / 2), QPointF(s / 2, s / 2), QPointF(-s / 2, s / 2)])
            )
            painter.drawLine(QPointF(0, -s / 6), QPointF(0, s / 6))
            painter.drawPoint(QPointF(0, s / 3))
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
            painter.setPen(text_colour(self.fill))
            painter.drawText(self._box(), Qt.AlignmentFlag.AlignCenter, self.text)


def screen_centre(item: QGraphicsItem, view: QGraphicsView) -> QPointF:
    """The map point under the centre of what an item draws in ``view`` (symbols drawn at a
    fixed screen size are offset from their position by pixels)."""
    box = item.boundingRect().center()
    pixel = item.deviceTransform(view.viewportTransform()).map(box)
    return view.mapToScene(pixel.toPoint())


_MARKERS: dict[tuple[str, int, str, bool, float], QPixmap] = {}
"""Pictures of markers, by look (few: a handful of shapes and colours, short numbers)."""
