"""File > Open with mods: a base scenario, the mods in load order, and what edits go into."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel
from editor.studio.mods.opening import check_base, choose_base, choose_mods, is_mod_file

SOURCE = Qt.ItemDataRole.UserRole


class OpenWithModsDialog(QDialog):
    """Asks for a base scenario and a stack of mods; ``chosen`` carries them on Open."""

    chosen = Signal(object, object, object, bool)
    """The base path, the sources in load order, their switches, and whether to start a
    new mod on top."""

    def __init__(self, window: QWidget, base: Path | None, sources: list[str]) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle("Open with mods")
        self.setObjectName("open-with-mods")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Base scenario (never changed: edits go into a mod)"))
        row = QHBoxLayout()
        self.base = QLineEdit(str(base) if base else "")
        self.base.setPlaceholderText("the scenario the mods change")
        self.base.setMinimumWidth(420)
        row.addWidget(self.base, 1)
        choose = QPushButton("Choose…")
        choose.clicked.connect(self._choose_base)
        row.addWidget(choose)
        layout.addLayout(row)
        layout.addWidget(QLabel("Mods in load order (a later mod wins where two disagree)"))
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setMinimumHeight(140)
        row.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        for text, slot in (
            ("Add…", self._add),
            ("Remove", self._remove),
            ("Up", lambda: self._move(-1)),
            ("Down", lambda: self._move(1)),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row)
        self.edit_last = QRadioButton("Edit the last mod of the list")
        self.start_new = QRadioButton("Start a new mod on top of them")
        layout.addWidget(self.edit_last)
        layout.addWidget(self.start_new)
        self.wants_new = False
        """The designer chose to start a new mod (not just the only choice left)."""
        self.start_new.clicked.connect(lambda: setattr(self, "wants_new", True))
        self.edit_last.clicked.connect(lambda: setattr(self, "wants_new", False))
        self.message = MessageLabel()
        layout.addWidget(self.message)
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        box.accepted.connect(self._open)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        for source in sources:
            self.add_source(source)
        self.list.model().rowsInserted.connect(lambda *_: self._update())
        self.list.model().rowsRemoved.connect(lambda *_: self._update())
        self.list.model().rowsMoved.connect(lambda *_: self._update())
        self._update()

    def add_source(self, source: str) -> None:
        item = QListWidgetItem(Path(source).name if "!" not in source else source)
        item.setToolTip(source)
        item.setData(SOURCE, source)
        flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
        item.setFlags(flags & ~Qt.ItemFlag.ItemIsDropEnabled)
        item.setCheckState(Qt.CheckState.Checked)
        self.list.addItem(item)
        self._update()

    def sources(self) -> list[str]:
        return [self.list.item(i).data(SOURCE) for i in range(self.list.count())]

    def _update(self) -> None:
        sources = self.sources()
        editable = bool(sources) and is_mod_file(Path(sources[-1]))
        self.edit_last.setEnabled(editable)
        if editable:
            self.edit_last.setText(f"Edit the last mod of the list ({Path(sources[-1]).name})")
        else:
            self.edit_last.setText("Edit the last mod of the list (it must be a mod file)")
        if not editable or self.wants_new:
            self.start_new.setChecked(True)
        else:
            self.edit_last.setChecked(True)

    def _choose_base(self) -> None:
        path = choose_base(self.window_)  # type: ignore[arg-type]
        if path is not None:
            self.base.setText(str(path))

    def _add(self) -> None:
        base = Path(self.base.text()).parent if self.base.text() else None
        for source in choose_mods(self.window_, base):  # type: ignore[arg-type]
            self.add_source(source)

    def _remove(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))
        self._update()

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)
        self._update()

    def _open(self) -> None:
        text = self.base.text().strip()
        if not text:
            self.message.say("Choose the base scenario first.")
            return
        base = Path(text)
        problem = check_base(base) if base.is_file() else f"{base}: no such file"
        if problem:
            self.message.say(problem)
            return
        switches = {
            self.list.item(i).data(SOURCE): self.list.item(i).checkState() == Qt.CheckState.Checked
            for i in range(self.list.count())
        }
        self.accept()
        self.chosen.emit(base, self.sources(), switches, self.start_new.isChecked())
