"""The capture heatmap on the map itself: each region shaded by how often it changed hands per
game, the busiest ones named with their figure. The map is the shared still picture
(``editor/shared/preview.py``) with the heat as its regions' colours; the names and the colour
scale are painted on top of it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPen,
    QTransform,
)

from editor.shared.map.drawing import anchor_of, outline_path
from editor.shared.preview import Look, picture_transform, render_map
from schemas.map import Region
from schemas.scenario import Scenario

from .charts import HEAT, image_png

WIDTH = 900
MARGIN = 20.0
"""Room of the colour scale from the picture's corner, in pixels."""
NAMED = 12
"""Regions captured most are named on the picture; more names would cover the map."""
UNTAKEN = QColor("#f1efe9")
PLACES = ((0, 0), (0, 1), (0, -1), (0, 2), (0, -2), (1, 0), (-1, 0), (0, 3), (0, -3))
"""Where a name may go when its own spot is taken: (across in three quarters of its width,
down in lines), nearest first."""


def capture_map(scenario: Scenario, report: dict[str, Any]) -> bytes | None:
    """The map as PNG, regions shaded by captures per game (``None`` if nothing was taken)."""
    per_game: dict[str, float] = report["captures"]["per_game"]
    if not per_game or not scenario.regions:
        return None
    most = max(per_game.values()) or 1.0

    def heat(region: Region) -> QColor:
        value = per_game.get(region.id, 0.0)
        return HEAT.map(value / most, mode="qcolor") if value else UNTAKEN

    look = Look(labels=False, symbols=False, fill=heat)
    image = render_map(scenario, WIDTH, look=look)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = QRectF(0, 0, image.width(), image.height())
        _names(painter, scenario, per_game, picture_transform(scenario, frame, look))
        _legend(painter, most)
    finally:
        painter.end()
    return image_png(image)


def name_boxes(
    scenario: Scenario, per_game: dict[str, float], to_device: QTransform, metrics: QFontMetricsF
) -> list[tuple[QRectF, str]]:
    """Where the busiest regions' names and figures go, busiest first. A name whose box would
    cover one already placed tries the places of :data:`PLACES` in turn (neighbouring towns
    such as Tobruk, Gazala and El Adem are named next to each other); one with no free place
    nearby is left out rather than drawn over another."""
    by_id = {r.id: r for r in scenario.regions}
    placed: list[tuple[QRectF, str]] = []
    for region_id in sorted(per_game, key=lambda r: -per_game[r])[:NAMED]:
        region = by_id.get(region_id)
        if region is None:
            continue
        text = f"{region.name} {per_game[region_id]:.1f}"
        centre = to_device.map(anchor_of(region, "label", outline_path(region)))
        wide, tall = metrics.horizontalAdvance(text) + 6, metrics.height() + 2
        for across, down in PLACES:
            left = centre.x() - wide / 2 + across * wide * 0.75
            box = QRectF(left, centre.y() - tall / 2 + down * tall, wide, tall)
            if not any(box.intersects(other) for other, _text in placed):
                placed.append((box, text))
                break
    return placed


def _names(
    painter: QPainter, scenario: Scenario, per_game: dict[str, float], to_device: QTransform
) -> None:
    """The busiest regions' names and figures, on pale boxes readable on the darkest shades."""
    font = QFont("DejaVu Sans")
    font.setPointSizeF(8.5)
    painter.setFont(font)
    for box, text in name_boxes(scenario, per_game, to_device, QFontMetricsF(font)):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 200))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#111111"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


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
