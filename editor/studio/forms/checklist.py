"""Several values out of a known set: card phases, unit roles, the rounds an effect lasts.

Typing words into a text box invites typos that ticks cannot make, so the checklist only ever
offers what the format accepts (the values of a ``Literal``, or the choices its owner gives,
such as the regions of the map for an area's members). A short set shows as checkable chips,
which take a line of a form; a long one as a list with a filter and All/None buttons, which
keeps hundreds of values usable. Lists of entity ids use :class:`.pickers.IdListEditor`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import filter_box, tool_button
from editor.studio.forms.chips import FlowLayout, chip
from editor.studio.forms.fields import ValueEditor

CHIPS_UP_TO = 10
"""Sets this small show as chips; larger ones as a list, so a form does not fill with chips."""

FILTER_FROM = 12
"""Lists at least this long get a filter box and All/None; shorter ones fit at a glance."""

VISIBLE_ROWS = 7
"""Rows shown before the list scrolls, so a form holding several lists stays compact."""

_VALUE_ROLE = Qt.ItemDataRole.UserRole


class ChecklistEditor(ValueEditor):
    """Checkable values; ``value()`` is the ticked ones, always in the order of the choices.

    Keeping the choices' order (the format's order for a ``Literal``) means a file does not
    change when the same values are ticked in another order. Values the choices do not hold
    (a value a newer format dropped, a region since deleted) stay shown and ticked, marked
    missing, so the designer sees them and can untick them.
    """

    def __init__(
        self,
        choices: list[str] | None = None,
        *,
        rows: int | None = VISIBLE_ROWS,
        chips: bool = True,
    ) -> None:
        super().__init__()
        self.rows = rows
        """Rows the list shows before scrolling; ``None`` lets it fill the room it is given."""
        self.allow_chips = chips
        """Whether a short set may show as chips (a panel listing regions wants the list)."""
        self._choices: list[str] = list(choices or [])
        self._labels: dict[str, str] = {}
        self._value: list[str] = []
        self._shown: tuple[Any, ...] | None = None
        self._updating = False
        self.chips: dict[str, QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.chip_box = QWidget()
        self.flow = FlowLayout(self.chip_box)
        layout.addWidget(self.chip_box)
        self.list_box = QWidget()
        layout.addWidget(self.list_box, 1)
        self._build_list(self.list_box)
        self._sync()

    def _build_list(self, holder: QWidget) -> None:
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        top = QHBoxLayout()
        top.setSpacing(2)
        self.filter = filter_box("Filter…", self._apply_filter)
        top.addWidget(self.filter, 1)
        self.count = QLabel()
        self.count.setStyleSheet("color: #666;")
        top.addWidget(self.count)
        self.all = tool_button("All", "Tick every value shown", flat=True)
        self.none = tool_button("None", "Untick every value shown", flat=True)
        self.all.clicked.connect(lambda: self._tick_shown(True))
        self.none.clicked.connect(lambda: self._tick_shown(False))
        top.addWidget(self.all)
        top.addWidget(self.none)
        layout.addLayout(top)
        self.list = QListWidget()
        self.list.setUniformItemSizes(True)
        self.list.itemChanged.connect(self._item_changed)
        layout.addWidget(self.list, 1)

    # -- the ValueEditor interface ---------------------------------------------------------------

    def value(self) -> list[str]:
        return list(self._value)

    def set_value(self, value: Any) -> None:
        self._value = [str(v) for v in value or []]
        self._sync()

    def set_choices(self, choices: list[str]) -> None:
        if choices != self._choices:
            self._choices = list(choices)
            self._sync()

    def set_labels(self, labels: dict[str, str]) -> None:
        """Text shown for each value (a name, where it stands); the value itself is the tip."""
        self._labels = dict(labels)
        self._sync()

    @property
    def chipped(self) -> bool:
        """Whether the values show as chips (else as a list)."""
        return self.allow_chips and len(self._rows()) <= CHIPS_UP_TO

    def tick(self, value: str, ticked: bool = True) -> None:
        """Tick or untick a value as the user would (one edit)."""
        wanted = (set(self._value) | {value}) if ticked else (set(self._value) - {value})
        self._commit([v for v in self._rows() if v in wanted])

    # -- showing ---------------------------------------------------------------------------------

    def _label(self, value: str) -> str:
        if value not in self._choices:
            return f"{value} (missing)"
        return self._labels.get(value, value.replace("_", " "))  # as the file spells it

    def _rows(self) -> list[str]:
        return [*(v for v in self._value if v not in self._choices), *self._choices]

    def _sync(self) -> None:
        """Show the current value, rebuilding the rows only when the set or its labels
        changed: forms set their values after every document edit."""
        rows = self._rows()
        shape = (self.chipped, tuple(rows), tuple(self._label(v) for v in rows))
        if shape != self._shown:
            self._shown = shape
            self._rebuild(rows)
        ticked = set(self._value)
        self._updating = True
        for value, button in self.chips.items():
            button.setChecked(value in ticked)
        for row in range(self.list.count()):
            item = self.list.item(row)
            state = item.data(_VALUE_ROLE) in ticked
            item.setCheckState(Qt.CheckState.Checked if state else Qt.CheckState.Unchecked)
        self._updating = False
        self._apply_filter(self.filter.text())

    def _rebuild(self, rows: list[str]) -> None:
        chipped = self.chipped
        self.chip_box.setVisible(chipped)
        self.list_box.setVisible(not chipped)
        self.flow.clear()
        self.chips = {}
        current = self.list.currentItem()
        current = current.data(_VALUE_ROLE) if current is not None else None
        keep: QListWidgetItem | None = None
        self._updating = True
        self.list.clear()
        if chipped:
            for value in rows:
                missing = value not in self._choices
                tip = "No longer one of the choices: untick it" if missing else ""
                button = chip(self._label(value), tip, True, missing)
                button.toggled.connect(lambda on, v=value: self.tick(v, on))
                self.flow.addWidget(button)
                self.chips[value] = button
            self._updating = False
            return
        for value in rows:
            item = QListWidgetItem(self._label(value))
            if value == current:
                keep = item
            item.setData(_VALUE_ROLE, value)
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsUserCheckable
            )
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        if keep is not None:  # the keyboard's place survives new labels (an area renamed)
            self.list.setCurrentItem(keep)
        self._updating = False
        long_list = len(rows) >= FILTER_FROM
        for widget in (self.filter, self.all, self.none):
            widget.setVisible(long_list)
        if self.rows is not None:
            shown = max(2, min(len(rows), self.rows))
            hint = self.list.sizeHintForRow(0) if rows else -1
            row_height = hint if hint > 0 else self.fontMetrics().height() + 4
            self.list.setFixedHeight(shown * row_height + 2 * self.list.frameWidth() + 2)

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for row in range(self.list.count()):
            item = self.list.item(row)
            value = str(item.data(_VALUE_ROLE))
            shown = not needle or needle in item.text().lower() or needle in value
            item.setHidden(not shown)
        self.count.setText(f"{len(self._value)} of {len(self._choices)}")

    # -- editing ---------------------------------------------------------------------------------

    def _item_changed(self, item: QListWidgetItem) -> None:
        if not self._updating:
            self.tick(item.data(_VALUE_ROLE), item.checkState() == Qt.CheckState.Checked)

    def _tick_shown(self, ticked: bool) -> None:
        shown = {
            self.list.item(r).data(_VALUE_ROLE)
            for r in range(self.list.count())
            if not self.list.item(r).isHidden()
        }
        kept = set(self._value) - shown
        wanted = kept | shown if ticked else kept
        self._commit([v for v in self._rows() if v in wanted])

    def _commit(self, new: list[str]) -> None:
        if self._updating or new == self._value:
            return
        self._value = new
        self._sync()
        self.edited.emit(list(new))
