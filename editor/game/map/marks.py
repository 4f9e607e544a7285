"""Fixed-size marks on the game map: structures, supply sources, VP stars, battles, bridges
and small text badges (MP costs, stacking counts).

A :class:`MarkItem` holds a look (a small tuple) and draws the picture its kind makes of it;
pictures are cached by look, so a hundred identical badges cost one drawing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.game.map.style import PICKED, TARGET, VP_GOLD, ink_on
from editor.game.map.symbols import draw_anchor, draw_plane, draw_star, draw_swords
from editor.shared.map.drawing import pixmap_of

Look = tuple
Box = Callable[[Look], QRectF]
Draw = Callable[[QPainter, Look], None]

_FONT: QFont | None = None


def _font() -> QFont:
    global _FONT
    if _FONT is None:
        _FONT = QFont()
        _FONT.setPointSizeF(7.5)
        _FONT.setBold(True)
    return _FONT


# -- structures -----------------------------------------------------------------------------------

STRUCTURE = 22.0


def _structure_box(look: Look) -> QRectF:
    return QRectF(-STRUCTURE / 2 - 9, -STRUCTURE / 2 - 9, STRUCTURE + 18, STRUCTURE + 18)


def _structure(painter: QPainter, look: Look) -> None:
    """``(kind, fortification, port, airport, owner rgba, worth VP, mark)``."""
    kind, fortification, port, airport, owner, vp, mark = look
    fill = QColor.fromRgba(owner)
    s = STRUCTURE / 2
    if mark:
        painter.setPen(QPen(TARGET if mark == "target" else PICKED, 6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(-s, -s, 2 * s, 2 * s))
    painter.setPen(QPen(QColor("#1b1b1b"), 1.4))
    painter.setBrush(fill)
    if fortification:
        # A fort seen from above: a square with a bastion at each corner, its level inside.
        r = s - 3
        painter.drawRect(QRectF(-r, -r, 2 * r, 2 * r))
        for x, y in ((-r, -r), (r, -r), (r, r), (-r, r)):
            painter.drawRect(QRectF(x - 2.5, y - 2.5, 5, 5))
        painter.setFont(_font())
        painter.setPen(ink_on(fill))
        painter.drawText(
            QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(fortification)
        )
    else:
        radius = s * (0.62 if kind == "village" else 0.8)
        painter.drawEllipse(QPointF(), radius, radius)
        if kind == "city":
            painter.setBrush(ink_on(fill))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(), radius * 0.32, radius * 0.32)
    badges = []
    if port:
        badges.append(draw_anchor)
    if airport:
        badges.append(draw_plane)
    for i, draw in enumerate(badges):
        centre = QPointF(s + 1, -s + 2 + i * 13)
        painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
        painter.setBrush(QColor("#fbfbf7"))
        painter.drawEllipse(centre, 6.5, 6.5)
        draw(painter, centre, 9.0, QColor("#1b1b1b"))
    if vp:
        draw_star(painter, QPointF(-s - 1, -s + 1), 6.5, VP_GOLD)


# -- supply sources -------------------------------------------------------------------------------

SOURCE = 16.0


def _source_box(look: Look) -> QRectF:
    return QRectF(-SOURCE / 2 - 3, -SOURCE / 2 - 3, SOURCE + 6, SOURCE + 6)


def _source(painter: QPainter, look: Look) -> None:
    """``(open, ring rgba)``: a diamond with the sign of supply (a bar over a bar)."""
    is_open, ring = look
    s = SOURCE / 2
    path = QPainterPath(QPointF(0, -s))
    for x, y in ((s, 0), (0, s), (-s, 0)):
        path.lineTo(x, y)
    path.closeSubpath()
    painter.setPen(QPen(QColor.fromRgba(ring), 2.2))
    painter.setBrush(QColor("#2f9e44" if is_open else "#adb5bd"))
    painter.drawPath(path)
    painter.setPen(QPen(QColor("#ffffff"), 1.6))
    painter.drawLine(QPointF(-s * 0.45, s * 0.15), QPointF(s * 0.45, s * 0.15))
    painter.drawLine(QPointF(-s * 0.25, -s * 0.2), QPointF(s * 0.25, -s * 0.2))


# -- small marks -------------------------------------------------------------------------------


def _square_box(size: float) -> Box:
    return lambda look: QRectF(-size / 2, -size / 2, size, size)


def _vp(painter: QPainter, look: Look) -> None:
    draw_star(painter, QPointF(), 6.5, VP_GOLD)


def _battle(painter: QPainter, look: Look) -> None:
    """``(open,)``: crossed swords on a disc; the battle being fought is red."""
    (is_open,) = look
    painter.setPen(QPen(QColor("#1b1b1b"), 1.2))
    painter.setBrush(QColor("#e03131" if is_open else "#fbfbf7"))
    painter.drawEllipse(QPointF(), 10.5, 10.5)
    draw_swords(painter, QPointF(), 11.0, QColor("#ffffff" if is_open else "#1b1b1b"))


def _bridge(painter: QPainter, look: Look) -> None:
    """A bridge over a crossing: a deck with its parapets."""
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(QColor("#6b5b45"))
    painter.drawRect(QRectF(-4, -7, 8, 14))
    painter.setPen(QPen(QColor("#f1e9d2"), 1.2))
    painter.drawLine(QPointF(-2, -6), QPointF(-2, 6))
    painter.drawLine(QPointF(2, -6), QPointF(2, 6))


def _text_box(look: Look) -> QRectF:
    text = look[0]
    width = QFontMetricsF(_font()).horizontalAdvance(text) + 10
    return QRectF(-width / 2, -8, width, 16)


def _text(painter: QPainter, look: Look) -> None:
    """``(text, background rgba)``: a pill with the text in black or white."""
    text, background = look
    box = _text_box(look).adjusted(0.5, 0.5, -0.5, -0.5)
    fill = QColor.fromRgba(background)
    painter.setPen(QPen(QColor(0, 0, 0, 170), 1.0))
    painter.setBrush(fill)
    painter.drawRoundedRect(box, 7.5, 7.5)
    painter.setFont(_font())
    painter.setPen(ink_on(fill))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


KINDS: dict[str, tuple[Box, Draw]] = {
    "structure": (_structure_box, _structure),
    "source": (_source_box, _source),
    "vp": (_square_box(16), _vp),
    "battle": (_square_box(24), _battle),
    "bridge": (_square_box(16), _bridge),
    "text": (_text_box, _text),
}

_PICTURES: dict[tuple[str, Look, float], QPixmap] = {}


class MarkItem(QGraphicsItem):
    """A mark of a kind in :data:`KINDS`, the same size on screen at any zoom."""

    def __init__(self, kind: str, entity_id: str, z: float) -> None:
        super().__init__()
        self.kind, self.entity_id = kind, entity_id
        self.look: Look = ()
        self.offset = QPointF()
        self._box = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(z)
        self.setAcceptHoverEvents(True)

    def set_look(self, look: Look) -> None:
        if look != self.look:
            self.prepareGeometryChange()
            self.look = look
            self._box = KINDS[self.kind][0](look)
            self.update()

    def set_offset(self, offset: QPointF) -> None:
        if offset != self.offset:
            self.prepareGeometryChange()
            self.offset = QPointF(offset)

    def boundingRect(self) -> QRectF:
        return self._box.translated(self.offset)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        key = (self.kind, self.look, ratio)
        picture = _PICTURES.get(key)
        if picture is None:
            draw, look = KINDS[self.kind][1], self.look
            picture = _PICTURES[key] = pixmap_of(self._box, ratio, lambda p: draw(p, look))
        painter.drawPixmap(self.boundingRect().topLeft(), picture)


def arrow_head(path: QPainterPath, a: QPointF, b: QPointF, size: float, share: float) -> None:
    """Add to ``path`` the two strokes of an arrow's head at ``b`` for the line from ``a``,
    each ``size`` long but at most ``share`` of the line, so a short step keeps a shaft."""
    line = b - a
    length = max((line.x() ** 2 + line.y() ** 2) ** 0.5, 1e-6)
    unit = QPointF(line.x() / length, line.y() / length)
    normal = QPointF(-unit.y(), unit.x())
    size = min(size, length * share)
    path.moveTo(b)
    path.lineTo(b - unit * size + normal * size * 0.5)
    path.moveTo(b)
    path.lineTo(b - unit * size - normal * size * 0.5)
