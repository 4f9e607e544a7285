"""The sheet a new map is drawn on: its frame, and a light grid to place points by.

An empty map has nothing to zoom to and nothing to aim at; the sheet gives the first regions a
place and a scale. Its grid steps through 1, 2 and 5 times powers of ten, the finest whose
lines stay at least :data:`GRID_PIXELS` apart at the current zoom, so it reads like graph
paper at any zoom.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.items import Z

PAPER = QColor("#fbfcfd")
EDGE = QColor("#8c99a6")
GRID = QColor("#e3e8ee")
GRID_PIXELS = 28.0
"""The least distance between two grid lines on screen."""


def grid_step(scale: float) -> float:
    """The grid's step in map units at ``scale`` pixels per map unit."""
    least = GRID_PIXELS / max(scale, 1e-9)
    power = 10 ** math.floor(math.log10(least))
    for multiple in (1, 2, 5, 10):
        if power * multiple >= least:
            return power * multiple
    return power * 10


class SheetItem(QGraphicsItem):
    """The drawing frame of a map, under everything else."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = QRectF(rect)
        self.setZValue(Z["background"] - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = QRectF(rect)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        rect = self.rect
        painter.fillRect(rect, PAPER)
        scale = painter.worldTransform().m11() or 1.0
        step = grid_step(scale)
        shown = rect.intersected(option.exposedRect) if not option.exposedRect.isEmpty() else rect
        grid = QPen(GRID)
        grid.setCosmetic(True)
        painter.setPen(grid)
        lines = []
        x = math.ceil(shown.left() / step) * step
        while x <= shown.right():
            lines.append(QLineF(x, shown.top(), x, shown.bottom()))
            x += step
        y = math.ceil(shown.top() / step) * step
        while y <= shown.bottom():
            lines.append(QLineF(shown.left(), y, shown.right(), y))
            y += step
        painter.drawLines(lines)
        edge = QPen(EDGE)
        edge.setCosmetic(True)
        edge.setWidthF(1.5)
        painter.setPen(edge)
        painter.drawRect(rect)
