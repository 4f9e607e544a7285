"""The two lists of the Mods dock: conflicts (both mods' values side by side) and stale
operations (with what can be done about each)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.document import LIST_SECTIONS
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.stack import StackState, can_rebase, op_index
from editor.studio.mods.words import conflict_cells, stale_problem, stale_words
from schemas.mods.records import Conflict, Stale
from schemas.scenario import Scenario

DATA = Qt.ItemDataRole.UserRole


def _document_target(section: str, entity: str | None, path: str) -> tuple[str, Any, Any]:
    """Where the document shows a mod's target: nested lists (``victory/sudden_death``)
    are edited with their section."""
    if "/" in section:
        owner, field = section.split("/", 1)
        return owner, None, (field,)
    keys: tuple[str, ...] = ()
    if path and not path.startswith("#"):
        keys = tuple(part for part in path.split("/")[1:])
    return section, entity, keys


def fit_rows(view: QAbstractItemView, rows: int, most: int = 7) -> None:
    """Make a list as tall as its rows (up to ``most``, then it scrolls), so short lists
    leave the dock's room to the others."""
    row = view.sizeHintForRow(0) if rows else 0
    row = max(row, view.fontMetrics().height() + 6)
    header = getattr(view, "header", None)
    extra = header().sizeHint().height() if header is not None and not header().isHidden() else 0
    height = extra + row * max(1, min(rows, most)) + 2 * view.frameWidth() + 2
    view.setFixedHeight(height)
    view.setVisible(rows > 0)


def _tree(name: str, columns: list[str]) -> QTreeWidget:
    tree = QTreeWidget()
    tree.setObjectName(name)
    tree.setColumnCount(len(columns))
    tree.setHeaderLabels(columns)
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setWordWrap(False)
    tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    header = tree.header()
    header.setStretchLastSection(False)
    for column in range(len(columns)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
    return tree


class ConflictList(QWidget):
    """Two mods changing the same thing: what, the earlier mod's value, the later one's."""

    goTo = Signal(str, object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.tree = _tree("mod-conflicts", ["Earlier mod", "Later mod (applies)"])
        self.tree.setUniformRowHeights(False)
        self.tree.setIndentation(8)
        # Each conflict's values always show under it (a double click goes to it instead).
        self.tree.setItemsExpandable(False)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemDoubleClicked.connect(self._activated)
        layout.addWidget(self.tree)
        self.conflicts: list[Conflict] = []

    def show_conflicts(
        self, state: StackState, scenario: Scenario, conflicts: list[Conflict]
    ) -> None:
        from editor.studio.mods.dock import swatch

        self.conflicts = list(conflicts)
        self.tree.clear()
        count = len(conflicts)
        self.title.setText(
            "Two mods change the same thing; the later one applies. Double-click to show it."
            if count
            else "No two mods change the same thing."
        )
        for index, conflict in enumerate(conflicts):
            what, earlier, later = conflict_cells(scenario, conflict)
            first, second = state.entry_of(conflict.earlier), state.entry_of(conflict.later)
            left = f"{first.title if first else conflict.earlier.mod_id}\n{earlier}"
            right = f"{second.title if second else conflict.later.mod_id}\n{later}"
            right += " (the same)" if conflict.agree else " ✓"
            parent = QTreeWidgetItem([what])
            parent.setToolTip(0, f"{what}\n\n{conflict.message}")
            parent.setData(0, DATA, index)
            bold = parent.font(0)
            bold.setBold(True)
            parent.setFont(0, bold)
            self.tree.addTopLevelItem(parent)
            parent.setFirstColumnSpanned(True)
            values = QTreeWidgetItem([left, right])
            values.setData(0, DATA, index)
            if first is not None:
                values.setIcon(0, swatch(first.colour))
            if second is not None:
                values.setIcon(1, swatch(second.colour))
            values.setToolTip(0, f"{left}\n\n{conflict.message}")
            values.setToolTip(1, f"{right}\n\n{conflict.message}")
            parent.addChild(values)
        self.tree.expandAll()

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        conflict = self.conflicts[int(item.data(0, DATA))]
        self.goTo.emit(*_document_target(conflict.section, conflict.id, conflict.path))


class StaleList(QWidget):
    """Operations the base no longer fits, with Drop, Re-base and Go to."""

    goTo = Signal(str, object, object)
    drop = Signal(object)
    rebase = Signal(object)
    editOwner = Signal(int)
    """The entry key of a lower mod whose stale operation the designer wants to resolve."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.tree = _tree("mod-stale", ["Operation"])
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(False)
        self.tree.currentItemChanged.connect(lambda *_: self._update())
        self.tree.itemDoubleClicked.connect(lambda *_: self._go())
        layout.addWidget(self.tree)
        self.actions = QWidget()
        row = QHBoxLayout(self.actions)
        row.setContentsMargins(0, 0, 0, 0)
        self.drop_button = QPushButton("Drop")
        self.drop_button.setToolTip("Take the operation out of the mod (its change goes with it)")
        self.rebase_button = QPushButton("Re-base")
        self.rebase_button.setToolTip(
            "Keep the mod's value and expect the scenario's current value from now on"
        )
        self.go_button = QPushButton("Go to")
        self.go_button.setToolTip("Select what the operation is about and show it on the map")
        self.owner_button = QPushButton("Edit that mod")
        self.owner_button.setToolTip("Make the mod this operation belongs to the one edited")
        for button in (self.drop_button, self.rebase_button, self.go_button, self.owner_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addWidget(self.actions)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        set_muted(self.hint)
        layout.addWidget(self.hint)
        self.drop_button.clicked.connect(lambda: self._emit(self.drop))
        self.rebase_button.clicked.connect(lambda: self._emit(self.rebase))
        self.go_button.clicked.connect(self._go)
        self.owner_button.clicked.connect(self._edit_owner)
        self.stale: list[Stale] = []
        self.state: StackState | None = None
        self.document: ModdedDocument | None = None

    def show_stale(
        self,
        state: StackState,
        scenario: Scenario,
        stale: list[Stale],
        document: ModdedDocument,
    ) -> None:
        from editor.studio.mods.dock import swatch

        current = self.current()
        self.state, self.document = state, document
        self.stale = list(stale)
        self.tree.clear()
        count = len(stale)
        self.title.setText(
            "The base changed since these were made."
            if count
            else "None: every operation fits the base scenario."
        )
        for index, record in enumerate(stale):
            entry = state.entry_of(record.op)
            owner = entry.title if entry is not None else record.op.mod_id
            what = f"{owner}: {stale_words(scenario, record)}"
            item = QTreeWidgetItem([f"{what}\n{stale_problem(scenario, record)}"])
            if entry is not None:
                item.setIcon(0, swatch(entry.colour))
            where = f"{record.op.source} {record.at or record.op.pointer}"
            item.setToolTip(0, f"{what}\n{record.message}\n\n{where}")
            item.setData(0, DATA, index)
            self.tree.addTopLevelItem(item)
            if current is not None and _same(current, record):
                self.tree.setCurrentItem(item)
        self.actions.setVisible(count > 0)
        self._update()

    def current(self) -> Stale | None:
        item = self.tree.currentItem()
        return self.stale[int(item.data(0, DATA))] if item is not None else None

    def _own(self, record: Stale) -> bool:
        return self.state is not None and record.op.mod == self.state.target_index

    def _update(self) -> None:
        record = self.current()
        own = record is not None and self._own(record)
        self.drop_button.setEnabled(own)
        self.rebase_button.setEnabled(own and record is not None and can_rebase(record))
        self.go_button.setEnabled(record is not None and self._exists(record))
        lower = record is not None and not own
        entry = self.state.entry_of(record.op) if record is not None and self.state else None
        self.owner_button.setVisible(lower)
        self.owner_button.setEnabled(lower and entry is not None and entry.writable)
        self.hint.setVisible(bool(self.stale))
        if record is None:
            self.hint.setText("Select an operation to resolve it.")
        elif own:
            self.hint.setText(
                "Drop takes the operation out of the mod being edited; Re-base keeps its "
                "value and accepts the scenario's current value as the one it changes."
                if can_rebase(record)
                else "Its target is gone: Drop takes the operation out of the mod. Until then "
                "it stays in the mod and is skipped."
            )
        else:
            owner = entry.title if entry is not None else record.op.mod_id
            self.hint.setText(
                f"This operation belongs to “{owner}”: only the mod being edited can be "
                "changed. Edit that mod to resolve it."
            )

    def _exists(self, record: Stale) -> bool:
        document = self.document
        if document is None:
            return False
        section, entity, _keys = _document_target(record.section, record.id, record.path)
        if entity is None:
            return getattr(document.scenario, section, None) is not None
        return section in LIST_SECTIONS and document.get(section, entity) is not None

    def _emit(self, signal: Any) -> None:
        record = self.current()
        if record is not None and self._own(record):
            signal.emit(record)

    def _go(self) -> None:
        record = self.current()
        if record is not None and self._exists(record):
            self.goTo.emit(*_document_target(record.section, record.id, record.path))

    def _edit_owner(self) -> None:
        record = self.current()
        entry = self.state.entry_of(record.op) if record is not None and self.state else None
        if entry is not None:
            self.editOwner.emit(entry.key)


def _same(a: Stale, b: Stale) -> bool:
    return (a.op.mod_id, op_index(a.op), a.code, a.path) == (
        b.op.mod_id,
        op_index(b.op),
        b.code,
        b.path,
    )
