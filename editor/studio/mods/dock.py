"""The Mods dock: the stack in load order, the edit target, conflicts and stale operations.

The stack is a list the designer reorders by dragging and whose check boxes switch mods on
and off; the last row is the mod being edited (it cannot be switched off or dragged: edits go
into it, and it always applies last). Every change of the stack is one undoable step of the
document. Conflicts show both mods' values side by side; stale operations of the edit target
can be dropped or re-based on the scenario's current value, and any row jumps to its entity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel, tool_button
from editor.studio.mods.details import ModDetailsDialog
from editor.studio.mods.dock_lists import ConflictList, StaleList, fit_rows
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.live import LiveMods, LiveView
from editor.studio.mods.opening import choose_mods
from editor.studio.mods.reading import read_mod_sources
from editor.studio.mods.stack import StackEntry, StackError, new_mod

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

KEY = Qt.ItemDataRole.UserRole


def swatch(colour: str, size: int = 12) -> QIcon:
    """A small square of a mod's colour."""
    picture = QPixmap(size, size)
    picture.fill(QColor(colour))
    return QIcon(picture)


class ModsPanel(QWidget):
    """The dock's content for one document."""

    goTo = Signal(str, object, object)
    """Section, entity id (``None`` for a single section) and field keys to show."""
    marksToggled = Signal(bool)

    def __init__(self, window: StudioWindow, document: ModdedDocument, live: LiveMods) -> None:
        super().__init__()
        self.setObjectName("mods-panel")
        self.window_ = window
        self.document = document
        self.live = live
        self._filling = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.base_label = QLabel()
        self.base_label.setWordWrap(True)
        layout.addWidget(self.base_label)
        self.list = QListWidget()
        self.list.setObjectName("mod-stack")
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.setToolTip(
            "Mods apply from the top down: drag to change the order, untick to switch a mod "
            "off. The last one (✎) is the mod being edited."
        )
        self.list.itemChanged.connect(self._item_changed)
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        # After the drop is done: the list is rebuilt from the new stack.
        self.list.model().rowsMoved.connect(lambda *_: QTimer.singleShot(0, self._dropped))
        layout.addWidget(self.list)
        row = QHBoxLayout()
        row.setSpacing(2)
        self.add_button = self._button(row, "Add…", "Add mods below the one being edited")
        self.remove_button = self._button(row, "Remove", "Take the selected mod out of the stack")
        self.edit_button = self._button(
            row, "Edit this mod", "Make the selected mod the one edits go into"
        )
        self.new_button = self._button(row, "New…", "Start a new mod on top of the stack")
        row.addStretch(1)
        layout.addLayout(row)
        self.add_button.clicked.connect(self.add_mods)
        self.remove_button.clicked.connect(self.remove_selected)
        self.edit_button.clicked.connect(self.edit_selected)
        self.new_button.clicked.connect(self.start_new)
        self.target_label = QLabel()
        self.target_label.setObjectName("mod-target")
        self.target_label.setWordWrap(True)
        self.target_label.setTextFormat(Qt.TextFormat.RichText)
        self.target_label.linkActivated.connect(lambda _link: self.edit_details())
        self.target_label.setToolTip("Details… changes its name, id, version and author")
        layout.addWidget(self.target_label)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.problems = QLabel()
        self.problems.setObjectName("mod-problems")
        self.problems.setWordWrap(True)
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.problems.setStyleSheet("color: #8a4b00;")
        layout.addWidget(self.problems)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("mod-lists")
        self.tabs.setDocumentMode(True)
        self.conflicts = ConflictList(self)
        self.stale = StaleList(self)
        self.tabs.addTab(self.conflicts, "Conflicts")
        self.tabs.addTab(self.stale, "Stale operations")
        self.marks = QCheckBox("Marks")
        self.marks.setToolTip("Mark what the mods change on the map and in the inspector")
        self.marks.setChecked(True)
        self.marks.toggled.connect(self.marksToggled)
        self.tabs.setCornerWidget(self.marks)
        layout.addWidget(self.tabs, 1)
        for view in (self.conflicts, self.stale):
            view.goTo.connect(self.goTo)
        self.stale.drop.connect(self._drop_stale)
        self.stale.rebase.connect(self._rebase_stale)
        self.stale.editOwner.connect(self._edit_owner)
        document.stackChanged.connect(self.refresh)
        document.pathChanged.connect(lambda _path: self.refresh())
        document.undo_stack.cleanChanged.connect(lambda _clean: self._show_target())
        live.updated.connect(self.show_view)
        live.failed.connect(self._live_failed)
        self.refresh()
        if live.current is not None:
            self.show_view(live.current)

    def _button(self, row: QHBoxLayout, text: str, tip: str) -> QToolButton:
        button = tool_button(text, tip)
        row.addWidget(button)
        return button

    # -- the stack -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the stack as the document has it now."""
        document = self.document
        base = document.base.path.name if document.base.path else "the scenario"
        self.base_label.setText(f"Mods on <b>{base}</b>, in load order (a later mod wins):")
        self.base_label.setToolTip(
            f"{document.base.path or base}: {document.base.scenario.info.title}\nThe base "
            "scenario is never written: Save writes the mod being edited."
        )
        self._filling = True
        current = self.selected_key()
        self.list.clear()
        target = document.target
        for entry in document.entries:
            item = QListWidgetItem(swatch(entry.colour), self._row_text(entry))
            item.setData(KEY, entry.key)
            item.setToolTip(self._row_tip(entry))
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
            if entry is target:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            else:
                flags |= Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsDragEnabled
            item.setFlags(flags)
            if entry is not target:
                state = Qt.CheckState.Checked if entry.enabled else Qt.CheckState.Unchecked
                item.setCheckState(state)
            else:
                item.setData(Qt.ItemDataRole.CheckStateRole, None)
            if not entry.enabled:
                item.setForeground(QColor("#888"))
            self.list.addItem(item)
            if entry.key == current:
                self.list.setCurrentItem(item)
        self._filling = False
        fit_rows(self.list, self.list.count(), most=6)
        self._show_target()
        self._update_buttons()

    def _row_text(self, entry: StackEntry) -> str:
        count = len(entry.mod.operations)
        if entry is self.document.target and self.live.current is not None:
            count = len(self.live.current.derived.mod.operations)
        head = f"✎ {entry.title}" if entry is self.document.target else entry.title
        tail = "  (off)" if not entry.enabled else ""
        tail += "  (package)" if not entry.writable else ""
        return f"{head} · {count} op{'s' if count != 1 else ''}{tail}"

    def _row_tip(self, entry: StackEntry) -> str:
        path = self.document.paths.get(entry.key)
        count = len(entry.mod.operations)
        lines = [entry.title, f"id {entry.mod.id}, version {entry.mod.version}, {count} operations"]
        if entry.mod.author:
            lines.append(f"by {entry.mod.author}")
        lines.append(str(path) if path else entry.source if "!" in entry.source else "not saved")
        if entry.mod.description:
            lines.append(entry.mod.description)
        if entry is self.document.target:
            lines.append("Edits go into this mod; it always applies last.")
        return "\n".join(lines)

    def _show_target(self) -> None:
        document = self.document
        target = document.target
        where = document.path.name if document.path else "not saved yet: Save asks where"
        state = " (unsaved changes)" if document.modified else ""
        colour = target.colour
        self.target_label.setText(
            f"<span style='color:{colour}'>■</span> Edits go into <b>{target.title}</b>"
            f" ({where}){state}; the base is never written. <a href='details'>Details…</a>"
        )

    def selected_key(self) -> int | None:
        item = self.list.currentItem()
        return int(item.data(KEY)) if item is not None else None

    def selected(self) -> StackEntry | None:
        key = self.selected_key()
        return self.document.state.entry(key) if key is not None else None

    def select_key(self, key: int) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(KEY) == key:
                self.list.setCurrentRow(row)

    def _update_buttons(self) -> None:
        entry = self.selected()
        other = entry is not None and entry is not self.document.target
        self.remove_button.setEnabled(other)
        self.edit_button.setEnabled(other and entry is not None and entry.writable)

    def _item_changed(self, item: QListWidgetItem) -> None:
        if self._filling:
            return
        entry = self.document.state.entry(int(item.data(KEY)))
        if entry is None or entry is self.document.target:
            return
        on = item.checkState() == Qt.CheckState.Checked
        if on != entry.enabled:
            self._run(lambda: self.document.set_enabled(entry.key, on))

    def _dropped(self) -> None:
        if self._filling or self.list.count() != len(self.document.entries):
            return
        keys = [int(self.list.item(row).data(KEY)) for row in range(self.list.count())]
        target = self.document.target.key
        if keys[-1] != target:
            self.window_.show_message(
                "The mod being edited always applies last; the others keep their new order."
            )
        if not self._run(lambda: self.document.reorder(keys)):
            self.refresh()

    def _run(self, step: object) -> bool:
        """Run a stack change; a stack that cannot be applied is said, not raised."""
        self.message.hide()
        # Applying the stack again takes a moment on a big map.
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            done = bool(step())  # type: ignore[operator]
        except (StackError, ValueError) as error:
            self.message.say(f"Not changed: {error}")
            self.refresh()
            return False
        finally:
            QApplication.restoreOverrideCursor()
        return done

    # -- buttons ---------------------------------------------------------------------------------

    def add_mods(self) -> None:
        sources = choose_mods(self.window_, self.document.base.folder)
        if not sources:
            return
        mods, problems = read_mod_sources(sources, self.document.base.folder)
        if problems:
            self.message.say("Not added:\n" + "\n".join(problems[:8]))
            return
        items = [(m.mod, m.source, m.file, m.writable) for m in mods]
        self._run(lambda: self.document.add_mods(items))

    def remove_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self._run(lambda: self.document.remove_mod(entry.key))

    def _saved_first(self, doing: str) -> bool:
        """Only the mod being edited is saved: offer to save it before it stops being
        edited; ``False`` if the designer cancels."""
        document = self.document
        if not document.modified:
            return True
        answer = QMessageBox.question(
            self.window_,
            "Save the mod first?",
            f"Only the mod being edited is saved. Save “{document.target.title}” before {doing}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        return answer == QMessageBox.StandardButton.Save and self.window_.files.save()

    def edit_selected(self) -> None:
        entry = self.selected()
        if entry is None or entry is self.document.target:
            return
        if self._saved_first(f"editing “{entry.title}”"):
            self._run(lambda: self.document.make_target(entry.key))

    def _edit_owner(self, key: int) -> None:
        self.select_key(key)
        self.edit_selected()

    def start_new(self) -> None:
        base = self.document.base
        mod = new_mod(base, f"{base.id}-mod", f"My mod of {base.scenario.info.title}")
        dialog = ModDetailsDialog(self.window_, "New mod", mod)

        def chosen(details: dict[str, object]) -> None:
            if self._saved_first("starting a new mod"):
                made = new_mod(base, str(details.pop("id")), str(details.pop("name")), **details)
                self._run(lambda: self.document.start_mod(made))

        dialog.chosen.connect(chosen)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.details_dialog = dialog
        dialog.open()

    def edit_details(self) -> None:
        dialog = ModDetailsDialog(self.window_, "Details of the mod", self.document.target.mod)
        dialog.chosen.connect(
            lambda details: self._run(lambda: self.document.set_details(**details))
        )
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.details_dialog = dialog
        dialog.open()

    # -- what the live view says -----------------------------------------------------------------

    def show_view(self, view: LiveView) -> None:
        scenario = view.derived.scenario
        result = view.derived.result
        self.conflicts.show_conflicts(view.state, scenario, result.conflicts)
        self.stale.show_stale(view.state, scenario, result.stale, self.document)
        self.tabs.setTabText(0, f"Conflicts ({len(result.conflicts)})")
        self.tabs.setTabText(1, f"Stale operations ({len(result.stale)})")
        problems = [
            f"⚠ {(view.state.entry_at(i.mod) or view.state.target).title}: {i.issue.message}"
            for i in result.issues
            if i.mod is not None and i.is_error
        ]
        changed = [
            (view.state.entry_at(i.mod) or view.state.target).title
            for i in result.issues
            if i.mod is not None and i.issue.code in ("mod-base-changed", "mod-base-other")
        ]
        if changed:
            names = ", ".join(f"“{n}”" for n in changed)
            problems.append(
                f"⚠ The base scenario changed since {names} "
                f"{'was' if len(changed) == 1 else 'were'} made: see Stale operations."
            )
        self.problems.setText("\n".join(problems))
        self.problems.setVisible(bool(problems))
        for row in range(self.list.count()):
            item = self.list.item(row)
            entry = self.document.state.entry(int(item.data(KEY)))
            if entry is not None:
                self._filling = True
                item.setText(self._row_text(entry))
                self._filling = False

    def _live_failed(self, problem: str) -> None:
        self.message.say(f"The edits cannot be made into a mod yet: {problem}")

    def _drop_stale(self, stale: object) -> None:
        self._run(lambda: self.document.drop_stale(stale))  # type: ignore[arg-type]

    def _rebase_stale(self, stale: object) -> None:
        self._run(lambda: self.document.rebase_stale(stale))  # type: ignore[arg-type]
