"""The editors a table cell opens: spin boxes within the field's bounds, a list of choices
(ids or fixed values) that completes as you type, a colour dialog, or a line of text.

Each writes back through the model, so a typed value follows the same rules (and refusals)
as a pasted one.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from editor.studio.sections.columns import NONE_TEXT, Column

Index = QModelIndex | QPersistentModelIndex
_INT_LIMIT = 2**31 - 1
_OPEN_KEYS = (Qt.Key.Key_F2, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


def pick_colour(parent: QWidget | None, current: str) -> str | None:
    """Ask for a colour; ``None`` when the designer cancels."""
    chosen = QColorDialog.getColor(QColor(current), parent, "Choose a colour")
    return chosen.name() if chosen.isValid() else None


def column_at(index: Index) -> Column:
    model = index.model()
    while isinstance(model, QSortFilterProxyModel):
        model = model.sourceModel()
    # A grid of the rules tables has a column per cell (a column of single values holds
    # numbers, flags and choices alike).
    cell_column = getattr(model, "cell_column", None)
    if cell_column is not None:
        found: Column = cell_column(index.row(), index.column())
        return found
    return model.columns[index.column()]  # type: ignore[attr-defined]


class CellDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> Any:
        column = column_at(index)
        spare = 1 if column.optional else 0
        if column.kind == "int":
            box = QSpinBox(parent)
            box.setRange(
                max(int(column.low) - spare, -_INT_LIMIT), min(int(column.high), _INT_LIMIT)
            )
        elif column.kind == "float":
            box = QDoubleSpinBox(parent)
            box.setDecimals(3)
            box.setRange(column.low - spare, column.high)
        elif column.kind == "choice":
            combo = QComboBox(parent)
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.addItems(column.options())
            completer = QCompleter(combo.model(), combo)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            combo.setCompleter(completer)
            return combo
        elif column.kind == "color":
            return None
        else:
            return QLineEdit(parent)
        if column.optional:
            box.setSpecialValueText(NONE_TEXT)
        box.setKeyboardTracking(False)
        box.setFrame(False)
        return box

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        column = column_at(index)
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox | QDoubleSpinBox):
            editor.setValue(editor.minimum() if value is None else value)
        elif isinstance(editor, QComboBox):
            editor.setCurrentText(NONE_TEXT if value is None else column.edit_text(value))
        elif isinstance(editor, QLineEdit):
            editor.setText(column.text(value))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        column = column_at(index)
        value: Any
        if isinstance(editor, QSpinBox | QDoubleSpinBox):
            editor.interpretText()
            at_minimum = editor.value() == editor.minimum()
            value = None if column.optional and at_minimum else editor.value()
        elif isinstance(editor, QComboBox):
            value = editor.currentText()
        elif isinstance(editor, QLineEdit):
            value = editor.text()
        else:
            return
        if value != index.data(Qt.ItemDataRole.EditRole):
            model.setData(index, value, Qt.ItemDataRole.EditRole)

    def editorEvent(
        self, event: QEvent, model: QAbstractItemModel, option: QStyleOptionViewItem, index: Index
    ) -> bool:
        column = column_at(index)
        if column.kind == "color" and column.editable:
            opens = event.type() == QEvent.Type.MouseButtonDblClick or (
                event.type() == QEvent.Type.KeyPress and event.key() in _OPEN_KEYS  # type: ignore[attr-defined]
            )
            if opens:
                chosen = pick_colour(self.parent(), index.data(Qt.ItemDataRole.EditRole))  # type: ignore[arg-type]
                if chosen is not None:
                    model.setData(index, chosen, Qt.ItemDataRole.EditRole)
                return True
        return super().editorEvent(event, model, option, index)
