"""The victory panel of an operational game (OV5): each side's VP and the part won by kills,
and a table of the victory locations with who holds each, what it is worth each turn to each
side and what it has given so far. Clicking a location centres the map on it.

Side names are long ("South-Western Direction") and the panel shares a narrow column, so the
table names no side: each side's columns carry its colour (the totals above are the key), a
location's swatch is its holder's colour, and the tooltips say it all in words.

The figures are the engine's (:func:`engine.wego.op.standing.standing`); scores and who
controls a hex are public, so the panel shows the same to every side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from editor.game.map.style import UNCONTROLLED, side_colours
from editor.game.panels.base import SessionPanel, heading, muted
from editor.game.panels.knowledge import side_name
from engine.wego.op.standing import VictoryStanding, standing

if TYPE_CHECKING:
    from editor.game.map.view import GameMapView
    from editor.game.session import GameSession

HEX_ROLE = Qt.ItemDataRole.UserRole + 1


def swatch(colour: QColor) -> QIcon:
    """A small square of ``colour`` (a side's, in headers and beside locations)."""
    picture = QPixmap(12, 12)
    picture.fill(colour)
    return QIcon(picture)


class VictoryPanel(SessionPanel):
    """OV5 (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: GameMapView) -> None:
        super().__init__(session)
        self.setObjectName("panel-op-victory")
        self.map_view = map_view
        self.shown: VictoryStanding | None = None
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(heading("Victory points"))
        self.totals = QGridLayout()
        self.totals.setHorizontalSpacing(14)
        layout.addLayout(self.totals)
        note = muted(
            "Each turn ends with every victory location scoring for the side that holds it; "
            "destroying an enemy unit scores at once. Click a location to see it on the map."
        )
        layout.addWidget(note)
        self.sides = [s for s in self.game.state.sides if not self.game.world.sides[s].neutral]
        self.colours = side_colours(self.game)
        self.table = QTableWidget(0, 1 + 2 * len(self.sides))
        self.table.setObjectName("op-victory-locations")
        self.table.setHorizontalHeaderItem(0, QTableWidgetItem("Location"))
        for column, (side, what, tip) in enumerate(self._side_columns(), start=1):
            head = QTableWidgetItem(swatch(self.colours.get(side, UNCONTROLLED)), what)
            head.setToolTip(f"{side_name(self.game, side)}: {tip}")
            self.table.setHorizontalHeaderItem(column, head)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        self.table.cellClicked.connect(self._clicked)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)

    def _side_columns(self) -> list[tuple[str, str, str]]:
        """Per column after the location's: its side, its title and what it counts."""
        worth = [(s, "a turn", "VP the location gives a turn to this side") for s in self.sides]
        got = [(s, "so far", "VP the location has given this side so far") for s in self.sides]
        return worth + got

    def update_view(self) -> None:
        found = standing(self.game)
        if found == self.shown:
            return
        self.shown = found
        self._show_totals(found)
        self.table.setRowCount(len(found.locations))
        for row, place in enumerate(found.locations):
            holder = side_name(self.game, place.holder) if place.holder else "nobody"
            name = QTableWidgetItem(place.name)
            name.setIcon(swatch(self.colours.get(place.holder or "", UNCONTROLLED)))
            name.setToolTip(f"{place.name} ({place.hex}), held by {holder}")
            cells = [name]
            for side, what, _tip in self._side_columns():
                value = (place.per_turn if what == "a turn" else place.received).get(side, 0)
                cell = QTableWidgetItem(str(value))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                cell.setToolTip(f"{place.name}: {value} VP {what} for {side_name(self.game, side)}")
                cells.append(cell)
            for column, cell in enumerate(cells):
                cell.setData(HEX_ROLE, place.hex)
                self.table.setItem(row, column, cell)

    def _show_totals(self, found: VictoryStanding) -> None:
        while self.totals.count():
            taken = self.totals.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        for column, text in enumerate(("Side", "VP", "of which kills")):
            self.totals.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        for row, side in enumerate(found.vp, start=1):
            colour = self.colours.get(side, UNCONTROLLED).name()
            name = QLabel(
                f"<span style='color:{colour}'>\u25a0</span> {side_name(self.game, side)}"
            )
            self.totals.addWidget(name, row, 0)
            self.totals.addWidget(QLabel(str(found.vp[side])), row, 1)
            self.totals.addWidget(QLabel(str(found.kills.get(side, 0))), row, 2)

    def _clicked(self, row: int, _column: int) -> None:
        item = self.table.item(row, 0)
        if item is None:
            return
        point = self.map_view.map_scene.points.get(str(item.data(HEX_ROLE)))
        if point is not None:
            self.map_view.centerOn(point)
