"""Chips: small rounded buttons laid out like words, for values picked from a set.

Checklists of a short vocabulary show their values as checkable chips, and lists of ids show
the chosen entities as chips; both wrap them with :class:`FlowLayout`.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QLayout, QLayoutItem, QToolButton, QWidget, QWidgetItem

DEFAULT_WIDTH = 320
"""Width assumed for wrapping before the layout has been given one."""

CHIP_STYLE = """
QToolButton { border: 1px solid #b8bec8; border-radius: 8px; padding: 0 6px;
              background: #f4f5f7; color: #333; }
QToolButton:checked { background: #3d6fb6; border-color: #2f5a98; color: white; }
QToolButton:hover { border-color: #3d6fb6; }
QToolButton::menu-indicator { image: none; width: 0; }
"""

MISSING_STYLE = CHIP_STYLE.replace("color: #333;", "color: #b00020;").replace(
    "border: 1px solid #b8bec8;", "border: 1px solid #b00020;"
)
"""A chip naming something the scenario no longer has (a deleted entity): red, to be fixed."""


class FlowLayout(QLayout):
    """Lays widgets out left to right and wraps them, like words in a paragraph.

    Its height is the one needed at its current width, not a height-for-width: form layouts
    nested in groups and scroll areas do not pass height-for-width through reliably, and
    squeeze such rows. When a new width needs a new height, the layout asks again.
    """

    def __init__(self, parent: QWidget | None = None, spacing: int = 3) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._width = 0
        self._needed = -1
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self.invalidate()
        return self._items.pop(index)

    def clear(self) -> None:
        """Remove and delete every widget of the layout."""
        while self.count():
            item = self.takeAt(0)
            if isinstance(item, QWidgetItem) and item.widget() is not None:
                item.widget().hide()  # deleted later: it must not be drawn until then
                item.widget().deleteLater()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        needed = self._arrange(rect, move=True)
        if rect.width() != self._width or needed != self._needed:
            self._width, self._needed = rect.width(), needed
            if needed != rect.height():
                # With the layout as context, the call is dropped if the layout goes first.
                QTimer.singleShot(0, self, self._grow)

    def _grow(self) -> None:
        self.invalidate()
        widget = self.parentWidget()
        if widget is not None:
            widget.updateGeometry()

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        if not self._items:
            return QSize(0, 0)
        width = max(item.minimumSize().width() for item in self._items)
        height = self._arrange(QRect(0, 0, self._width or DEFAULT_WIDTH, 0), move=False)
        return QSize(width, height)

    def _arrange(self, rect: QRect, move: bool) -> int:
        x, y, line = rect.x(), rect.y(), 0
        gap = self.spacing()
        for item in self._items:
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, line = rect.x(), y + line + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line = max(line, hint.height())
        return y + line - rect.y()


def chip(text: str, tip: str = "", checkable: bool = False, missing: bool = False) -> QToolButton:
    """A chip showing ``text``; ``missing`` marks a value the scenario no longer has."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setCheckable(checkable)
    button.setStyleSheet(MISSING_STYLE if missing else CHIP_STYLE)
    button.setFixedHeight(20)
    return button
