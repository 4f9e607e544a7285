"""How the reinforcement timeline is drawn: cells, chips, the headers that stay, a dragged chip.

The view (:mod:`.timeline_view`) keeps the geometry and the gestures; this painter only reads
them, so what is drawn never feeds back into what the view reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor.studio.sections.timeline_items import (
    COLUMN,
    GAP,
    HEADER,
    LABELS,
    MAX_LINES,
    PAD,
    STRIP,
    Chip,
)

if TYPE_CHECKING:
    from editor.studio.sections.timeline_view import ReinforcementTimeline


def _smaller(font: QFont) -> QFont:
    small = QFont(font)
    small.setPointSizeF(small.pointSizeF() * 0.85)
    return small


class TimelinePainter:
    """Paints one frame of a :class:`~.timeline_view.ReinforcementTimeline`."""

    def __init__(self, view: ReinforcementTimeline) -> None:
        self.view = view

    def paint(self) -> None:
        view = self.view
        viewport = view.viewport()
        painter = QPainter(viewport)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(viewport.rect(), QColor("#ffffff"))
        offset = view.offset()
        painter.save()
        painter.setClipRect(QRect(LABELS, HEADER, viewport.width(), viewport.height()))
        painter.translate(QPoint(LABELS, HEADER) - offset)
        self.paint_cells(painter)
        dragged = view.dragged()
        for chip in view.chips:
            rect = view.rects.get(chip.key)
            if rect is not None:
                self.paint_chip(painter, chip, rect, 0.35 if chip.key == dragged else 1.0)
        painter.restore()
        self.paint_headers(painter, offset)
        self.paint_drag(painter)
        painter.end()

    def paint_cells(self, painter: QPainter) -> None:
        view = self.view
        width, height = view.content.width(), view.content.height()
        target = view.cell_at(view.drag_at) if view.drag_at is not None else None
        for index, column in enumerate(view.columns):
            x = index * COLUMN
            shade = QColor("#f2f2f2") if not column.open else None
            if column.turn is None:
                shade = QColor("#f7f3e8")
            if shade is not None:
                painter.fillRect(QRect(x, 0, COLUMN, height), shade)
            painter.setPen(QPen(QColor("#e1e1e1")))
            painter.drawLine(x + COLUMN, 0, x + COLUMN, height)
        small = _smaller(view.font())
        for lane, (top, lane_height) in zip(view.lanes, view.lane_tops, strict=True):
            painter.setPen(QPen(QColor("#cfcfcf")))
            painter.drawLine(0, top + lane_height, width, top + lane_height)
            painter.setFont(small)
            painter.setPen(QColor("#8a8a8a"))
            for index, column in enumerate(view.columns):
                points = lane.points.get(column.turn or 0, 0)
                if points:
                    foot = QRect(index * COLUMN + GAP, top + lane_height - STRIP, COLUMN, STRIP)
                    painter.drawText(foot, Qt.AlignmentFlag.AlignVCenter, f"+{points} RP")
            if target is not None and target[0] == lane.side:
                column_index = view.column_index(target[1])
                cell = QRect(column_index * COLUMN, top, COLUMN, lane_height)
                painter.fillRect(cell.adjusted(1, 1, -1, -1), QColor(61, 111, 182, 40))
                painter.setPen(QPen(QColor("#3d6fb6"), 1.5, Qt.PenStyle.DashLine))
                painter.drawRect(cell.adjusted(1, 1, -2, -2))

    def _lane_color(self, side: str) -> QColor:
        lane = next((lane for lane in self.view.lanes if lane.side == side), None)
        return QColor(lane.color if lane else "#888888")

    def paint_chip(self, painter: QPainter, chip: Chip, rect: QRect, opacity: float) -> None:
        painter.setOpacity(opacity)
        colour = self._lane_color(chip.side)
        fill = QColor(colour)
        fill.setAlpha(38)
        selected = chip.key == self.view.selected
        painter.setBrush(QColor("white"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(rect, 5, 5)
        painter.setBrush(fill)
        painter.setPen(QPen(QColor("#1b1b1b") if selected else colour, 2.2 if selected else 1))
        painter.drawRoundedRect(rect, 5, 5)
        painter.fillRect(QRect(rect.left() + 1, rect.top() + 3, 3, rect.height() - 6), colour)
        painter.setPen(QColor("#202020"))
        painter.setFont(self.view.font())
        line_height = self.view.line_height()
        metrics = painter.fontMetrics()
        lines = chip.lines[:MAX_LINES]
        if len(chip.lines) > MAX_LINES:
            lines[-1] = f"+{len(chip.lines) - MAX_LINES + 1} more"
        for number, line in enumerate(lines):
            text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width() - 16)
            box = QRect(
                rect.left() + 8,
                rect.top() + PAD - 2 + number * line_height,
                rect.width() - 12,
                line_height,
            )
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, text)
        if chip.conditional:
            badge = QRect(rect.right() - 18, rect.top() + 3, 15, 13)
            painter.setBrush(QColor("#e8a33d"))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(badge, 3, 3)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, "?")
        painter.setOpacity(1.0)

    def paint_headers(self, painter: QPainter, offset: QPoint) -> None:
        view = self.view
        width, height = view.viewport().width(), view.viewport().height()
        painter.fillRect(QRect(0, 0, width, HEADER), QColor("#f4f5f7"))
        painter.fillRect(QRect(0, 0, LABELS, height), QColor("#f4f5f7"))
        bold = QFont(view.font())
        bold.setBold(True)
        small = _smaller(view.font())
        painter.save()
        painter.setClipRect(QRect(LABELS, 0, width, HEADER))
        for index, column in enumerate(view.columns):
            x = LABELS + index * COLUMN - offset.x()
            painter.setPen(QColor("#222") if column.open else QColor("#999"))
            painter.setFont(bold)
            painter.drawText(QRect(x, 4, COLUMN, 17), Qt.AlignmentFlag.AlignCenter, column.title)
            painter.setFont(small)
            painter.setPen(QColor("#777"))
            painter.drawText(
                QRect(x, 21, COLUMN, 15), Qt.AlignmentFlag.AlignCenter, column.subtitle
            )
            painter.setPen(QPen(QColor("#d5d5d5")))
            painter.drawLine(x + COLUMN, 0, x + COLUMN, HEADER)
        painter.restore()
        painter.save()
        painter.setClipRect(QRect(0, HEADER, LABELS, height))
        for lane, (top, lane_height) in zip(view.lanes, view.lane_tops, strict=True):
            y = HEADER + top - offset.y()
            painter.fillRect(QRect(0, y + 6, 4, lane_height - 12), QColor(lane.color))
            painter.setPen(QColor("#222"))
            painter.setFont(bold)
            box = QRect(10, y, LABELS - 14, lane_height)
            flags = Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
            painter.drawText(box, flags, lane.name)
            painter.setPen(QPen(QColor("#cfcfcf")))
            painter.drawLine(0, y + lane_height, LABELS, y + lane_height)
        painter.restore()
        painter.setPen(QPen(QColor("#c4c4c4")))
        painter.drawLine(0, HEADER, width, HEADER)
        painter.drawLine(LABELS, 0, LABELS, height)
        painter.setFont(small)
        painter.setPen(QColor("#777"))
        corner = QRect(8, 0, LABELS - 10, HEADER)
        painter.drawText(corner, Qt.AlignmentFlag.AlignVCenter, "Side  /  turn")

    def paint_drag(self, painter: QPainter) -> None:
        """The dragged chip follows the pointer, over everything else."""
        view = self.view
        key = view.dragged()
        if key is None or view.drag_at is None:
            return
        chip = next((c for c in view.chips if c.key == key), None)
        rect = view.rects.get(key)
        if chip is None or rect is None:
            return
        ghost = QRect(view.drag_at - QPoint(rect.width() // 2, 10), rect.size())
        self.paint_chip(painter, chip, ghost, 0.85)
