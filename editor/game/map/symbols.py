"""Small pictures drawn with a painter: unit symbols, stars, and the marks of places.

Unit symbols follow the look of military map symbols (a frame with a sign inside: crossed
lines for infantry, an oval for armour, a dot for artillery...), which wargamers read at a
glance; the sign is chosen from the unit type's roles, domain, tags and movement class, so
any scenario gets sensible counters without pictures. Everything is drawn from lines and
polygons, so nothing depends on the fonts of the machine.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from schemas.units import UnitType

_ROLE_SYMBOLS = (
    ("fortification", "fortification"),
    ("mine", "mine"),
    ("hq", "hq"),
    ("logistics", "supply"),
    ("aa", "aa"),
    ("siege_artillery", "siege"),
    ("artillery", "artillery"),
    ("antitank", "antitank"),
    ("armour", "armour"),
    ("recon", "recon"),
    ("guerrilla", "guerrilla"),
    ("transport", "transport"),
    ("naval", "naval"),
)


def symbol_of(unit_type: UnitType | None) -> str:
    """The sign drawn for a unit type (see :func:`draw_unit_symbol`)."""
    if unit_type is None:
        return "infantry"
    if unit_type.domain == "air":
        return "bomber" if {"bomber", "dive_bomber"} & set(unit_type.roles) else "air"
    roles = set(unit_type.roles)
    for role, symbol in _ROLE_SYMBOLS:
        if role in roles:
            return symbol
    if unit_type.domain == "naval":
        return "naval"
    if "mountain" in unit_type.tags:
        return "mountain"
    if unit_type.movement_class == "motorized":
        return "motorized"
    return "infantry"


def draw_unit_symbol(
    painter: QPainter, frame: QRectF, symbol: str, ink: QColor, paper: QColor | None = None
) -> None:
    """A unit's sign in a frame of ``paper`` (white by default; the frame's size sets the
    sign's)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(ink, 1.3)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(paper if paper is not None else QColor("#fbfbf7"))
    if symbol in ("air", "bomber"):
        painter.drawRoundedRect(frame, frame.height() / 2, frame.height() / 2)
    else:
        painter.drawRect(frame)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _SIGNS.get(symbol, _infantry)(painter, frame.adjusted(1, 1, -1, -1), ink)
    painter.restore()


def _infantry(p: QPainter, r: QRectF, ink: QColor) -> None:
    p.drawLine(r.topLeft(), r.bottomRight())
    p.drawLine(r.bottomLeft(), r.topRight())


def _mountain(p: QPainter, r: QRectF, ink: QColor) -> None:
    _infantry(p, r, ink)
    c, h = r.center().x(), r.height() * 0.38
    p.setBrush(ink)
    p.drawPolygon(
        QPolygonF(
            [
                QPointF(c - h * 0.8, r.bottom()),
                QPointF(c, r.bottom() - h),
                QPointF(c + h * 0.8, r.bottom()),
            ]
        )
    )
    p.setBrush(Qt.BrushStyle.NoBrush)


def _motorized(p: QPainter, r: QRectF, ink: QColor) -> None:
    _infantry(p, r, ink)
    p.drawLine(QPointF(r.center().x(), r.top()), QPointF(r.center().x(), r.bottom()))


def _armour(p: QPainter, r: QRectF, ink: QColor) -> None:
    oval = r.adjusted(r.width() * 0.14, r.height() * 0.22, -r.width() * 0.14, -r.height() * 0.22)
    p.drawRoundedRect(oval, oval.height() / 2, oval.height() / 2)


def _recon(p: QPainter, r: QRectF, ink: QColor) -> None:
    p.drawLine(r.bottomLeft(), r.topRight())


def _artillery(p: QPainter, r: QRectF, ink: QColor) -> None:
    size = r.height() * 0.42
    p.setBrush(ink)
    p.drawEllipse(r.center(), size / 2, size / 2)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _siege(p: QPainter, r: QRectF, ink: QColor) -> None:
    size = r.height() * 0.36
    p.setBrush(ink)
    for shift in (-0.22, 0.22):
        p.drawEllipse(r.center() + QPointF(r.width() * shift, 0), size / 2, size / 2)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _aa(p: QPainter, r: QRectF, ink: QColor) -> None:
    arc = QRectF(r.left() + r.width() * 0.15, r.center().y(), r.width() * 0.7, r.height() * 0.9)
    p.drawArc(arc, 0, 180 * 16)
    _artillery(p, QRectF(r.left(), r.center().y() - 1, r.width(), r.height() * 0.6), ink)


def _antitank(p: QPainter, r: QRectF, ink: QColor) -> None:
    p.drawLine(r.bottomLeft(), QPointF(r.center().x(), r.top()))
    p.drawLine(QPointF(r.center().x(), r.top()), r.bottomRight())


def _hq(p: QPainter, r: QRectF, ink: QColor) -> None:
    # A staff with a pennant: the sign of a headquarters.
    x = r.left() + r.width() * 0.3
    p.drawLine(QPointF(x, r.bottom()), QPointF(x, r.top()))
    p.setBrush(ink)
    p.drawPolygon(
        QPolygonF(
            [
                QPointF(x, r.top()),
                QPointF(r.right() - r.width() * 0.15, r.top() + r.height() * 0.25),
                QPointF(x, r.top() + r.height() * 0.5),
            ]
        )
    )
    p.setBrush(Qt.BrushStyle.NoBrush)


def _supply(p: QPainter, r: QRectF, ink: QColor) -> None:
    y = r.bottom() - r.height() * 0.3
    p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
    y2 = r.top() + r.height() * 0.3
    p.drawLine(QPointF(r.left() + r.width() * 0.3, y2), QPointF(r.right() - r.width() * 0.3, y2))


def _mine(p: QPainter, r: QRectF, ink: QColor) -> None:
    size = r.height() * 0.3
    p.setBrush(ink)
    for shift in (-0.3, 0.0, 0.3):
        p.drawEllipse(r.center() + QPointF(r.width() * shift, 0), size / 2, size / 2)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _fortification(p: QPainter, r: QRectF, ink: QColor) -> None:
    # Battlements along the bottom of the frame.
    base = r.bottom() - r.height() * 0.2
    top = r.top() + r.height() * 0.35
    path = QPainterPath(QPointF(r.left() + 1, base))
    step = (r.width() - 2) / 5
    x = r.left() + 1
    for i in range(5):
        y = top if i % 2 == 0 else base - r.height() * 0.2
        path.lineTo(QPointF(x, y))
        path.lineTo(QPointF(x + step, y))
        x += step
    path.lineTo(QPointF(x, base))
    path.closeSubpath()
    p.setBrush(ink)
    p.drawPath(path)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _guerrilla(p: QPainter, r: QRectF, ink: QColor) -> None:
    _infantry(p, r, ink)
    top = QRectF(r.left(), r.top(), r.width(), r.height() * 0.35)
    p.fillRect(top.adjusted(0.5, 0.5, -0.5, 0), QBrush(ink, Qt.BrushStyle.Dense5Pattern))


def _air(p: QPainter, r: QRectF, ink: QColor) -> None:
    # A propeller: two lobes meeting at the centre.
    c = r.center()
    w, h = r.width() * 0.3, r.height() * 0.3
    p.setBrush(ink)
    for side in (-1, 1):
        p.drawPolygon(
            QPolygonF(
                [c, QPointF(c.x() + side * w, c.y() - h), QPointF(c.x() + side * w, c.y() + h)]
            )
        )
    p.setBrush(Qt.BrushStyle.NoBrush)


def _bomber(p: QPainter, r: QRectF, ink: QColor) -> None:
    _air(p, r, ink)
    p.drawLine(
        QPointF(r.left() + r.width() * 0.15, r.bottom() - 1),
        QPointF(r.right() - r.width() * 0.15, r.bottom() - 1),
    )


def _naval(p: QPainter, r: QRectF, ink: QColor) -> None:
    hull = QPolygonF(
        [
            QPointF(r.left() + r.width() * 0.12, r.center().y() + 1),
            QPointF(r.right() - r.width() * 0.12, r.center().y() + 1),
            QPointF(r.right() - r.width() * 0.26, r.bottom()),
            QPointF(r.left() + r.width() * 0.26, r.bottom()),
        ]
    )
    p.setBrush(ink)
    p.drawPolygon(hull)
    p.drawLine(QPointF(r.center().x(), r.center().y()), QPointF(r.center().x(), r.top() + 1))
    p.setBrush(Qt.BrushStyle.NoBrush)


def _transport(p: QPainter, r: QRectF, ink: QColor) -> None:
    _naval(p, r, ink)
    p.drawLine(QPointF(r.left() + 2, r.top() + 2), QPointF(r.right() - 2, r.top() + 2))


def _leader(p: QPainter, r: QRectF, ink: QColor) -> None:
    p.setBrush(ink)
    p.drawPolygon(star(r.center(), r.height() * 0.45))
    p.setBrush(Qt.BrushStyle.NoBrush)


_SIGNS = {
    "infantry": _infantry,
    "mountain": _mountain,
    "motorized": _motorized,
    "armour": _armour,
    "recon": _recon,
    "artillery": _artillery,
    "siege": _siege,
    "aa": _aa,
    "antitank": _antitank,
    "hq": _hq,
    "supply": _supply,
    "mine": _mine,
    "fortification": _fortification,
    "guerrilla": _guerrilla,
    "air": _air,
    "bomber": _bomber,
    "naval": _naval,
    "transport": _transport,
    "leader": _leader,
}


# -- shapes shared by several marks ---------------------------------------------------------------


def star(centre: QPointF, radius: float) -> QPolygonF:
    """A five-pointed star."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    return QPolygonF(points)


def _round_pen(ink: QColor, width: float) -> QPen:
    pen = QPen(ink, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def draw_star(painter: QPainter, centre: QPointF, radius: float, fill: QColor) -> None:
    painter.setPen(QPen(QColor("#5c4400"), 0.9))
    painter.setBrush(fill)
    painter.drawPolygon(star(centre, radius))


def draw_anchor(painter: QPainter, centre: QPointF, size: float, ink: QColor) -> None:
    """A ship's anchor: a port."""
    s = size / 2
    painter.setPen(_round_pen(ink, 1.4))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(centre.x(), centre.y() - s * 0.72), s * 0.22, s * 0.22)
    painter.drawLine(QPointF(centre.x(), centre.y() - s * 0.5), QPointF(centre.x(), centre.y() + s))
    painter.drawLine(
        QPointF(centre.x() - s * 0.45, centre.y() - s * 0.2),
        QPointF(centre.x() + s * 0.45, centre.y() - s * 0.2),
    )
    painter.drawArc(
        QRectF(centre.x() - s * 0.8, centre.y() - s * 0.1, s * 1.6, s * 1.1), 180 * 16, 180 * 16
    )


def draw_plane(painter: QPainter, centre: QPointF, size: float, ink: QColor) -> None:
    """A small aeroplane seen from above: an airfield."""
    s = size / 2
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    x, y = centre.x(), centre.y()
    body = QRectF(x - s * 0.14, y - s, s * 0.28, s * 2)
    painter.drawRoundedRect(body, s * 0.14, s * 0.14)
    painter.drawPolygon(
        QPolygonF(
            [
                QPointF(x - s, y + s * 0.1),
                QPointF(x, y - s * 0.35),
                QPointF(x + s, y + s * 0.1),
                QPointF(x, y + s * 0.05),
            ]
        )
    )
    painter.drawPolygon(
        QPolygonF(
            [
                QPointF(x - s * 0.45, y + s * 0.95),
                QPointF(x, y + s * 0.6),
                QPointF(x + s * 0.45, y + s * 0.95),
            ]
        )
    )


def draw_swords(painter: QPainter, centre: QPointF, size: float, ink: QColor) -> None:
    """Two crossed swords: a battle."""
    s = size / 2
    painter.setPen(_round_pen(ink, 2.0))
    x, y = centre.x(), centre.y()
    for side in (-1, 1):
        painter.drawLine(QPointF(x - side * s, y + s), QPointF(x + side * s * 0.9, y - s * 0.9))
        guard = QPointF(x - side * s * 0.55, y + s * 0.55)
        painter.drawLine(
            guard + QPointF(-s * 0.25, -s * 0.25 * side * -1),
            guard + QPointF(s * 0.25, s * 0.25 * side * -1),
        )
