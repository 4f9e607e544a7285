"""The Changes dock: a comparison of the scenario with its saved file or another file, one
row per entity in the diff's sentences; a click selects the entity and zooms the map to it.
"Revert this change" (a button, or the row's context menu) takes one row, or one field of
it, back to what the other side holds, as one undoable step.

The list follows the edits: after a change it is compared again (a moment later, so typing
is not slowed), unless comparing took long, in which case it says it is out of date and
offers to refresh.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.commands.diff import StudioWording
from editor.studio.document import LIST_SECTIONS, SINGLE_SECTIONS, Change
from schemas.diff.records import EntityChange, FieldChange, ScenarioDiff
from schemas.diff.report import diff_scenarios, subject

if TYPE_CHECKING:
    from editor.studio.changes import Other
    from editor.studio.window import StudioWindow

DATA = Qt.ItemDataRole.UserRole
REVERTED = Qt.ItemDataRole.UserRole + 1
QUICK = 0.25
"""Comparisons quicker than this (seconds) are made again after each edit."""
KIND_MARKS = {"added": "+", "removed": "\u2212", "renamed": "↻", "changed": "●", "moved": "↕"}


def where(change: EntityChange) -> tuple[str | None, str | None]:
    """The document section and entity a row selects (``None``: nothing to select)."""
    section = change.section
    if "/" in section:
        return section.split("/", 1)[0], None
    if section in SINGLE_SECTIONS:
        return section, None
    if section in LIST_SECTIONS and change.kind != "removed":
        return section, change.id
    return None, None


class ChangesPanel(QWidget):
    """What differs between the document and another version of it."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__()
        self.setObjectName("changes-panel")
        self.window_ = window
        self.document = window.document
        self.other: Other | None = None
        self.reload: Callable[[], Other] | None = None
        self.diff: ScenarioDiff | None = None
        self.context_menu: QMenu | None = None
        self.took = 0.0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel()
        self.summary.setObjectName("changes-summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setObjectName("changes-list")
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setWordWrap(True)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.tree.currentItemChanged.connect(lambda *_: self._update_revert_one())
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        layout.addWidget(self.tree, 1)
        row = QHBoxLayout()
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.clicked.connect(self.refresh)
        self.revert_button = QPushButton("Revert to saved…")
        self.revert_button.setToolTip("Throw away these changes (can be undone)")
        self.revert_button.clicked.connect(self._revert)
        self.revert_one_button = QPushButton("Revert this change")
        self.revert_one_button.setObjectName("revert-one")
        self.revert_one_button.clicked.connect(self.revert_current)
        row.addWidget(self.refresh_button)
        row.addWidget(self.revert_one_button)
        row.addWidget(self.revert_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.stale_note = QLabel("The scenario changed since: Refresh compares it again.")
        self.stale_note.setStyleSheet("color: #8a4b00;")
        self.stale_note.hide()
        layout.addWidget(self.stale_note)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(400)
        self._timer.timeout.connect(self.refresh)
        if self.document is not None:
            self.document.changed.connect(self._document_changed)
            self.document.undo_stack.cleanChanged.connect(self._clean_changed)

    def compare(self, other: Other, reload: Callable[[], Other] | None) -> None:
        """Compare the document with ``other`` (``reload`` reads it again after a save)."""
        self.other, self.reload = other, reload
        self.refresh()

    def refresh(self) -> None:
        document = self.document
        if document is None or self.other is None:
            return
        self._timer.stop()
        started = time.perf_counter()
        self.diff = diff_scenarios(self.other.scenario, document.scenario, StudioWording())
        self.took = time.perf_counter() - started
        self.stale_note.hide()
        self._fill(self.diff)

    def _fill(self, diff: ScenarioDiff) -> None:
        assert self.other is not None
        self.tree.clear()
        counts = ", ".join(f"{n} {kind}" for kind, n in diff.summary().items() if n)
        label = self.other.label
        if diff.empty:
            self.summary.setText(f"No differences from {label}.")
        else:
            self.summary.setText(f"Compared with {label}: {counts}. Click a row to show it.")
        italic = QFont(self.tree.font())
        italic.setItalic(True)
        for index, change in enumerate(diff.changes):
            mark = KIND_MARKS.get(change.kind, "•")
            item = QTreeWidgetItem([f"{mark} {change.text}"])
            item.setData(0, DATA, index)
            section, _entity = where(change)
            if section is None:
                item.setFont(0, italic)
                item.setForeground(0, QColor("#777"))
                item.setToolTip(0, f"{change.text}\n(not in the scenario now)")
            else:
                item.setToolTip(0, change.text)
            if len(change.fields) > 1:
                for field in change.fields:
                    child = QTreeWidgetItem([field.text])
                    child.setData(0, DATA, index)
                    child.setToolTip(0, field.text)
                    item.addChild(child)
            self.tree.addTopLevelItem(item)
        self.revert_button.setVisible(self.other.saved and not diff.empty)
        self._update_revert_one()

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        if self.diff is None or self.document is None:
            return
        change = self.diff.changes[int(item.data(0, DATA))]
        section, entity = where(change)
        if section is None:
            self.window_.show_message(f"{change.name} is not in the scenario now.")
            return
        focus: tuple[str, ...] = ()
        if item.parent() is not None:
            index = item.parent().indexOfChild(item)
            path = change.fields[index].path
            if path.startswith("/"):
                focus = tuple(path.split("/")[1:2])
        self.document.select(section, [entity] if entity else [], focus=focus)
        if entity is not None:
            self.window_.zoom_to_entity(section, entity)

    # -- reverting one change ----------------------------------------------------------------

    def _revert_words(self) -> tuple[str, str]:
        """The button's words and its tooltip, for the saved file or another file."""
        assert self.other is not None
        if self.other.saved:
            return "Revert this change", "Take the selected change back to the saved version"
        return (
            f"Take from {self.other.label}",
            f"Make the selected entity or field as {self.other.label} has it",
        )

    def _chosen(self, item: QTreeWidgetItem | None) -> tuple[EntityChange, FieldChange | None]:
        assert self.diff is not None and item is not None
        change = self.diff.changes[int(item.data(0, DATA))]
        parent = item.parent()
        if parent is None:
            return change, None
        return change, change.fields[parent.indexOfChild(item)]

    def _update_revert_one(self) -> None:
        item = self.tree.currentItem()
        usable = self.other is not None and self.diff is not None and not self.diff.empty
        self.revert_one_button.setVisible(usable)
        if not usable:
            return
        words, tip = self._revert_words()
        self.revert_one_button.setText(words)
        self.revert_one_button.setToolTip(tip)
        done = item is not None and item.data(0, REVERTED) is True
        self.revert_one_button.setEnabled(item is not None and not done)

    def _context_menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        if item is None or self.other is None:
            return
        self.tree.setCurrentItem(item)
        if self.context_menu is not None:
            self.context_menu.deleteLater()
        menu = QMenu(self)
        self.context_menu = menu  # for tests, which click it with real input
        words, tip = self._revert_words()
        action = menu.addAction(words, self.revert_current)
        action.setToolTip(tip)
        action.setEnabled(item.data(0, REVERTED) is not True)
        menu.addAction("Show it", self._show_current)
        # popup, not exec: no nested event loop, so the list keeps following the document.
        menu.popup(self.tree.viewport().mapToGlobal(point))

    def _show_current(self) -> None:
        item = self.tree.currentItem()
        if item is not None:
            self._clicked(item)

    def revert_current(self) -> None:
        """Take the current row (an entity, or one of its fields) back to the other side."""
        from editor.studio.changes_revert import CannotRevert, revert_change, revert_field

        item = self.tree.currentItem()
        if item is None or self.other is None or self.diff is None or self.document is None:
            return
        change, field = self._chosen(item)
        try:
            if field is None:
                revert_change(self.document, self.other.scenario, change)
            else:
                revert_field(self.document, self.other.scenario, change, field)
        except CannotRevert as error:
            QMessageBox.warning(self, "Not reverted", f"{change.text}\n\n{error}")
            return
        what = subject(change.section, change.name)
        what = what if field is None else f"{what}, {field.label},"
        done = "as saved again" if self.other.saved else f"taken from {self.other.label}"
        self.window_.show_message(f"{what} {done} (Edit ▸ Undo brings the change back).")
        if not self._timer.isActive():  # a slow comparison: strike the row until Refresh
            for row in [item, *(item.child(i) for i in range(item.childCount()))]:
                row.setData(0, REVERTED, True)
                font = row.font(0)
                font.setStrikeOut(True)
                row.setFont(0, font)
            self._update_revert_one()

    def _document_changed(self, _change: Change) -> None:
        if self.other is None:
            return
        if self.took < QUICK:
            self._timer.start()
        else:
            self.stale_note.show()

    def _clean_changed(self, clean: bool) -> None:
        # Saved: the saved file is new; compare with it again.
        if clean and self.reload is not None and self.other is not None and self.other.saved:
            try:
                self.other = self.reload()
            except Exception:  # the file went away: keep the old comparison
                return
            self.refresh()

    def _revert(self) -> None:
        from editor.studio.changes import revert

        revert(self.window_)
