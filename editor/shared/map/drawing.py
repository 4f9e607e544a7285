"""Drawing pieces both maps use, the studio's and the game's: a region's outline as a path,
where its symbols go, its name at a fixed screen size, and cached pictures of symbols."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from schemas.map import Polygon, Region

LABEL_Z = 50
"""The height of names over the map (over regions and symbols, under tools)."""


def outline_path(region: Region) -> QPainterPath:
    return polygon_path(region.polygon)


def polygon_path(polygon: Polygon) -> QPainterPath:
    """An outline of the format as a path, its holes left empty."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (polygon.exterior, *polygon.holes):
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


class LabelItem(QGraphicsRectItem):
    """A region's name, centred under its anchor, the same size on screen at any zoom: in
    the usual font, or a smaller one where the region is small on screen (see
    :mod:`editor.studio.map.names`).

    Cached as a small picture (text is slow to draw), redrawn only when the label changes.
    Its box is the rectangle of a ``QGraphicsRectItem`` (no pen, no brush), so Qt reads it
    without calling Python: items drawn at a fixed screen size are not in the scene's
    spatial index, and Qt asks each of them for its box at every repaint, even of a corner
    of the map (on a 10,000-region map zoomed in, 10,000 names: 35 ms a repaint when the
    box came from a Python method).
    """

    DROP = 6.0
    """How far the name hangs under its point, in pixels (symbols go above the point)."""
    SIZES = (8.5, 7.0)
    """The usual font size and the smallest that still reads well, in points."""
    _fonts: list[QFont] = []
    _metrics: list[QFontMetricsF] = []
    _heights: tuple[float, float] = (0.0, 0.0)

    def __init__(
        self, region_id: str, text: str, widths: tuple[float, float] | None = None
    ) -> None:
        super().__init__()
        self.region_id = region_id
        self.text = ""
        self.small = False
        self.widths = (0.0, 0.0)
        """The width of the name's box in each font, in pixels."""
        self.setPen(Qt.PenStyle.NoPen)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(LABEL_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._load_fonts()
        self.set_text(text, widths)

    @classmethod
    def _load_fonts(cls) -> None:
        if not LabelItem._fonts:
            for size in cls.SIZES:
                font = QFont()
                font.setPointSizeF(size)
                LabelItem._fonts.append(font)
                LabelItem._metrics.append(QFontMetricsF(font))
            usual, small = (metrics.height() + 2 for metrics in LabelItem._metrics)
            LabelItem._heights = (usual, small)

    @classmethod
    def heights(cls) -> tuple[float, float]:
        """The height of a name's box in each font, in pixels."""
        cls._load_fonts()
        return cls._heights

    @classmethod
    def widths_of(cls, text: str) -> tuple[float, float]:
        """The width of the box of a name reading ``text`` in each font, in pixels."""
        cls._load_fonts()
        usual, small = (metrics.horizontalAdvance(text) + 4 for metrics in cls._metrics)
        return (usual, small)

    @classmethod
    def widths_of_many(cls, texts: list[str]) -> list[tuple[float, float]]:
        """:meth:`widths_of` for many names (a whole map's: one Python call fewer each)."""
        cls._load_fonts()
        usual, small = (metrics.horizontalAdvance for metrics in cls._metrics)
        return [(usual(text) + 4, small(text) + 4) for text in texts]

    def set_text(self, text: str, widths: tuple[float, float] | None = None) -> None:
        """Show ``text``; ``widths``: its :meth:`widths_of`, when known."""
        if text == self.text and not self.rect().isNull():
            return
        self.text = text
        self.widths = widths if widths is not None else self.widths_of(text)
        self._resize()

    def set_small(self, small: bool) -> None:
        """Draw the name in the small font or the usual one."""
        if small != self.small:
            self.small = small
            self._resize()

    def _resize(self) -> None:
        width, height = self.widths[self.small], self._heights[self.small]
        self.setRect(QRectF(-width / 2, self.DROP, width, height))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        box = self.rect()
        painter.setFont(self._fonts[self.small])
        painter.setPen(QColor(255, 255, 255, 200))
        painter.drawText(box.translated(1, 1), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.setPen(QColor("#1a1a1a"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


def pixmap_of(box: QRectF, ratio: float, draw: Callable[[QPainter], None]) -> QPixmap:
    """A picture of what ``draw`` paints inside ``box`` (pixels around the origin), made
    at the device pixel ``ratio``, on a transparent ground and smoothed: symbols of a
    fixed screen size are drawn once per look and then copied at every repaint."""
    picture = QPixmap((box.size() * ratio).toSize())
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(-box.topLeft())
    try:
        draw(painter)
    finally:
        painter.end()
    return picture


def text_colour(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    return QColor("#ffffff") if fill.lightness() < 140 else QColor("#000000")
