"""The spreadsheet of a rules table: a :class:`GridModel` in a table view, with the keys and
the copy and paste of the studio's other spreadsheets.

Type over a cell (or F2, Enter), tick a box, copy a block of cells as tab-separated text and
paste it here or into a real spreadsheet, and back. A value the format refuses is not written
and the reason shows under the grid; every edit and every paste is one undo step. List tables
(terrain effects, hexside features) add and delete rows; other actions (the results table's
odds columns) come from the grid's spec.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel, set_muted, tool_button
from editor.studio.document import ScenarioDocument
from editor.studio.sections.cell_editors import CellDelegate
from editor.studio.sections.grid_model import GridModel, GridSpec, Path
from editor.studio.sections.table import ROW_HEIGHT, SheetView

GridAction = tuple[str, str, Callable[["GridEditor"], None]]
"""A button over a grid: its text, its tooltip, what it does."""


class GridEditor(QWidget):
    """One rules table as a spreadsheet."""

    def __init__(self, document: ScenarioDocument, spec: GridSpec, *, fill: bool = False) -> None:
        """``fill``: the grid takes the height it is given (alone on its page); otherwise it
        is as tall as its rows, so that several stack on one scrolling page."""
        super().__init__()
        self.document, self.spec, self.fill = document, spec, fill
        self.setObjectName(f"grid-{spec.key}")
        self.model = GridModel(document, spec)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        bar = QHBoxLayout()
        bar.setSpacing(2)
        self.heading = QLabel(spec.title)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        bar.addWidget(self.heading, 1)
        self.buttons: dict[str, QWidget] = {}
        actions: list[GridAction] = list(spec.extra.get("actions", []))
        if spec.new_row is not None:
            actions = [
                ("Add row", f"Add a {spec.noun}", GridEditor.add_row),
                ("Delete rows", "Delete the selected rows (Del)", GridEditor.delete_rows),
                *actions,
            ]
        for text, tip, slot in actions:
            button = tool_button(text, tip, flat=True)
            button.clicked.connect(lambda _=False, s=slot: s(self))
            bar.addWidget(button)
            self.buttons[text] = button
        layout.addLayout(bar)
        if spec.about:
            about = QLabel(spec.about)
            about.setWordWrap(True)
            set_muted(about)
            layout.addWidget(about)
        self.view = SheetView(self)  # type: ignore[arg-type]
        self._setup_view()
        layout.addWidget(self.view, 1)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.model.refused.connect(self.message.say)
        self.model.applied.connect(self.message.hide)
        self.model.modelReset.connect(self._fit)

    def _setup_view(self) -> None:
        view = self.view
        view.setObjectName(f"grid-view-{self.spec.key}")
        view.setModel(self.model)
        view.setItemDelegate(CellDelegate(view))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = view.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        entries: list[tuple[str, Callable[[], None], QKeySequence.StandardKey | None]] = [
            ("Copy", self.copy, QKeySequence.StandardKey.Copy),
            ("Paste", self.paste, QKeySequence.StandardKey.Paste),
        ]
        if self.spec.new_row is not None:
            entries += [("Add row", self.add_row, None), ("Delete rows", self.delete_rows, None)]
        for text, slot, keys in entries:
            action = QAction(text, view)
            if keys is not None:
                # Shown in the menu only: the view handles these keys itself.
                action.setShortcut(QKeySequence(keys))
                action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.triggered.connect(slot)
            view.addAction(action)
        self._fit()

    def _fit(self) -> None:
        """Columns wide enough for their titles and values; a short table takes only its
        height, so several grids stack on one page."""
        view = self.view
        view.resizeColumnsToContents()
        header = view.horizontalHeader()
        for col in range(header.count()):
            header.resizeSection(col, min(max(header.sectionSize(col), 48), 200))
        rows = self.model.rowCount()
        bar = view.horizontalScrollBar().sizeHint().height()
        height = header.sizeHint().height() + rows * ROW_HEIGHT + 2 * view.frameWidth() + bar
        if not self.fill:
            view.setMinimumHeight(height)
            view.setMaximumHeight(height)
            view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    # -- what SheetView asks of its owner ------------------------------------------------------

    def announce_selection(self) -> None:
        """Cells of a rules table are not entities: the document's selection stays."""

    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.view.selectionModel().selectedIndexes()})

    def select_cell(self, row: int, col: int) -> None:
        index = self.model.index(row, col)
        if not index.isValid():
            return
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
        self.view.selectionModel().setCurrentIndex(index, flags)
        self.view.scrollTo(index)

    def locate(self, path: Path) -> bool:
        """Show the cell at ``path`` (in the section); ``False`` when it is not here."""
        found = self.model.locate(path)
        if found is None:
            return False
        self.select_cell(*found)
        return True

    # -- rows -------------------------------------------------------------------------------------

    def add_row(self) -> None:
        make = self.spec.new_row
        if make is None:
            return
        try:
            row = make(self.document)
        except ValueError as error:
            self.message.say(str(error))
            return
        table = list(self.model.table() or [])
        if self.model.replace_table([*table, row], f"Add a {self.spec.noun}"):
            self.select_cell(len(table), 0)

    def delete_rows(self) -> None:
        rows = self.selected_rows()
        if self.spec.new_row is None:
            self.clear_cells()
            return
        if not rows:
            return
        table = [row for number, row in enumerate(self.model.table() or []) if number not in rows]
        noun = self.spec.noun if len(rows) == 1 else f"{len(rows)} {self.spec.noun}s"
        self.model.replace_table(table, f"Delete {noun}")

    def clear_cells(self) -> None:
        """Del in a table of fixed rows empties the cells that may be empty (an impassable
        cost), as a spreadsheet would; other cells keep their values."""
        cells = []
        for index in self.view.selectionModel().selectedIndexes():
            if self.model.cell_column(index.row(), index.column()).optional:
                cells.append((index.row(), index.column(), None))
        if cells:
            self.model.apply(cells, f"Clear {len(cells)} cells of {self.spec.title.lower()}")

    # -- copy and paste ---------------------------------------------------------------------------

    def copy(self) -> None:
        """The selected cells as tab-separated text (the rectangle around them)."""
        indexes = self.view.selectionModel().selectedIndexes()
        if not indexes:
            return
        rows = sorted({i.row() for i in indexes})
        cols = sorted({i.column() for i in indexes})
        chosen = {(i.row(), i.column()) for i in indexes}
        lines = [
            "\t".join(self.model.cell_text(r, c) if (r, c) in chosen else "" for c in cols)
            for r in rows
        ]
        QGuiApplication.clipboard().setText("\n".join(lines))

    def paste(self) -> None:
        """Paste tab-separated text at the current cell, as one undoable edit.

        A single value pasted over several selected cells fills them all; cells falling past
        the last row or column are left out (and said so).
        """
        text = QGuiApplication.clipboard().text().replace("\r\n", "\n").rstrip("\n")
        indexes = self.view.selectionModel().selectedIndexes()
        if not text or not indexes:
            return
        block = [line.split("\t") for line in text.split("\n")]
        cells: list[tuple[int, int, Any]] = []
        left_out = 0
        if len(block) == 1 and len(block[0]) == 1 and len(indexes) > 1:
            cells = [(i.row(), i.column(), block[0][0]) for i in indexes]
        else:
            top = min(i.row() for i in indexes)
            left = min(i.column() for i in indexes)
            for r, line in enumerate(block):
                for c, value in enumerate(line):
                    row, col = top + r, left + c
                    if row < self.model.rowCount() and col < self.model.columnCount():
                        cells.append((row, col, value))
                    else:
                        left_out += 1
        if self.model.apply(cells) and left_out:
            self.message.say(f"{left_out} pasted cells fell outside the table and were left out.")
        if cells:
            rows = [r for r, _, _ in cells]
            cols = [c for _, c, _ in cells]
            selection = QItemSelection(
                self.model.index(min(rows), min(cols)), self.model.index(max(rows), max(cols))
            )
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.view.selectionModel().select(selection, flags)
