"""One side's force in the battle odds calculator: a list of units of the scenario and of unit
types with a count, which the designer adds to and takes from."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from engine.lab.forces import MOST_UNITS
from schemas.scenario import Scenario

UNIT, TYPE = "unit", "type"


@dataclass
class Entry:
    """A row of a force: a unit or leader of the scenario (``kind`` unit) or ``count`` fresh
    units of a unit type (``kind`` type)."""

    kind: str
    id: str
    count: int = 1


def force_text(entries: list[Entry]) -> str:
    """The force as ``engine.lab.forces.what_if`` reads it (``id,type*3``)."""
    return ",".join(e.id if e.kind == UNIT else f"{e.id}*{e.count}" for e in entries)


class ForceList(QGroupBox):
    """A side's force: its rows, and a chooser to add a unit or a unit type."""

    changed = Signal()

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.entries: list[Entry] = []
        self.names: dict[tuple[str, str], str] = {}
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["unit", "count"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumHeight(120)
        layout.addWidget(self.table, 1)
        adding = QHBoxLayout()
        self.chooser = QComboBox()
        self.chooser.setToolTip(
            "A unit of the scenario (at its starting strength), or a unit type (fresh units "
            "at full strength, as many as the count)"
        )
        self.count = QSpinBox()
        self.count.setRange(1, MOST_UNITS)
        self.count.setToolTip("How many units of a type to add")
        self.add_button = QPushButton("Add")
        self.add_button.clicked.connect(self.add_chosen)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected rows out of the force")
        self.remove_button.clicked.connect(self.remove_selected)
        layout.addWidget(self.chooser)
        adding.addWidget(self.count)
        adding.addWidget(self.add_button)
        adding.addStretch(1)
        adding.addWidget(self.remove_button)
        layout.addLayout(adding)

    def set_choices(self, scenario: Scenario, side: str | None) -> None:
        """Offer the unit types, then the units and leaders of ``side``."""
        nation_side = {n.id: n.side for n in scenario.nations}
        self.chooser.clear()
        self.names = {}
        for kind in scenario.unit_types:
            self.names[(TYPE, kind.id)] = kind.name
            self.chooser.addItem(f"{kind.name} (type)", (TYPE, kind.id))
        own = [u for u in scenario.units if nation_side.get(u.nation) == side]
        leaders = [x for x in scenario.leaders if nation_side.get(x.nation) == side]
        types = {t.id: t.name for t in scenario.unit_types}
        for unit in own:
            label = unit.name or f"{types.get(unit.type, unit.type)} {unit.id}"
            self.names[(UNIT, unit.id)] = label
            self.chooser.addItem(f"{label} — {unit.id}", (UNIT, unit.id))
        for leader in leaders:
            self.names[(UNIT, leader.id)] = f"{leader.name} (leader)"
            self.chooser.addItem(f"{leader.name} (leader) — {leader.id}", (UNIT, leader.id))

    def set_entries(self, entries: list[Entry]) -> None:
        self.entries = [Entry(e.kind, e.id, e.count) for e in entries]
        self._fill()

    def add(self, kind: str, item_id: str, count: int = 1) -> None:
        """Add a unit (once only) or ``count`` units of a type (to its row if it has one)."""
        for entry in self.entries:
            if entry.kind == kind and entry.id == item_id:
                if kind == UNIT:
                    return
                entry.count = min(MOST_UNITS, entry.count + count)
                break
        else:
            self.entries.append(Entry(kind, item_id, count if kind == TYPE else 1))
        self._fill()
        self.changed.emit()

    def add_chosen(self) -> None:
        data = self.chooser.currentData()
        if data is not None:
            self.add(data[0], data[1], self.count.value())

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        if not rows:
            return
        for row in rows:
            del self.entries[row]
        self._fill()
        self.changed.emit()

    def text(self) -> str:
        return force_text(self.entries)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.entries))
        for row, entry in enumerate(self.entries):
            name = self.names.get((entry.kind, entry.id), entry.id)
            self.table.setItem(row, 0, QTableWidgetItem(name))
            if entry.kind == TYPE:
                spin = QSpinBox()
                spin.setRange(1, MOST_UNITS)
                spin.setValue(entry.count)
                spin.valueChanged.connect(lambda value, e=entry: self._recount(e, value))
                self.table.setCellWidget(row, 1, spin)
            else:
                self.table.removeCellWidget(row, 1)
                self.table.setItem(row, 1, QTableWidgetItem("1"))

    def _recount(self, entry: Entry, value: int) -> None:
        entry.count = value
        self.changed.emit()
