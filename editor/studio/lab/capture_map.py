"""The capture heatmap on the map itself: each region shaded by how often it changed hands per
game, the busiest ones named, drawn with QPainter onto an image (like
``editor/shared/preview.py``)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from schemas.scenario import Scenario

from .charts import HEAT, image_png

WIDTH = 900
MARGIN = 20.0
NAMED = 12
"""Regions captured most are named on the picture; more names would cover the map."""


def _path(region: Any) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in region.polygon.exterior]))
    path.closeSubpath()
    for hole in region.polygon.holes:
        inner = QPainterPath()
        inner.addPolygon(QPolygonF([QPointF(x, y) for x, y in hole]))
        inner.closeSubpath()
        path = path.subtracted(inner)
    return path


def capture_map(scenario: Scenario, report: dict[str, Any]) -> bytes | None:
    """The map as PNG, regions shaded by captures per game (``None`` if nothing was taken)."""
    per_game: dict[str, float] = report["captures"]["per_game"]
    regions = [r for r in scenario.regions if not r.off_map]
    if not per_game or not regions:
        return None
    xs = [x for r in regions for x, _y in r.polygon.exterior]
    ys = [y for r in regions for _x, y in r.polygon.exterior]
    left, top = min(xs), min(ys)
    span_x, span_y = max(max(xs) - left, 1e-9), max(max(ys) - top, 1e-9)
    scale = (WIDTH - 2 * MARGIN) / span_x
    height = max(1, math.ceil(span_y * scale + 2 * MARGIN))
    image = QImage(WIDTH, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        _paint(painter, regions, per_game, scale, left, top)
    finally:
        painter.end()
    return image_png(image)


def _paint(
    painter: QPainter,
    regions: list[Any],
    per_game: dict[str, float],
    scale: float,
    left: float,
    top: float,
) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(MARGIN, MARGIN)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    most = max(per_game.values()) or 1.0
    border = QPen(QColor(90, 90, 90, 160), 0.8 / scale)
    paths = {}
    for region in regions:
        paths[region.id] = path = _path(region)
        value = per_game.get(region.id, 0.0)
        colour = HEAT.map(value / most, mode="qcolor") if value else QColor("#f1efe9")
        if region.unplayable:
            colour = QColor("#9a9a9a")
        painter.setPen(border)
        painter.setBrush(colour)
        painter.drawPath(path)
    font = QFont("DejaVu Sans")
    font.setPointSizeF(max(1.0, 8.5 / scale))
    painter.setFont(font)
    names = {r.id: r.name for r in regions}
    metrics = QFontMetricsF(font)
    for region_id in sorted(per_game, key=lambda r: -per_game[r])[:NAMED]:
        if region_id not in paths:
            continue
        text = f"{names[region_id]} {per_game[region_id]:.1f}"
        centre = paths[region_id].boundingRect().center()
        wide = metrics.horizontalAdvance(text) + 6 / scale
        tall = metrics.height() + 2 / scale
        box = QRectF(centre.x() - wide / 2, centre.y() - tall / 2, wide, tall)
        # A pale label box keeps names readable on the darkest shades.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 200))
        painter.drawRoundedRect(box, 3 / scale, 3 / scale)
        painter.setPen(QColor("#111111"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.resetTransform()
    _legend(painter, most)


def _legend(painter: QPainter, most: float) -> None:
    """The colour scale, in the top left corner, in pixels."""
    font = QFont("DejaVu Sans")
    font.setPointSizeF(8.5)
    painter.setFont(font)
    box = QRectF(MARGIN + 6, MARGIN + 6, 150, 12)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 220))
    painter.drawRect(box.adjusted(-5, -5, 95, 25))
    gradient = QLinearGradient(box.topLeft(), box.topRight())
    for stop in (0.0, 0.35, 0.7, 1.0):
        gradient.setColorAt(stop, HEAT.map(stop, mode="qcolor"))
    painter.setPen(QPen(QColor("#555555"), 1))
    painter.setBrush(gradient)
    painter.drawRect(box)
    painter.setPen(QColor("#111111"))
    below = QRectF(box.left(), box.bottom() + 2, 240, 16)
    painter.drawText(below, Qt.AlignmentFlag.AlignLeft, f"0 to {most:.1f} captures a game")
