"""The list of the Find panel: each row a line of text (wrapped when long) over a grey line
saying what it is, so a narrow dock shows whole sentences and whole field paths rather than
columns cut short."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

DETAIL_ROLE = Qt.ItemDataRole.UserRole + 1
"""The grey second line of a row."""
PAD = 4


def _detail_font(font: QFont) -> QFont:
    smaller = QFont(font)
    smaller.setPointSizeF(max(6.0, font.pointSizeF() * 0.88))
    return smaller


class TwoLines(QStyledItemDelegate):
    """Paints a row's text wrapped to the list's width, and its detail under it."""

    def _width(self, option: QStyleOptionViewItem) -> int:
        view = self.parent()
        width = view.viewport().width() if isinstance(view, QWidget) else option.rect.width()
        return max(60, width - 2 * PAD)

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        width = self._width(option)
        flags = int(Qt.TextFlag.TextWordWrap)
        main = QFontMetrics(option.font).boundingRect(
            QRect(0, 0, width, 10_000), flags, str(index.data() or "")
        )
        detail = QFontMetrics(_detail_font(option.font)).height()
        return QSize(width, main.height() + detail + 2 * PAD)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        painter.save()
        style = option.widget.style() if option.widget is not None else None
        background = QStyleOptionViewItem(option)
        self.initStyleOption(background, index)
        background.text = ""
        if style is not None:
            style.drawControl(
                QStyle.ControlElement.CE_ItemViewItem, background, painter, option.widget
            )
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        rect = option.rect.adjusted(PAD, PAD, -PAD, -PAD)
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignTop)
        painter.setFont(option.font)
        painter.setPen(option.palette.color(group))
        used = painter.boundingRect(rect, flags, str(index.data() or ""))
        painter.drawText(rect, flags, str(index.data() or ""))
        detail = str(index.data(DETAIL_ROLE) or "")
        if detail:
            small = _detail_font(option.font)
            painter.setFont(small)
            grey = option.palette.color(group) if selected else QColor("#666666")
            painter.setPen(grey)
            line = QRect(rect.left(), used.bottom() + 1, rect.width(), rect.height())
            elided = QFontMetrics(small).elidedText(
                detail, Qt.TextElideMode.ElideMiddle, rect.width()
            )
            painter.drawText(line, int(Qt.AlignmentFlag.AlignTop), elided)
        painter.restore()


class ResultList(QListWidget):
    """A list of rows of two lines (see the module); rows are laid out again on resize, as
    the wrapping changes with the width."""

    def __init__(self) -> None:
        super().__init__()
        self.setItemDelegate(TwoLines(self))
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlternatingRowColors(True)

    def add_row(self, text: str, detail: str, number: int) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(DETAIL_ROLE, detail)
        item.setData(Qt.ItemDataRole.UserRole, number)
        item.setToolTip(f"{text}\n{detail}" if detail else text)
        self.addItem(item)
        return item
