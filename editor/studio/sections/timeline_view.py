"""The reinforcement timeline: a row per side, a column per turn, a chip per reinforcement.

The schedule is read at a glance the way a designer plans it (what arrives when, for whom),
and changed the same way: drag a chip to another turn, double-click a cell to add one. The
view only reports those gestures as signals; the schedule editor makes the document edits.
Headers stay in place while the turns scroll, so long games remain readable.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QHelpEvent, QKeyEvent, QMouseEvent, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QToolTip

from editor.studio.sections.timeline_items import (
    COLUMN,
    EDGE,
    GAP,
    HEADER,
    LABELS,
    MAX_LINES,
    PAD,
    STRIP,
    Chip,
    Column,
    Lane,
)
from editor.studio.sections.timeline_paint import TimelinePainter


class ReinforcementTimeline(QAbstractScrollArea):
    """A lane per side, a column per turn, chips; reports clicks, drags and double-clicks."""

    chipClicked = Signal(str)
    chipMoved = Signal(str, object)
    """Chip key and the new turn (``None`` for "no turn: a card or event brings it")."""
    addRequested = Signal(str, object)
    """Side and turn of the double-clicked cell."""
    deleteRequested = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.columns: list[Column] = []
        self.lanes: list[Lane] = []
        self.chips: list[Chip] = []
        self.selected: str | None = None
        self.rects: dict[str, QRect] = {}
        self.lane_tops: list[tuple[int, int]] = []
        self._press: tuple[str, QPoint] | None = None
        self.drag_at: QPoint | None = None
        """Where a chip being dragged is (viewport coordinates), ``None`` when not dragging."""
        self.content = QSize(0, 0)
        """Size of the cells (all turns, all lanes) in content coordinates."""
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAutoFillBackground(False)
        self.setMinimumHeight(HEADER + 80)

    # -- data and geometry -------------------------------------------------------------------

    def set_data(self, columns: list[Column], lanes: list[Lane], chips: list[Chip]) -> None:
        self.columns, self.lanes, self.chips = columns, lanes, chips
        self._layout()
        self.viewport().update()

    def set_selected(self, key: str | None) -> None:
        self.selected = key
        rect = self.rects.get(key or "")
        if rect is not None:
            self._ensure_visible(rect)
        self.viewport().update()

    def line_height(self) -> int:
        return self.fontMetrics().height()

    def chip_height(self, chip: Chip) -> int:
        return PAD + min(len(chip.lines), MAX_LINES) * self.line_height() + PAD - 2

    def column_index(self, turn: int | None) -> int:
        return next((i for i, c in enumerate(self.columns) if c.turn == turn), -1)

    def _layout(self) -> None:
        """Chip rectangles in content coordinates (origin at the top-left of the cells)."""
        self.rects, self.lane_tops = {}, []
        top = 0
        for lane in self.lanes:
            bottoms = [PAD] * len(self.columns)
            for chip in self.chips:
                column = self.column_index(chip.turn)
                if chip.side != lane.side or column < 0:
                    continue
                height = self.chip_height(chip)
                x = column * COLUMN + GAP
                self.rects[chip.key] = QRect(x, top + bottoms[column], COLUMN - 2 * GAP, height)
                bottoms[column] += height + GAP
            height = max([*bottoms, 48]) + STRIP + PAD
            self.lane_tops.append((top, height))
            top += height
        self.content = QSize(len(self.columns) * COLUMN, top)
        self._update_scrollbars()

    def _update_scrollbars(self) -> None:
        size = self.viewport().size()
        content = self.content
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setRange(0, max(0, content.width() - (size.width() - LABELS)))
        hbar.setPageStep(max(1, size.width() - LABELS))
        hbar.setSingleStep(COLUMN // 4)
        vbar.setRange(0, max(0, content.height() - (size.height() - HEADER)))
        vbar.setPageStep(max(1, size.height() - HEADER))
        vbar.setSingleStep(20)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_scrollbars()

    def sizeHint(self) -> QSize:
        content = self.content
        return QSize(LABELS + min(content.width(), 8 * COLUMN), HEADER + min(content.height(), 400))

    def offset(self) -> QPoint:
        return QPoint(self.horizontalScrollBar().value(), self.verticalScrollBar().value())

    def to_content(self, pos: QPoint) -> QPoint | None:
        """A viewport point in cell coordinates; ``None`` over the headers."""
        if pos.x() < LABELS or pos.y() < HEADER:
            return None
        return pos - QPoint(LABELS, HEADER) + self.offset()

    def to_viewport(self, rect: QRect) -> QRect:
        """A chip's rectangle in viewport coordinates (where to click it)."""
        return rect.translated(QPoint(LABELS, HEADER) - self.offset())

    def chip_at(self, pos: QPoint) -> str | None:
        point = self.to_content(pos)
        if point is None:
            return None
        return next((key for key, rect in self.rects.items() if rect.contains(point)), None)

    def cell_at(self, pos: QPoint) -> tuple[str, int | None] | None:
        """The lane's side and the column's turn under a viewport point."""
        point = self.to_content(pos)
        if point is None:
            return None
        column = point.x() // COLUMN
        lane = next(
            (i for i, (top, h) in enumerate(self.lane_tops) if top <= point.y() < top + h), -1
        )
        if not 0 <= column < len(self.columns) or lane < 0:
            return None
        return self.lanes[lane].side, self.columns[column].turn

    def cell_rect(self, side: str, turn: int | None) -> QRect:
        """A cell in viewport coordinates."""
        lane = next(i for i, lane in enumerate(self.lanes) if lane.side == side)
        top, height = self.lane_tops[lane]
        return self.to_viewport(QRect(self.column_index(turn) * COLUMN, top, COLUMN, height))

    def _ensure_visible(self, rect: QRect) -> None:
        view = self.viewport().size()
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        width, height = view.width() - LABELS, view.height() - HEADER
        # Whole columns: a turn cut in half under the side labels reads as a wrong title.
        if rect.left() < hbar.value():
            hbar.setValue(rect.left() // COLUMN * COLUMN)
        elif rect.right() > hbar.value() + width:
            hbar.setValue(-(-(rect.right() + GAP - width) // COLUMN) * COLUMN)
        if rect.top() < vbar.value():
            vbar.setValue(rect.top() - GAP)
        elif rect.bottom() > vbar.value() + height:
            vbar.setValue(rect.bottom() - height + GAP)

    # -- gestures ----------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        key = self.chip_at(event.position().toPoint())
        self._press = None if key is None else (key, event.position().toPoint())
        self.drag_at = None
        if key is not None:
            self.selected = key
            self.viewport().update()
            self.chipClicked.emit(key)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press is None:
            over = self.chip_at(pos) is not None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if over else Qt.CursorShape.ArrowCursor
            )
            return
        far = (pos - self._press[1]).manhattanLength() >= QApplication.startDragDistance()
        if self.drag_at is not None or far:
            self.drag_at = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            self._scroll_near_edges(pos)
            self.viewport().update()

    def _scroll_near_edges(self, pos: QPoint) -> None:
        """Dragging towards an edge scrolls, so a chip can reach turns out of sight."""
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        view = self.viewport().size()
        if pos.x() > view.width() - EDGE:
            hbar.setValue(hbar.value() + COLUMN // 4)
        elif LABELS < pos.x() < LABELS + EDGE:
            hbar.setValue(hbar.value() - COLUMN // 4)
        if pos.y() > view.height() - EDGE:
            vbar.setValue(vbar.value() + 16)
        elif HEADER < pos.y() < HEADER + EDGE // 2:
            vbar.setValue(vbar.value() - 16)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, dragged = self._press, self.drag_at is not None
        self._press, self.drag_at = None, None
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        self.viewport().update()
        if press is None or not dragged:
            return
        cell = self.cell_at(event.position().toPoint())
        chip = next((c for c in self.chips if c.key == press[0]), None)
        if cell is not None and chip is not None and cell[1] != chip.turn:
            self.chipMoved.emit(chip.key, cell[1])

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self.chip_at(pos) is not None:
            return
        cell = self.cell_at(pos)
        if cell is not None:
            self.addRequested.emit(*cell)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selected:
            self.deleteRequested.emit(self.selected)
            return
        super().keyPressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            key = self.chip_at(event.pos())
            chip = next((c for c in self.chips if c.key == key), None)
            if chip is not None:
                QToolTip.showText(event.globalPos(), chip.tip, self.viewport())
            else:
                cell = self.cell_at(event.pos())
                text = "Double-click to add a reinforcement here" if cell else ""
                column = self._header_column(event.pos())
                if column is not None and not column.open:
                    text = "The reinforcements phase is not played on this turn"
                QToolTip.showText(event.globalPos(), text, self.viewport())
            return True
        return super().viewportEvent(event)

    def _header_column(self, pos: QPoint) -> Column | None:
        if pos.x() < LABELS:
            return None
        index = (pos.x() - LABELS + self.offset().x()) // COLUMN
        return self.columns[index] if 0 <= index < len(self.columns) else None

    def dragged(self) -> str | None:
        """The key of the chip being dragged, if any."""
        return self._press[0] if self._press is not None and self.drag_at is not None else None

    def paintEvent(self, _event: QPaintEvent) -> None:
        TimelinePainter(self).paint()


__all__ = ["Chip", "Column", "Lane", "ReinforcementTimeline"]
