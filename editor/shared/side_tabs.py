"""Tabs down the left side of a panel, their names written across as everywhere else.

A row of tabs across a narrow dock holds five or six short names; more scroll out of sight
behind arrows, and Qt's own tabs on the west side write their names upwards. A settings
dialog's way fits both: one name a line in a column on the left, each read at a glance and
one click away, the page beside it. :class:`SideTabs` is a :class:`QTabWidget` (indexes,
``currentChanged``, ``tabBar().tabRect`` all keep working); only its bar is drawn anew.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QStyle,
    QStyleOptionFocusRect,
    QStyleOptionTab,
    QStylePainter,
    QTabBar,
    QTabWidget,
)

PAD_X = 8
"""The room left and right of a name in its tab (pixels)."""
PAD_Y = 7
"""The room above and below a name in its tab (pixels)."""


class SideTabBar(QTabBar):
    """A tab bar on a widget's west side whose names read left to right (see the module
    docstring). Every tab is as wide as the widest name: the column is straight."""

    def __init__(self) -> None:
        super().__init__()
        self.setUsesScrollButtons(False)
        self.setElideMode(Qt.TextElideMode.ElideNone)
        self.setDrawBase(False)

    def _bold(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)  # the current tab's name is bold: room for it in every tab
        return font

    def _text_width(self) -> int:
        metrics = QFontMetrics(self._bold())
        names = (self.tabText(i) for i in range(self.count()))
        return max((metrics.horizontalAdvance(name) for name in names), default=0)

    def tabSizeHint(self, index: int) -> QSize:
        return QSize(self._text_width() + 2 * PAD_X, self.fontMetrics().height() + 2 * PAD_Y)

    def minimumTabSizeHint(self, index: int) -> QSize:
        return self.tabSizeHint(index)  # never elided: the whole point of the bar

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionTab()
        for index in range(self.count()):
            self.initStyleOption(option, index)
            painter.drawControl(QStyle.ControlElement.CE_TabBarTabShape, option)
            text = QRect(option.rect).adjusted(PAD_X, 0, -PAD_X // 2, 0)
            selected = bool(option.state & QStyle.StateFlag.State_Selected)
            painter.setFont(self._bold() if selected else self.font())
            role = self.foregroundRole()
            painter.setPen(option.palette.color(role))
            if not self.isTabEnabled(index):
                painter.setPen(option.palette.color(QPalette.ColorGroup.Disabled, role))
            align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
            painter.drawText(text, align, self.tabText(index))
            if option.state & QStyle.StateFlag.State_HasFocus:
                # The keyboard's place (arrow keys move between the tabs), as Qt's bar shows it.
                focus = QStyleOptionFocusRect()
                focus.initFrom(self)
                focus.rect = QRect(option.rect).adjusted(3, 3, -3, -3)
                painter.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, focus)

    def full_names(self) -> bool:
        """Every tab's whole name fits its tab and every tab lies inside the bar (for tests
        and tools: nothing cut, nothing scrolled away)."""
        metrics = QFontMetrics(self._bold())
        inside = self.rect()
        for index in range(self.count()):
            rect = self.tabRect(index)
            wide = metrics.horizontalAdvance(self.tabText(index))
            if not inside.contains(rect) or wide > rect.width() - PAD_X - PAD_X // 2:
                return False
        return True


class SideTabs(QTabWidget):
    """A tab widget with its :class:`SideTabBar` on the west side."""

    def __init__(self) -> None:
        super().__init__()
        self.setTabBar(SideTabBar())
        self.setTabPosition(QTabWidget.TabPosition.West)
        self.setUsesScrollButtons(False)
