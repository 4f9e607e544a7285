"""The table of a stack's units: one row per unit or leader, each value with its tooltip of
the terms behind it (:mod:`.unit_values`), and tick boxes on the names while splitting."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from editor.game.panels.base import esc
from editor.game.panels.unit_values import Figure, UnitRow

COLUMNS = ("Unit", "Type", "Att", "Def", "Mor", "MP", "Str", "Stk")
HEADER_TIPS = (
    "The unit or leader",
    "Its type",
    "Attack factor: a shot hits on a roll at or under it",
    "Defence factor, used when defending",
    "Morale: panic tests and battle morale",
    "Movement points left this turn / in all",
    "Strength: hit points left / full",
    "Stacking points it takes up",
)
MAX_HEIGHT = 360
"""The table grows with the stack up to this height, then scrolls."""


class UnitTable(QTableWidget):
    """A read-only table of units, as tall as its rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        for column, tip in enumerate(HEADER_TIPS):
            self.horizontalHeaderItem(column).setToolTip(tip)
        rows = self.verticalHeader()
        rows.hide()
        # Rows a little taller than the text: a stack of a dozen units fits without scrolling.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(28)

    def fill(self, rows: list[UnitRow], *, checkable: bool) -> None:
        """Show these units; ``checkable`` puts a tick box on each name (kept across
        refreshes, so a half-made split survives the AI's moves)."""
        self.blockSignals(True)
        self.setRowCount(len(rows))
        for row, unit in enumerate(rows):
            figures: list[Figure | str] = [
                unit.name,
                unit.kind,
                unit.attack,
                unit.defence,
                unit.morale,
                unit.mp,
                unit.strength,
                unit.stacking,
            ]
            for column, figure in enumerate(figures):
                item = self.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    self.setItem(row, column, item)
                if isinstance(figure, Figure):
                    item.setText(figure.text)
                    item.setToolTip(figure.tooltip())
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                else:
                    item.setText(figure)
                    item.setToolTip(unit_tip(unit) if column == 0 else figure)
                font = QFont(item.font())
                font.setItalic(unit.leader)
                item.setFont(font)
            first = self.item(row, 0)
            first.setData(Qt.ItemDataRole.UserRole, unit.unit)
            if checkable:
                first.setFlags(first.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                if first.data(Qt.ItemDataRole.CheckStateRole) is None:
                    first.setCheckState(Qt.CheckState.Unchecked)
            else:
                first.setFlags(first.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
                first.setData(Qt.ItemDataRole.CheckStateRole, None)
        self.blockSignals(False)
        height = self.horizontalHeader().height() + 4
        height += sum(self.rowHeight(r) for r in range(self.rowCount()))
        self.setFixedHeight(min(height, MAX_HEIGHT))

    def checked_units(self) -> list[str]:
        out = []
        for row in range(self.rowCount()):
            item = self.item(row, 0)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def set_checked(self, unit_ids: list[str]) -> None:
        for row in range(self.rowCount()):
            item = self.item(row, 0)
            wanted = item.data(Qt.ItemDataRole.UserRole) in unit_ids
            item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)


def unit_tip(unit: UnitRow) -> str:
    badges = f"<br><i>{esc(', '.join(unit.badges))}</i>" if unit.badges else ""
    return f"<b>{esc(unit.name)}</b> \u2014 {esc(unit.kind)}{badges}"
