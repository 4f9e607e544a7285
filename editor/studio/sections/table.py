"""A spreadsheet over a list section of the scenario (terrain, unit types, units...).

Modders retune a scenario by editing tables, so this behaves like a spreadsheet: type over a
cell, pick from a list, tick a box, copy a block of cells and paste it elsewhere (as
tab-separated text, so it goes to and from real spreadsheets), sort by a column, filter rows.
Every cell edit and every paste is one undoable document edit; a value the format refuses is
not written and the reason shows under the table. Selecting rows selects those entities in
the document (and so on the map and in the inspector), and the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel, filter_box, tool_button
from editor.studio.document import ScenarioDocument, Selection
from editor.studio.forms.defaults import default_model
from editor.studio.forms.field_types import is_color
from editor.studio.naming import new_id
from editor.studio.panels.inspector import document_choices, entity_type
from editor.studio.sections.cell_editors import CellDelegate
from editor.studio.sections.columns import Column, columns_for
from editor.studio.sections.table_model import EntityFilter, EntityTableModel

ROW_HEIGHT = 22
NEW_COLOUR = "#808080"

SHEET_ACTIONS: tuple[tuple[str, str, QKeySequence.StandardKey | None], ...] = (
    ("Copy", "copy", QKeySequence.StandardKey.Copy),
    ("Paste", "paste", QKeySequence.StandardKey.Paste),
    ("Add row", "add_row", None),
    ("Duplicate rows", "duplicate_rows", None),
    ("Delete rows", "delete_rows", QKeySequence.StandardKey.Delete),
)
"""The table's context menu: text, method, keys (the shortcuts dialog lists them too)."""

SHEET_KEYS: tuple[tuple[str, str], ...] = (
    ("Type, F2 or Enter", "Edit the current cell (typing replaces its value)"),
    ("Enter / Escape", "Keep / drop the value being typed"),
    ("Tab, arrows", "Move to the next cell"),
    ("Space", "Tick or untick a box; open a colour"),
)
"""Keys a spreadsheet handles besides its actions (Qt's own, and the colour cells')."""


class SheetView(QTableView):
    """The table itself: spreadsheet keys (copy, paste, delete) go to the owning table."""

    def __init__(self, owner: EntityTable) -> None:
        super().__init__()
        self.owner = owner

    def _own_key(self, event: Any) -> bool:
        if self.state() == QAbstractItemView.State.EditingState:
            return False
        return (
            event.matches(QKeySequence.StandardKey.Copy)
            or event.matches(QKeySequence.StandardKey.Paste)
            or event.key() == Qt.Key.Key_Delete
        )

    def event(self, event: QEvent) -> bool:
        # Claim these keys before any window-wide shortcut (the map's Delete, the window's
        # Copy) sees them, as text boxes do, while the table has the focus.
        if event.type() == QEvent.Type.ShortcutOverride and self._own_key(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: Any) -> None:
        if not self._own_key(event):
            super().keyPressEvent(event)
        elif event.matches(QKeySequence.StandardKey.Copy):
            self.owner.copy()
        elif event.matches(QKeySequence.StandardKey.Paste):
            self.owner.paste()
        else:
            self.owner.delete_rows()

    def focusInEvent(self, event: Any) -> None:
        super().focusInEvent(event)
        self.owner.announce_selection()


class EntityTable(QWidget):
    """A spreadsheet of one list section: a row per entity, a column per plain field."""

    def __init__(
        self,
        document: ScenarioDocument,
        section: str,
        columns: Iterable[str | Column] | None = None,
        *,
        titles: Mapping[str, str] | None = None,
        movable: bool = False,
    ) -> None:
        super().__init__()
        self.document, self.section = document, section
        self.model_class = entity_type(section)
        self.columns = columns_for(self.model_class, document, columns)
        for column in self.columns:
            column.title = (titles or {}).get(column.key, column.title)
        self.model = EntityTableModel(document, section, self.columns)
        self.proxy = EntityFilter(self.model)
        self._syncing = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        bar = QHBoxLayout()
        bar.setSpacing(2)
        self.filter = filter_box("Filter rows…", self._filter_changed)
        self.filter.setToolTip("Show only the rows with this text in any column")
        bar.addWidget(self.filter, 1)
        self.count = QLabel()
        self.count.setStyleSheet("color: #666;")
        bar.addWidget(self.count)
        noun = section.replace("_", " ")
        self.add_button = tool_button("Add", f"Add a row to {noun}", flat=True)
        self.duplicate_button = tool_button("Duplicate", "Duplicate the selected rows", flat=True)
        self.delete_button = tool_button(
            "Delete", "Delete the selected rows and drop references to them (Del)", flat=True
        )
        self.up_button = tool_button("↑", "Move the selected rows up", flat=True)
        self.down_button = tool_button("↓", "Move the selected rows down", flat=True)
        self.add_button.clicked.connect(self.add_row)
        self.duplicate_button.clicked.connect(self.duplicate_rows)
        self.delete_button.clicked.connect(self.delete_rows)
        self.up_button.clicked.connect(lambda: self.move_rows(-1))
        self.down_button.clicked.connect(lambda: self.move_rows(1))
        buttons = [self.add_button, self.duplicate_button, self.delete_button]
        if movable:
            buttons += [self.up_button, self.down_button]
        for button in buttons:
            bar.addWidget(button)
        layout.addLayout(bar)
        self.view = SheetView(self)
        self._setup_view()
        self.body = QSplitter(Qt.Orientation.Vertical)
        """The table and whatever a subclass shows under it (a form for nested fields)."""
        self.body.setChildrenCollapsible(False)
        self.body.addWidget(self.view)
        layout.addWidget(self.body, 1)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.model.refused.connect(self.show_message)
        self.model.applied.connect(self.message.hide)
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset):
            signal.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        document.selectionChanged.connect(self._follow_document)
        self._update_count()
        # Opened while some of its entities are selected (on the map, in the explorer): show
        # them, so the designer lands where they were.
        self._follow_document(document.selection)

    def _setup_view(self) -> None:
        view = self.view
        view.setModel(self.proxy)
        view.setItemDelegate(CellDelegate(view))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        header = view.horizontalHeader()
        header.setSectionsMovable(True)
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)
        header.setSortIndicatorClearable(True)
        view.resizeColumnsToContents()
        for col in range(header.count()):
            header.resizeSection(col, min(max(header.sectionSize(col), 44), 220))
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        view.selectionModel().selectionChanged.connect(self._selection_changed)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for text, name, keys in SHEET_ACTIONS:
            slot = getattr(self, name)
            action = QAction(text, view)
            if keys is not None:
                # Shown in the menu only: the view handles these keys itself.
                action.setShortcut(QKeySequence(keys))
                action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.triggered.connect(slot)
            view.addAction(action)

    # -- rows and ids --------------------------------------------------------------------------

    def source_row(self, proxy_row: int) -> int:
        return self.proxy.mapToSource(self.proxy.index(proxy_row, 0)).row()

    def selected_ids(self) -> list[str]:
        """Ids of the rows holding a selected cell, in the order shown."""
        rows = sorted({index.row() for index in self.view.selectionModel().selectedIndexes()})
        return [self.model.id_at(self.source_row(row)) for row in rows]

    def select_ids(self, ids: Sequence[str]) -> None:
        """Select whole rows for these ids and bring the first into view."""
        selection = QItemSelection()
        last = self.proxy.columnCount() - 1
        first: QModelIndex | None = None
        for entity_id in ids:
            row = self.model.row_of(entity_id)
            if row < 0:
                continue
            left = self.proxy.mapFromSource(self.model.index(row, 0))
            if not left.isValid():
                continue
            selection.select(left, self.proxy.index(left.row(), last))
            first = first or left
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
        self.view.selectionModel().select(selection, flags)
        if first is not None:
            self.view.selectionModel().setCurrentIndex(
                first, QItemSelectionModel.SelectionFlag.NoUpdate
            )
            self.view.scrollTo(first)

    def set_row_filter(self, predicate: Any) -> None:
        """Show only the entities for which ``predicate(entity)`` holds (``None``: all)."""
        self.proxy.set_predicate(predicate)
        self._update_count()

    # -- selection, both ways ----------------------------------------------------------------

    def _selection_changed(self, *_args: Any) -> None:
        if not self._syncing:
            self.announce_selection()
        self.rows_selected(self.selected_ids())

    def rows_selected(self, ids: list[str]) -> None:
        """Called when the table's selection changes; subclasses show the rows' details."""

    def announce_selection(self) -> None:
        """Make the table's rows the document's selection (the map and inspector follow)."""
        ids = self.selected_ids()
        # An empty table selection clears the document's only when it was this table's.
        if ids or self.document.selection.section == self.section:
            self.document.select(self.section, ids)

    def _follow_document(self, selection: Selection) -> None:
        # Another section's selection leaves this table's rows alone: a designer picking a
        # nation keeps the side they were looking at.
        if selection.section != self.section or self._syncing:
            return
        if list(selection.ids) == self.selected_ids():
            return
        self._syncing = True
        try:
            self.select_ids(selection.ids)
        finally:
            self._syncing = False

    # -- adding, duplicating, deleting, moving ------------------------------------------------

    def new_entity(self) -> BaseModel:
        """The entity "Add" creates: the plainest valid one, with a fresh id."""
        stem = self.section.rstrip("s").replace("_", "-")
        entity_id = new_id(self.document, self.section, f"new-{stem}")
        given: dict[str, Any] = {"id": entity_id}
        if "name" in self.model_class.model_fields:
            given["name"] = "New " + stem.replace("-", " ")
        for name, info in self.model_class.model_fields.items():
            if info.is_required() and is_color(list(info.metadata)):
                given[name] = NEW_COLOUR  # a neutral grey the designer recolours
        return default_model(self.model_class, document_choices(self.document), **given)

    def _insert_position(self) -> int | None:
        ids = self.selected_ids()
        if not ids:
            return None
        return max(self.model.row_of(i) for i in ids) + 1

    def add_row(self) -> None:
        """Add a row after the selected ones and open its name for typing, as spreadsheets
        do: the designer types the name right after Add."""
        try:
            entity = self.new_entity()
        except ValueError as error:
            self.show_message(f"Cannot add: {error}")
            return
        self.document.add(self.section, entity, self._insert_position())
        self.document.select(self.section, [entity.id])
        self.edit_cell(entity.id)

    def edit_cell(self, entity_id: str, key: str | None = None) -> None:
        """Put a row's cell in edit mode (its name, else its first editable text cell),
        showing the row even when the filter would hide it."""
        column = self._typing_column(key)
        row = self.model.row_of(entity_id)
        if column is None or row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, column))
        if not index.isValid() and self.filter.text():
            self.filter.clear()  # a new row the filter hides would take the typing unseen
            index = self.proxy.mapFromSource(self.model.index(row, column))
        if not index.isValid():
            return
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self.view.edit(index)

    def _typing_column(self, key: str | None) -> int | None:
        keys = [key] if key else ["name", "title", *(c.key for c in self.columns)]
        for wanted in keys:
            for number, column in enumerate(self.columns):
                if column.key == wanted and column.editable and column.kind == "text":
                    return number
        return None

    def duplicate_rows(self) -> None:
        ids = self.selected_ids()
        if not ids:
            return
        copies = []
        with self.document.macro(f"Duplicate {len(ids)} {self.section.replace('_', ' ')}"):
            for entity_id in ids:
                entity = self.document.get(self.section, entity_id)
                copy_id = new_id(self.document, self.section, entity_id)
                data = {**entity.model_dump(by_alias=True, exclude_unset=False), "id": copy_id}
                copy = type(entity).model_validate(data)
                self.document.add(self.section, copy, self.model.row_of(entity_id) + 1)
                copies.append(copy_id)
        self.document.select(self.section, copies)

    def delete_rows(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.document.delete(self.section, ids)

    def move_rows(self, step: int) -> None:
        """Move the selected rows one place up or down the list (its order is the file's)."""
        ids = self.selected_ids()
        if not ids or self.proxy.sortColumn() >= 0:
            if self.proxy.sortColumn() >= 0:
                self.show_message("Clear the sort (click the header again) to reorder rows.")
            return
        rows = sorted(self.model.row_of(i) for i in ids)
        count = self.model.rowCount()
        if (step < 0 and rows[0] == 0) or (step > 0 and rows[-1] == count - 1):
            return
        with self.document.macro(f"Move {len(ids)} {self.section.replace('_', ' ')}"):
            for row in rows if step < 0 else reversed(rows):
                entity = self.model.entity(row)
                self.document.remove(self.section, [entity.id])
                self.document.add(self.section, entity, row + step)
        self.document.select(self.section, ids)
        self.select_ids(ids)

    # -- copy and paste -----------------------------------------------------------------------

    def copy(self) -> None:
        """The selected cells as tab-separated text (the rectangle around them)."""
        indexes = self.view.selectionModel().selectedIndexes()
        if not indexes:
            return
        rows = sorted({i.row() for i in indexes})
        cols = sorted({i.column() for i in indexes}, key=self._visual)
        chosen = {(i.row(), i.column()) for i in indexes}
        lines = []
        for row in rows:
            cells = []
            for col in cols:
                if (row, col) not in chosen:
                    cells.append("")
                    continue
                source = self.proxy.mapToSource(self.proxy.index(row, col))
                column = self.columns[col]
                cells.append(column.text(column.value(self.model.entity(source.row()))))
            lines.append("\t".join(cells))
        QGuiApplication.clipboard().setText("\n".join(lines))

    def _visual(self, logical: int) -> int:
        return self.view.horizontalHeader().visualIndex(logical)

    def paste(self) -> None:
        """Paste tab-separated text at the current cell, as one undoable edit.

        A single value pasted over several selected cells fills them all, as spreadsheets do.
        Cells that would fall past the last row or column are left out.
        """
        text = QGuiApplication.clipboard().text().rstrip("\n")
        indexes = self.view.selectionModel().selectedIndexes()
        if not text or not indexes:
            return
        block = [line.split("\t") for line in text.split("\n")]
        header = self.view.horizontalHeader()
        cells: list[tuple[int, int, Any]] = []
        if len(block) == 1 and len(block[0]) == 1 and len(indexes) > 1:
            targets = [(i.row(), i.column()) for i in indexes]
            cells = [self._cell(row, col, block[0][0]) for row, col in targets]
        else:
            top = min(i.row() for i in indexes)
            left = min(self._visual(i.column()) for i in indexes)
            for r, line in enumerate(block):
                for c, value in enumerate(line):
                    row, visual = top + r, left + c
                    if row < self.proxy.rowCount() and visual < header.count():
                        cells.append(self._cell(row, header.logicalIndex(visual), value))
        self.model.apply(cells)

    def _cell(self, proxy_row: int, col: int, value: str) -> tuple[int, int, str]:
        return (self.source_row(proxy_row), col, value)

    # -- messages ----------------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        self.message.say(text)

    def _filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self._update_count()

    def _update_count(self, *_args: Any) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count.setText(f"{total}" if shown == total else f"{shown} of {total}")
