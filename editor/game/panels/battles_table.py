"""The battle summary of WEGO turns: one row per battle of the execution phase (turn, tick,
place, who attacked whom, who won, what each side lost), sortable by any column; activating
a row (double-click, or Enter) asks the film to jump to that fight. Picking a battle of the
operational rules shows its details under the table (:mod:`.op_battle_details`, OF6, OF7).

Rows are :class:`engine.wego.film.BattleRow` (the engine reads them from the event log); the
table only names what they hold. It knows nothing of the film player: the window connects
:attr:`BattlesTable.jump_requested` to the player's ``seek(turn, tick)``.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.op_battle_details import battle_details
from engine.wego.film import BattleRow
from engine.world import World

TURN_ROLE = Qt.ItemDataRole.UserRole + 1
"""Each row's first cell keeps its battle's (turn, tick): sorting moves rows around."""

ORDER_ROLE = Qt.ItemDataRole.UserRole + 2
"""Every cell keeps the place of its battle in the order fought (to break ties when sorting;
a Python attribute would be lost with the item's wrapper)."""

_VERBS = {"ambush": "ambushed", "overrun": "overran"}
"""The Sides cell's verb for the operational rules' ambushes (OC30) and overruns (OM14)."""
_KINDS = {
    "ambush": "an ambush of a road column",
    "overrun": "an overrun, the defenders destroyed without a battle",
}

FIXED = ("Turn", "Tick", "Place", "Sides", "Winner")
"""The columns before one "Lost" column per side."""


class BattlesTable(QWidget):
    """The battles of one turn (or of several), as a sortable table."""

    jump_requested = Signal(int, int)
    """(turn, tick) of the battle a person activated: show that moment of the film."""

    def __init__(self, world: World, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battles-table")
        self.world = world
        self.side_names = {s: world.sides[s].name for s in world.sides}
        self.side_colours = {s: world.sides[s].color for s in world.sides}
        self.sides = [s for s in world.turn_order if not world.sides[s].neutral]
        self.rows: list[BattleRow] = []
        self.viewer: str | None = None
        """The side whose fog of war the details keep (``None``: everything is named)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.caption = QLabel()
        self.caption.setObjectName("battles-caption")
        self.caption.setWordWrap(True)
        layout.addWidget(self.caption)
        self.table = QTableWidget(0, len(FIXED) + len(self.sides))
        self.table.setObjectName("battles")
        self.table.setHorizontalHeaderLabels(
            [*FIXED, *(f"Lost: {self.side_names[s]}" for s in self.sides)]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._fit_columns()
        header.setSortIndicatorShown(True)
        header.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.activated.connect(self._activated)
        layout.addWidget(self.table, 1)
        # OF6, OF7: a battle of the operational rules picked in the table shows its whole
        # breakdown under it (the area rules' battles have none: the pane stays hidden).
        self.details = QTextBrowser()
        self.details.setObjectName("battle-details")
        self.details.setOpenLinks(False)
        self.details.hide()
        layout.addWidget(self.details, 2)  # the breakdown is long, a turn's rows few
        self.table.itemSelectionChanged.connect(self._show_details)
        self._say_count()

    def show_rows(self, rows: list[BattleRow]) -> None:
        """Show these battles, sorted as the person last chose (by turn at first, in the
        order fought within a turn)."""
        self.rows = list(rows)
        table = self.table
        header = table.horizontalHeader()
        by, order = header.sortIndicatorSection(), header.sortIndicatorOrder()
        table.setSortingEnabled(False)  # filling a sorting table reorders it under our feet
        table.setRowCount(len(self.rows))
        for index, row in enumerate(self.rows):
            for column, item in enumerate(self._cells(row)):
                item.setData(ORDER_ROLE, index)
                table.setItem(index, column, item)
        header.setSortIndicator(by if 0 <= by < table.columnCount() else 0, order)
        table.setSortingEnabled(True)  # sorts by the indicator
        self._fit_columns()
        self._say_count()
        self._show_details()

    def _cells(self, row: BattleRow) -> list[_Cell]:
        attacker, defender = self._side(row.attacker), self._side(row.defender)
        sides = f"{attacker} vs {defender}" if row.meeting else f"{attacker} attacked {defender}"
        if row.kind in _VERBS:  # OC30, OM14: the operational rules' ambushes and overruns
            sides = f"{attacker} {_VERBS[row.kind]} {defender}"
        turn = _number(row.turn)
        turn.setData(TURN_ROLE, (row.turn, row.tick))
        region = self.world.regions.get(row.region)
        place = _Cell(region.name if region is not None else row.region)
        place.setToolTip(f"{place.text()} ({row.region})")
        kind = "a meeting engagement" if row.meeting else "an attack"
        kind = _KINDS.get(row.kind, kind)
        rounds = f"{row.rounds} round{'s' if row.rounds != 1 else ''}"
        fight = _Cell(sides)
        fight.setToolTip(f"{sides}: {kind}, {rounds}" if row.rounds else f"{sides}: {kind}")
        winner = _Cell(self._side(row.winner) if row.winner else "no winner")
        if row.winner in self.side_colours:
            winner.setForeground(QColor(self.side_colours[row.winner]).darker(140))
        lost = [_number(row.lost.get(side, 0)) for side in self.sides]
        return [turn, _number(row.tick), place, fight, winner, *lost]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Place and Sides share the room left by the other columns where there is some;
        where there is none (Kharkov's long side names in a 380-pixel dock), every column
        keeps its contents' width and the table scrolls sideways: stretched into no room,
        place and sides read "c…" and "…"."""
        table, header = self.table, self.table.horizontalHeader()
        needed = sum(
            max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
            for c in range(table.columnCount())
        )
        room = table.viewport().width() >= needed
        mode = QHeaderView.ResizeMode.Stretch if room else QHeaderView.ResizeMode.ResizeToContents
        for column in (2, 3):
            if header.sectionResizeMode(column) != mode:
                header.setSectionResizeMode(column, mode)

    def _side(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "")

    def _say_count(self) -> None:
        count = len(self.rows)
        if not count:
            self.caption.setText("No battles in this turn.")
        else:
            plural = "s" if count != 1 else ""
            self.caption.setText(
                f"{count} battle{plural}. Double-click a row, or press Enter, to watch it "
                "in the film."
            )

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.jump_requested.emit(*self.battle_at(index.row()))

    def _show_details(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        item = self.table.item(rows[0].row(), 0) if rows else None
        index = int(item.data(ORDER_ROLE)) if item is not None else -1
        row = self.rows[index] if 0 <= index < len(self.rows) else None
        html = battle_details(self.world, row, self.viewer) if row is not None else ""
        self.details.setHtml(html)
        self.details.setVisible(bool(html))

    def battle_at(self, row: int) -> tuple[int, int]:
        """The (turn, tick) of the battle shown in ``row`` (as sorted now)."""
        item = self.table.item(row, 0)
        assert item is not None
        turn, tick = item.data(TURN_ROLE)
        return int(turn), int(tick)


class _Cell(QTableWidgetItem):
    """A cell whose ties sort in the order the battles were fought (Qt leaves the order of
    equal cells to chance): sorted by turn, each turn's battles come in their order."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine = self.data(Qt.ItemDataRole.DisplayRole)
        theirs = other.data(Qt.ItemDataRole.DisplayRole)
        if mine == theirs:
            return int(self.data(ORDER_ROLE) or 0) < int(other.data(ORDER_ROLE) or 0)
        if isinstance(mine, int) and isinstance(theirs, int):
            return mine < theirs
        return str(mine).casefold() < str(theirs).casefold()


def _number(value: int) -> _Cell:
    """A cell that sorts as a number (2 before 10) and reads aligned to the right."""
    item = _Cell()
    item.setData(Qt.ItemDataRole.DisplayRole, int(value))
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item
