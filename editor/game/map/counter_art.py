"""The pictures of counters: a stack's counter at full size, shrunk, or compact, and the
pile one counter tops when a region shows a side's stacks as one.

Counters keep one size on screen at a given zoom, but that size shrinks as the map zooms
out (:data:`SIZES`), so that a theatre of small regions still shows each region's forces
inside it. Shrunk a little, a counter is the same picture scaled; shrunk to the compact
size, small type would be unreadable, so the compact picture keeps only what reads at that
size: the side's colour, the unit's sign (or picture) on paper tinted with that colour (so
the whole counter reads as the side's), the number of units, a star for a leader and the
marks of supply and entrenchment. A pile is drawn as the counters beneath
peeking out up and left of the top one, and a dark badge "xN" with the number of stacks:
the count of stacks is what the separate counters would have shown, nothing more.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap, QPolygonF

from editor.game.map.fog import FLAG, OUTLINE
from editor.game.map.style import PICKED, SELECTED, TARGET, ink_on
from editor.game.map.symbols import draw_star, draw_unit_symbol
from editor.shared.images import load_image
from editor.shared.map.drawing import pixmap_of

if TYPE_CHECKING:
    from editor.game.map.counters import CounterLook

WIDTH, HEIGHT = 46.0, 34.0
"""A counter's body at full size, in screen pixels."""
MARGIN = 8.0
"""Room around the body for badges (count, stars, marks, the pile's)."""
SIZES = (1.0, 0.8, 0.6)
"""The sizes a counter is drawn at, as a share of full size: few, so pictures are shared."""
COMPACT = 0.7
"""Below this size a counter is drawn compact (no type name, larger sign)."""
CHIP = 0.42
"""The size of counters in a region too small on screen for compact ones: a chip of the
side's colour and the unit's sign, no badges (the tooltip and zooming in tell the rest)."""
PILE_STEP = 3.0
"""How far each counter beneath a pile's top peeks out (pixels)."""

_PICTURES: dict[tuple[CounterLook, float, float], QPixmap] = {}
_FONTS: dict[str, QFont] = {}


def body(size: float = 1.0) -> QRectF:
    """A counter's body at ``size``, centred on its point (pixels)."""
    width, height = WIDTH * size, HEIGHT * size
    return QRectF(-width / 2, -height / 2, width, height)


def box(size: float = 1.0) -> QRectF:
    """A counter's whole picture at ``size``: the body and the room for badges."""
    return body(size).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


def picture(look: CounterLook, ratio: float, size: float) -> QPixmap:
    """The counter's picture, drawn once per look, device ratio and size."""
    key = (look, ratio, size)
    found = _PICTURES.get(key)
    if found is None:
        found = _PICTURES[key] = render(look, ratio, size)
    return found


def _font(name: str, size: float, bold: bool, condensed: bool = False) -> QFont:
    font = _FONTS.get(name)
    if font is None:
        font = _FONTS[name] = QFont()
        font.setPointSizeF(size)
        font.setBold(bold)
        if condensed:
            font.setStretch(QFont.Stretch.SemiCondensed)
    return font


def render(look: CounterLook, ratio: float = 1.0, size: float = 1.0) -> QPixmap:
    """The picture of a counter (its box, badges included)."""
    return pixmap_of(box(size), ratio, lambda painter: _draw_counter(painter, look, size))


def _draw_counter(painter: QPainter, look: CounterLook, size: float) -> None:
    if look.pile > 1:
        _draw_beneath(painter, look, body(size))
    if size >= COMPACT:
        painter.save()
        painter.scale(size, size)
        _draw(painter, look, body(), compact=False)
        painter.restore()
    else:
        _draw(painter, look, body(size), compact=True)
    if look.pile > 1 and size > CHIP:
        _pile_badge(painter, body(size), look.pile)


def _draw(painter: QPainter, look: CounterLook, rect: QRectF, compact: bool) -> None:
    fill = QColor.fromRgba(look.fill)
    if look.view == FLAG:
        _draw_flag(painter, fill, look, rect)
        return
    _draw_body(painter, fill, look, rect)
    if look.view == OUTLINE and look.symbol:
        # An outline whose type the viewer's intelligence reads (operational rules, OI2):
        # the sign read (maybe wrong, OI4) on the dashed, pale body.
        if compact:
            _draw_compact_content(painter, fill, look, rect)
        else:
            _draw_content(painter, fill, look, rect)
    elif look.view == OUTLINE:
        painter.setFont(_font("ask-small" if compact else "ask", 10 if compact else 15, True))
        painter.setPen(ink_on(fill))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
    elif compact:
        _draw_compact_content(painter, fill, look, rect)
    else:
        _draw_content(painter, fill, look, rect)


def _frame_pen(look: CounterLook, wide: float) -> QPen:
    if look.mark:
        pen = QPen(TARGET if look.mark == "target" else PICKED, 3.0 * wide)
    elif look.selected:
        pen = QPen(SELECTED, 3.2 * wide)
    else:
        pen = QPen(QColor("#1b1b1b"), 1.2)
    if look.view == OUTLINE and not (look.mark or look.selected):
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def _draw_body(painter: QPainter, fill: QColor, look: CounterLook, rect: QRectF) -> None:
    small = rect.width() < WIDTH
    radius = 3.0 if small else 4.0
    wide = 0.8 if small else 1.0
    if look.selected or look.mark:
        # A dark rim outside the bright frame keeps it visible on light terrain.
        painter.setPen(QPen(QColor(0, 0, 0, 150), 5.5 * wide))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, radius, radius)
    if look.entrenched:
        _draw_trench(painter, rect)
    fill_body = QColor(fill)
    if look.view == OUTLINE:
        fill_body.setAlpha(150)
    painter.setPen(_frame_pen(look, wide))
    painter.setBrush(fill_body)
    painter.drawRoundedRect(rect, radius, radius)


def _draw_trench(painter: QPainter, rect: QRectF) -> None:
    """Sandbags along the bottom: an entrenched stack."""
    painter.setPen(QPen(QColor("#3d2b12"), 0.8))
    painter.setBrush(QColor("#a0763c"))
    count = 6 if rect.width() >= WIDTH else 4
    height = 7.0 if rect.width() >= WIDTH else 5.0
    y = rect.bottom() - 2
    width = (rect.width() + 6) / count
    for i in range(count):
        x = rect.left() - 3 + i * width
        painter.drawRoundedRect(QRectF(x, y, width - 0.5, height), 2.5, 2.5)


def _draw_image(painter: QPainter, path: str, room: QRectF) -> bool:
    if not path:
        return False
    # ``path`` is a real path already checked against the scenario's folder; it is read the
    # guarded way again (it may have become a pipe since) and decoded with the size cap.
    real = Path(path)
    loaded = load_image(real.parent, real.name)
    if loaded.image is None:
        return False
    image = QPixmap.fromImage(loaded.image)
    scaled = image.scaled(
        room.size().toSize() * 2,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    fitted = scaled.size().scaled(room.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
    target = QRectF(QPointF(), fitted.toSizeF())
    target.moveCenter(room.center())
    painter.drawPixmap(target, scaled, QRectF(scaled.rect()))
    return True


def _shade_moved(painter: QPainter, fill: QColor, rect: QRectF) -> None:
    ink = ink_on(fill)
    shade = QColor(255, 255, 255, 110) if ink.lightness() < 128 else QColor(0, 0, 0, 90)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(shade)
    painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3)


def _draw_content(painter: QPainter, fill: QColor, look: CounterLook, rect: QRectF) -> None:
    if not _draw_image(painter, look.picture, rect.adjusted(3, 3, -3, -11)):
        frame = QRectF(-13, rect.top() + 4, 26, 15)
        draw_unit_symbol(painter, frame, look.symbol, QColor("#1b1b1b"))
    if look.text:
        font = _font("name", 6.6, True, condensed=True)
        metrics = QFontMetricsF(font)
        text = metrics.elidedText(look.text, Qt.TextElideMode.ElideRight, WIDTH - 4)
        painter.setFont(font)
        painter.setPen(ink_on(fill))
        painter.drawText(
            QRectF(rect.left(), rect.bottom() - 13, WIDTH, 12), Qt.AlignmentFlag.AlignCenter, text
        )
    if look.moved:
        _shade_moved(painter, fill, rect)
    if look.count:
        _badge(painter, QPointF(rect.right() - 1, rect.top() + 1), str(look.count), "count", 7.0)
    for i in range(min(look.stars, 4)):
        draw_star(painter, QPointF(rect.left() + 5 + i * 8.5, rect.top()), 4.6, QColor("#f5c518"))
    if look.unsupplied:
        _no_supply(painter, QPointF(rect.left() + 1, rect.bottom() - 2), 6.5)
    if look.fixed:
        _fixed_badge(painter, QPointF(rect.right() - 1, rect.bottom() - 1), look.fixed, 7.4)


def _draw_compact_content(painter: QPainter, fill: QColor, look: CounterLook, rect: QRectF) -> None:
    """What reads on a small counter: the sign (or picture), the count, marks."""
    if not _draw_image(painter, look.picture, rect.adjusted(2, 2, -2, -2)):
        inset = 8.0 if rect.width() > WIDTH * CHIP else 5.0
        frame = QRectF(0, 0, rect.width() - inset, rect.height() - inset * 0.85)
        frame.moveCenter(rect.center())
        # The sign's frame fills most of a small counter: a white one left the side's colour
        # a thin rim, and two sides' counters looked alike at a whole map's zoom. Tinted
        # with the side's colour, the whole counter reads as the side's.
        draw_unit_symbol(painter, frame, look.symbol, QColor("#1b1b1b"), tint(fill))
    if look.moved:
        _shade_moved(painter, fill, rect)
    if rect.width() <= WIDTH * CHIP:
        # A chip keeps only the one mark a player must not miss: out of supply.
        if look.unsupplied:
            _no_supply(painter, QPointF(rect.left(), rect.bottom() - 1), 3.5)
        return
    if look.count:
        _badge(painter, QPointF(rect.right(), rect.top()), str(look.count), "count-small", 5.8)
    if look.stars:
        draw_star(painter, QPointF(rect.left() + 2, rect.top()), 3.8, QColor("#f5c518"))
    if look.unsupplied:
        _no_supply(painter, QPointF(rect.left(), rect.bottom() - 1), 4.5)
    if look.fixed:
        _fixed_badge(painter, QPointF(rect.right(), rect.bottom()), look.fixed, 6.0)


FIXED_COLOURS = {"place": QColor("#b3261e"), "zone": QColor("#1f7a4d")}
"""The fixed mark's colour: held in place, or free inside a zone (OM20)."""


def _fixed_badge(painter: QPainter, centre: QPointF, kind: str, points: float) -> None:
    """A square "F" at the bottom right: a fixed unit (red: held in place; green: free only
    inside its fixed zone)."""
    font = _font(f"fixed-{points}", points, True)
    side = QFontMetricsF(font).height() + 1
    square = QRectF(0, 0, side, side)
    square.moveCenter(centre)
    painter.setPen(QPen(QColor("#ffffff"), 1.0))
    painter.setBrush(FIXED_COLOURS.get(kind, FIXED_COLOURS["place"]))
    painter.drawRect(square)
    painter.setFont(font)
    painter.drawText(square, Qt.AlignmentFlag.AlignCenter, "F")


def tint(fill: QColor, share: float = 0.45) -> QColor:
    """``fill`` mixed with white, ``share`` of the side's colour: the paper of a compact
    counter's sign, light enough for the black sign on it."""
    white = 251
    return QColor(
        round(fill.red() * share + white * (1 - share)),
        round(fill.green() * share + white * (1 - share)),
        round(fill.blue() * share + white * (1 - share)),
    )


def _badge(painter: QPainter, centre: QPointF, text: str, name: str, points: float) -> None:
    font = _font(name, points, True)
    height = 13.0 if points >= 7 else 11.0
    width = max(height, QFontMetricsF(font).horizontalAdvance(text) + 6)
    area = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(QColor("#fbfbf7"))
    painter.drawRoundedRect(area, height / 2, height / 2)
    painter.setFont(font)
    painter.setPen(QColor("#1b1b1b"))
    painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


def _draw_beneath(painter: QPainter, look: CounterLook, rect: QRectF) -> None:
    """The counters beneath a pile's top: edges peeking out up and left, in the side's
    colour darkened (what they hold is not drawn: only the top counter is read)."""
    fill = QColor.fromRgba(look.fill).darker(135)
    if look.view == OUTLINE:
        fill.setAlpha(150)
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(fill)
    for depth in range(min(look.pile - 1, 2), 0, -1):
        step = PILE_STEP * depth
        painter.drawRoundedRect(rect.translated(-step, -step), 3, 3)


def _pile_badge(painter: QPainter, rect: QRectF, stacks: int) -> None:
    """A badge at the bottom right, white on dark: the number of stacks in this pile."""
    font = _font("pile", 6.4, True)
    text = f"\u00d7{stacks}"  # the multiplication sign
    height = 12.0
    width = max(height, QFontMetricsF(font).horizontalAdvance(text) + 6)
    centre = QPointF(rect.right() - 1, rect.bottom() - 1)
    area = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
    painter.setPen(QPen(QColor("#f8f9fa"), 1.0))
    painter.setBrush(QColor("#212529"))
    painter.drawRoundedRect(area, 3, 3)
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


def _no_supply(painter: QPainter, centre: QPointF, radius: float) -> None:
    """A red disc with a white bar: out of supply."""
    painter.setPen(QPen(QColor("#5c0000"), 1.0))
    painter.setBrush(QColor("#e03131"))
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(QPen(QColor("#ffffff"), 2.2 * radius / 6.5))
    bar = radius * 0.55
    painter.drawLine(centre + QPointF(-bar, 0), centre + QPointF(bar, 0))


def _draw_flag(painter: QPainter, fill: QColor, look: CounterLook, rect: QRectF) -> None:
    k = rect.width() / WIDTH
    pole = QPointF(-9 * k, rect.bottom())
    if look.selected or look.mark:
        painter.setPen(QPen(TARGET if look.mark else SELECTED, 5 * k))
        painter.drawLine(pole, QPointF(pole.x(), rect.top()))
    painter.setPen(QPen(QColor("#2b2b2b"), 2.0 * max(k, 0.7)))
    painter.drawLine(pole, QPointF(pole.x(), rect.top()))
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(fill)
    top = rect.top() + 1
    x = pole.x()
    points = [(0, 0), (24, 4), (18, 9), (24, 15), (0, 15)]
    painter.drawPolygon(QPolygonF([QPointF(x + dx * k, top + dy * k) for dx, dy in points]))
